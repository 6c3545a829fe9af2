import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { createSecretBox, deriveSecretBoxKey, SecretBoxError } from './secret-box.js';

const KEY = 'test-secret-key-0123456789abcdef0123456789';

describe('secret box (AES-256-GCM at rest)', () => {
  const box = createSecretBox(KEY);

  it('round-trips text, including non-ASCII and the empty string', () => {
    for (const text of ['whsec_abc', 'https://hooks.slack.com/services/T0/B0/xyz', 'ünïcødé ✓', '']) {
      expect(box.open(box.seal(text))).toBe(text);
    }
  });

  it('round-trips JSON values', () => {
    const value = { secret: 's3cret', nested: { list: [1, 2, 3] } };
    expect(box.openJson(box.sealJson(value))).toEqual(value);
  });

  it('never stores the plaintext and uses a fresh IV for every value', () => {
    const a = box.seal('same secret');
    const b = box.seal('same secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('same secret');
    expect(Buffer.from(a.split('.')[2], 'base64url').toString('utf8')).not.toContain('same');
  });

  it('has the versioned four-part form v1.iv.ciphertext.tag', () => {
    const parts = box.seal('x').split('.');
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe('v1');
    expect(Buffer.from(parts[1], 'base64url')).toHaveLength(12);
    expect(Buffer.from(parts[3], 'base64url')).toHaveLength(16);
  });

  it('refuses a value sealed under another key', () => {
    const other = createSecretBox('another-secret-key-0123456789abcdef012345');
    expect(() => other.open(box.seal('secret'))).toThrow(SecretBoxError);
  });

  it('refuses tampered ciphertext, IV or tag', () => {
    const [v, iv, ct, tag] = box.seal('a secret worth protecting').split('.');
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, 'base64url');
      buf[0] ^= 0x01;
      return buf.toString('base64url');
    };
    expect(() => box.open([v, iv, flip(ct), tag].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, flip(iv), ct, tag].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, iv, ct, flip(tag)].join('.'))).toThrow(SecretBoxError);
  });

  it('refuses text that is not a sealed value', () => {
    for (const bad of ['', 'plain', 'v2.a.b.c', 'v1.a.b', 'v1.AAAA.AAAA.AAAA']) {
      expect(() => box.open(bad)).toThrow(SecretBoxError);
    }
  });

  it('derives a stable 32-byte key per secret key, different for different secret keys', () => {
    expect(deriveSecretBoxKey(KEY)).toHaveLength(32);
    expect(deriveSecretBoxKey(KEY).equals(deriveSecretBoxKey(KEY))).toBe(true);
    expect(deriveSecretBoxKey(KEY).equals(deriveSecretBoxKey(`${KEY}x`))).toBe(false);
    expect(() => deriveSecretBoxKey('')).toThrow(SecretBoxError);
  });

  it('opens with a second box built from the same key (another process)', () => {
    expect(createSecretBox(KEY).open(box.seal('shared'))).toBe('shared');
  });

  describe('key objects made once (issue 35): the same bytes as the raw derived key', () => {
    const raw = deriveSecretBoxKey(KEY);

    it('opens a value sealed with the raw key bytes (values stored before), and its seals open with them', () => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', raw, iv, { authTagLength: 16 });
      const ct = Buffer.concat([cipher.update('stored before', 'utf8'), cipher.final()]);
      const sealed = ['v1', iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
      expect(box.open(sealed)).toBe('stored before');

      const [, ivText, ctText, tagText] = box.seal('sealed now').split('.');
      const decipher = createDecipheriv('aes-256-gcm', raw, Buffer.from(ivText, 'base64url'), { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(tagText, 'base64url'));
      expect(Buffer.concat([decipher.update(Buffer.from(ctText, 'base64url')), decipher.final()]).toString('utf8')).toBe('sealed now');
    });

    it('fingerprints as HMAC-SHA256 under the raw derived fingerprint key', () => {
      const fpKey = Buffer.from(hkdfSync('sha256', Buffer.from(KEY, 'utf8'), 'vigil/secret-box', 'fingerprints/hmac-sha256/v1', 32));
      expect(box.fingerprint('user:pass')).toBe(createHmac('sha256', fpKey).update('user:pass', 'utf8').digest().subarray(0, 16).toString('base64url'));
    });
  });
});


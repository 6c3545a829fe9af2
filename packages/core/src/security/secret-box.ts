import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets at rest (integration webhook secrets, chat webhook URLs, monitor URL
 * credentials and header values):
 * AES-256-GCM with a random 96-bit IV per value, under a 256-bit key derived from
 * VIGIL_SECRET_KEY with HKDF-SHA256. The sealed form is text:
 *
 *   v1.<base64url(iv)>.<base64url(ciphertext)>.<base64url(tag)>
 *
 * The version prefix leaves room for a later key or algorithm change. GCM authenticates the
 * value, so a sealed value that was tampered with, or sealed under another key, fails to open
 * (SecretBoxError) instead of yielding garbage.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** seal(JSON.stringify(value)). */
  sealJson(value: unknown): string;
  /** JSON.parse(open(sealed)). */
  openJson<T>(sealed: string): T;
  /**
   * A keyed hash of `text` (HMAC-SHA256 under a key of its own, 128 bits in base64url): equal
   * texts compare equal at rest without being readable (e.g. monitor URL credentials).
   */
  fingerprint(text: string): string;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed, public: HKDF's salt and info only separate this key from other uses of the same secret. */
const HKDF_SALT = 'vigil/secret-box';
const HKDF_INFO = 'integration-secrets/aes-256-gcm/v1';
const FINGERPRINT_INFO = 'fingerprints/hmac-sha256/v1';

/** The 32-byte AES key of a configured secret key (VIGIL_SECRET_KEY). */
export function deriveSecretBoxKey(secretKey: string): Buffer {
  if (!secretKey) throw new SecretBoxError('Secret key is empty');
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), HKDF_SALT, HKDF_INFO, 32));
}

/**
 * Boxes by secret key: a box holds nothing but its two derived keys, so one per key serves every
 * caller. Deriving them (two HKDF runs) on each call was a visible part of every write that
 * seals or opens a secret (issue 35). Bounded: past a few keys (tests make one per context) it
 * starts over.
 */
const boxes = new Map<string, SecretBox>();
const MAX_BOXES = 16;

/** The box of a configured secret key (VIGIL_SECRET_KEY); an empty key throws. */
export function createSecretBox(secretKey: string): SecretBox {
  let box = boxes.get(secretKey);
  if (!box) {
    box = newSecretBox(secretKey);
    if (boxes.size >= MAX_BOXES) boxes.clear();
    boxes.set(secretKey, box);
  }
  return box;
}

function newSecretBox(secretKey: string): SecretBox {
  // KeyObjects made once (issue 35): given a Buffer, createCipheriv / createDecipheriv / createHmac
  // make a key object of it on every call; on Node 24 a seal and an open took ~200 µs with the
  // Buffer against ~45 µs with a KeyObject of the same bytes (same output: the key is the same).
  const key = createSecretKey(deriveSecretBoxKey(secretKey));
  const fingerprintKey = createSecretKey(Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), HKDF_SALT, FINGERPRINT_INFO, 32)));
  const box: SecretBox = {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Not a sealed secret');
      const [, ivText, ctText, tagText] = parts;
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('Not a sealed secret');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ctText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('Sealed secret does not open: wrong key or tampered value');
      }
    },
    sealJson(value) {
      return box.seal(JSON.stringify(value));
    },
    openJson<T>(sealed: string): T {
      return JSON.parse(box.open(sealed)) as T;
    },
    fingerprint(text) {
      return createHmac('sha256', fingerprintKey).update(text, 'utf8').digest().subarray(0, 16).toString('base64url');
    },
  };
  return box;
}

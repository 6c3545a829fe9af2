import { createHash } from 'node:crypto';
import { generatePingToken, hashPingToken, looksLikePingToken } from './ping-token.js';

describe('ping tokens', () => {
  it('are 256 random bits, URL-safe, distinct, and recognisable', () => {
    const tokens = Array.from({ length: 50 }, generatePingToken);
    expect(new Set(tokens).size).toBe(50);
    for (const t of tokens) {
      expect(t).toMatch(/^hb_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t.slice(3), 'base64url')).toHaveLength(32);
      expect(looksLikePingToken(t)).toBe(true);
      expect(encodeURIComponent(t)).toBe(t);
    }
  });

  it('hash to a stable sha-256 hex digest that does not contain the token', () => {
    const t = generatePingToken();
    expect(hashPingToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPingToken(t)).toBe(hashPingToken(t));
    expect(hashPingToken(t)).not.toBe(hashPingToken(generatePingToken()));
    // The stored hashes of tokens issued before stay valid: a fixed token's digest, as written since the start.
    expect(hashPingToken('hb_' + 'A'.repeat(43))).toBe(createHash('sha256').update('hb_' + 'A'.repeat(43), 'utf8').digest('hex'));
  });

  it('refuse segments that cannot be tokens', () => {
    for (const s of ['', 'hb_', 'vgl_' + 'a'.repeat(43), 'hb_' + 'a'.repeat(42), 'hb_' + 'a'.repeat(44), 'hb_' + 'a'.repeat(42) + '%', 'start']) {
      expect(looksLikePingToken(s)).toBe(false);
    }
  });
});

import { hash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'hb_';

/** A new ping token: 256 random bits, base64url (URL-safe as a path segment), recognisable by its prefix. */
export function generatePingToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a ping token (as for API keys: a fast hash suffices for 256 random bits,
 * and every ping looks it up).
 */
export function hashPingToken(token: string): string {
  // One native call (no Hash object, as hashApiKeySecret): every ping hashes its token, and
  // createHash was a fifth of a ping handler's own CPU (issue 35).
  return hash('sha256', token, 'hex');
}

/** Whether a path segment can be a ping token at all (checked before any hashing or lookup). */
export function looksLikePingToken(segment: string): boolean {
  return /^hb_[A-Za-z0-9_-]{43}$/.test(segment);
}

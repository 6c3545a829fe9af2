import { hash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'vgl_';

/** A new API key secret: 256 random bits, base64url, with a recognisable prefix. */
export function generateApiKeySecret(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a secret. A fast hash is right here: the secret has 256 bits of entropy,
 * so there is nothing to brute-force, and every request looks it up.
 */
export function hashApiKeySecret(secret: string): string {
  // One native call (no Hash object): every keyed request hashes its key.
  return hash('sha256', secret, 'hex');
}

/** The first 8 characters of the secret, shown in listings (decisions §6). */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, 8);
}

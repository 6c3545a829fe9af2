import { AuthenticationError, ForbiddenError, hashApiKeySecret, keyWithAccount, type Context } from '@vigil/core';
import type { AuthInfo } from '../http/request-auth.js';
import { recordKeyUse } from './key-use.js';

/**
 * Reads the key of `Authorization: Bearer <key>`; null when the header is absent, not Bearer,
 * or Bearer with nothing after it ("API key required"). Whatever follows the scheme is the
 * key, so a malformed one (e.g. with spaces) is an "Invalid API key", not a missing one.
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  return token ? token : null;
}

/** The key with this hash and its account, in one round trip; null when there is none. */
export function findKey(ctx: Context, keyHash: string): Promise<AuthInfo | null> {
  return keyWithAccount(ctx.db, keyHash);
}

/**
 * The seed's authentication rules: unknown or revoked -> 401 Invalid API key; expired -> 401
 * API key expired; account deactivated -> 403 Account inactive (unless `allowInactive`: the
 * caller answers that 403 itself, after setting the rate-limit headers).
 */
export function checkKey(found: AuthInfo | null, now: Date, opts: { allowInactive?: boolean } = {}): AuthInfo {
  if (!found || found.apiKey.revokedAt) throw new AuthenticationError('Invalid API key');
  const { account, apiKey } = found;
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= now.getTime()) throw new AuthenticationError('API key expired');
  if (!account.isActive && !opts.allowInactive) throw new ForbiddenError('Account inactive');
  return found;
}

/**
 * Looks the key up by hash and applies checkKey, so revocation and deactivation take effect on
 * the next request. (Routes that require a key use the cached lookup of ApiKeyGate instead.)
 */
export async function authenticateKey(ctx: Context, token: string, ip: string, opts: { allowInactive?: boolean } = {}): Promise<AuthInfo> {
  const now = ctx.clock.now();
  const found = checkKey(await findKey(ctx, hashApiKeySecret(token)), now, opts);
  await recordKeyUse(ctx, found.apiKey, now, ip);
  return found;
}

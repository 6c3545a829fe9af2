import { Account, ApiKey, AuthenticationError, ForbiddenError, hashApiKeySecret, type Context } from '@vigil/core';
import type { AuthInfo } from '../http/request-auth.js';

/** Reads the key of `Authorization: Bearer <key>`; null when the header is absent or not Bearer. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header.trim());
  return match ? match[1] : null;
}

// last_used_at is written at most this often per key, so a busy key is not a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The seed's authentication rules: unknown or revoked -> 401 Invalid API key; expired -> 401
 * API key expired; account deactivated -> 403 Account inactive. Looked up by hash on every
 * request, so revocation and deactivation take effect on the next one.
 */
export async function authenticateKey(ctx: Context, token: string): Promise<AuthInfo> {
  const apiKey = await ctx.db.getRepository(ApiKey).findOneBy({ keyHash: hashApiKeySecret(token) });
  if (!apiKey || apiKey.revokedAt) throw new AuthenticationError('Invalid API key');
  const now = ctx.clock.now();
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= now.getTime()) throw new AuthenticationError('API key expired');
  const account = await ctx.db.getRepository(Account).findOneBy({ id: apiKey.accountId });
  if (!account) throw new AuthenticationError('Invalid API key');
  if (!account.isActive) throw new ForbiddenError('Account inactive');
  if (!apiKey.lastUsedAt || now.getTime() - apiKey.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    apiKey.lastUsedAt = now;
    await ctx.db.getRepository(ApiKey).update({ id: apiKey.id }, { lastUsedAt: now });
  }
  return { account, apiKey };
}

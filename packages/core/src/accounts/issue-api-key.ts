import type { EntityManager } from 'typeorm';
import { ApiKey } from '../db/entities/api-key.entity.js';
import { apiKeyPrefix, generateApiKeySecret, hashApiKeySecret } from '../security/api-key-secret.js';
import { FULL_ACCESS, type Scope } from './api-key-scopes.js';

/** Stores a new key (hash and prefix only) and returns the secret, which is never stored. */
export async function issueApiKey(
  m: EntityManager,
  accountId: number,
  opts: { name: string; expiresAt?: Date | null; scopes?: readonly Scope[] },
): Promise<{ key: ApiKey; secret: string }> {
  const secret = generateApiKeySecret();
  const repo = m.getRepository(ApiKey);
  const key = await repo.save(repo.create({
    accountId,
    name: opts.name,
    keyHash: hashApiKeySecret(secret),
    prefix: apiKeyPrefix(secret),
    expiresAt: opts.expiresAt ?? null,
    revokedAt: null,
    lastUsedAt: null,
    lastUsedIp: null,
    scopes: [...(opts.scopes ?? FULL_ACCESS)],
  }));
  return { key, secret };
}

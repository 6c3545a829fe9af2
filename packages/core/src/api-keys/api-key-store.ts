import { IsNull } from 'typeorm';
import type { EntityAccess } from '../db/entity-access.js';
import { ApiKey } from '../db/entities/api-key.entity.js';

/**
 * The store of API keys as the key endpoints read and revoke them (issue 30). Issuing is
 * accounts/issue-api-key, their use accounts/key-use-store.
 */

/** The account's key (null when missing or another account's). */
export function apiKeyOfAccount(em: EntityAccess, accountId: number, id: number): Promise<ApiKey | null> {
  return em.getRepository(ApiKey).findOneBy({ id, accountId });
}

/** Every key of the account, revoked ones too, oldest first. */
export function apiKeysOfAccount(em: EntityAccess, accountId: number): Promise<ApiKey[]> {
  return em.getRepository(ApiKey).find({ where: { accountId }, order: { id: 'ASC' } });
}

/** Sets the key's revocation time. */
export async function setKeyRevokedAt(em: EntityAccess, id: number, revokedAt: Date | null): Promise<void> {
  await em.getRepository(ApiKey).update({ id }, { revokedAt });
}

/** Revokes the key unless it is revoked already; whether this call revoked it (concurrent revocations: one wins). */
export async function revokeLiveKey(em: EntityAccess, id: number, revokedAt: Date): Promise<boolean> {
  const revoked = await em.getRepository(ApiKey).update({ id, revokedAt: IsNull() }, { revokedAt });
  return Boolean(revoked.affected);
}

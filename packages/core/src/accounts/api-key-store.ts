import type { Queryable } from '../db/queryable.js';
import type { EntityManager } from 'typeorm';
import { writeAudited, type AuditActor } from '../audit/record-audit.js';
import type { Tier } from '../tiers/tiers.js';
import { Account } from '../db/entities/account.entity.js';
import { ApiKey } from '../db/entities/api-key.entity.js';

/**
 * The store of API keys (issue 30): what authentication reads of a key and its account, and
 * what the key endpoints read and revoke. Issuing is issue-api-key.ts, their use key-use-store.ts.
 */

interface KeyWithAccountRow {
  id: number;
  account_id: number;
  name: string;
  key_hash: string;
  prefix: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  scopes: string[];
  last_used_ip: string | null;
  created_at: Date;
  a_email: string;
  a_tier: Tier;
  a_is_active: boolean;
  a_verified_email_domain: string | null;
  a_created_at: Date;
  a_updated_at: Date;
}

/** The key with this hash (revoked and expired ones too: the caller tells them apart) and its account, in one statement; null when there is none. */
export async function keyWithAccount(em: Queryable, keyHash: string): Promise<{ account: Account; apiKey: ApiKey } | null> {
  const [row] = await em.query<KeyWithAccountRow[]>(
    `SELECT k.id, k.account_id, k.name, k.key_hash, k.prefix, k.expires_at, k.revoked_at, k.last_used_at, k.scopes, k.last_used_ip, k.created_at,
            a.email AS a_email, a.tier AS a_tier, a.is_active AS a_is_active, a.verified_email_domain AS a_verified_email_domain,
            a.created_at AS a_created_at, a.updated_at AS a_updated_at
     FROM api_keys k JOIN accounts a ON a.id = k.account_id
     WHERE k.key_hash = $1`,
    [keyHash],
  );
  if (!row) return null;
  const account = Object.assign(new Account(), {
    id: row.account_id,
    email: row.a_email,
    tier: row.a_tier,
    isActive: row.a_is_active,
    verifiedEmailDomain: row.a_verified_email_domain,
    createdAt: row.a_created_at,
    updatedAt: row.a_updated_at,
  });
  const apiKey = Object.assign(new ApiKey(), {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    keyHash: row.key_hash,
    prefix: row.prefix,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    scopes: row.scopes,
    lastUsedIp: row.last_used_ip,
    createdAt: row.created_at,
  });
  return { account, apiKey };
}

/** Every column of the entity under its property name. */
export const API_KEY_COLUMNS = `id, account_id AS "accountId", name, key_hash AS "keyHash", prefix, expires_at AS "expiresAt", revoked_at AS "revokedAt",
  last_used_at AS "lastUsedAt", scopes, last_used_ip AS "lastUsedIp", created_at AS "createdAt"`;

/** Rows read under API_KEY_COLUMNS as entities (snapshotOf reads an entity's columns through its metadata). */
export function apiKeysOfRows(rows: readonly ApiKey[]): ApiKey[] {
  return rows.map((row) => Object.assign(new ApiKey(), row));
}

/**
 * The account's key (null when missing or another account's). Plain statements mapped to the
 * entity by column aliases (issue 35): TypeORM's find built its query and hydrated through its
 * metadata on every call, most of a key read's CPU.
 */
export async function apiKeyOfAccount(q: Queryable, accountId: number, id: number): Promise<ApiKey | null> {
  const [key] = apiKeysOfRows(await q.query<ApiKey[]>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE id = $1 AND account_id = $2`, [id, accountId]));
  return key ?? null;
}

/** Every key of the account, revoked ones too, oldest first. */
export async function apiKeysOfAccount(q: Queryable, accountId: number): Promise<ApiKey[]> {
  return apiKeysOfRows(await q.query<ApiKey[]>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY id`, [accountId]));
}

/**
 * DELETE /api-keys/{id} in ONE statement (issue 35: the key was read first): the account's key
 * revoked at `revokedAt` unless it is revoked already, with the 'revoke' entry recordAudit wrote
 * for it (only revoked_at differs). The key as revoked, or null when it is missing, another
 * account's or revoked already (nothing written, no entry).
 */
export async function revokeApiKeyOfAccountAudited(m: EntityManager, actor: AuditActor, id: number, revokedAt: Date): Promise<ApiKey | null> {
  const rows = await writeAudited<ApiKey>(m, actor, { resource: 'api_key', id, action: 'revoke', before: { revoked_at: null }, after: { revoked_at: revokedAt } }, {
    sql: `UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING ${API_KEY_COLUMNS}`,
    params: [id, actor.accountId, revokedAt],
  });
  const [key] = apiKeysOfRows(rows);
  return key ?? null;
}


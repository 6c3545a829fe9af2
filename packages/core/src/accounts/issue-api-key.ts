import type { ApiKey } from '../db/entities/api-key.entity.js';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { insertAudited } from '../audit/insert-audited.js';
import type { AuditActor } from '../audit/record-audit.js';
import { apiKeyPrefix, generateApiKeySecret, hashApiKeySecret } from '../security/api-key-secret.js';
import { FULL_ACCESS, type Scope } from './api-key-scopes.js';
import { API_KEY_COLUMNS, apiKeysOfRows } from './api-key-store.js';

export interface NewApiKeyOptions {
  name: string;
  expiresAt?: Date | null;
  scopes?: readonly Scope[];
}

/** A new secret and the columns of its key as an INSERT writes them: hash and prefix only. */
function newKey(accountId: number, opts: NewApiKeyOptions) {
  const secret = generateApiKeySecret();
  const columns = {
    accountId,
    name: opts.name,
    keyHash: hashApiKeySecret(secret),
    prefix: apiKeyPrefix(secret),
    expiresAt: opts.expiresAt ?? null,
    scopes: [...(opts.scopes ?? FULL_ACCESS)],
  };
  return { secret, columns, params: [columns.accountId, columns.name, columns.keyHash, columns.prefix, columns.expiresAt, columns.scopes] };
}

const INSERT = `INSERT INTO api_keys (account_id, name, key_hash, prefix, expires_at, scopes) VALUES ($1, $2, $3, $4, $5, $6::text[]) RETURNING ${API_KEY_COLUMNS}`;

/** Stores a new key (hash and prefix only) and returns the secret, which is never stored. */
export async function issueApiKey(q: Queryable, accountId: number, opts: NewApiKeyOptions): Promise<{ key: ApiKey; secret: string }> {
  const { secret, params } = newKey(accountId, opts);
  const [key] = apiKeysOfRows(await q.query<ApiKey[]>(INSERT, params));
  if (!key) throw new Error('issueApiKey: the INSERT returned no row');
  return { key, secret };
}

/**
 * The entry's view of a new key without its id and creation time (insertAudited adds those): as
 * recordAudit told `after: key` (snapshotOf: every column but account_id; nulls left out by the
 * diff of a create).
 */
function entryOfNew(columns: ReturnType<typeof newKey>['columns']): Record<string, unknown> {
  return { name: columns.name, key_hash: columns.keyHash, prefix: columns.prefix, expires_at: columns.expiresAt, revoked_at: null, last_used_at: null, scopes: columns.scopes, last_used_ip: null };
}

/**
 * POST /api-keys: issues a key and records its 'create' entry, in one statement (insertAudited).
 * The secret is returned, never stored.
 */
export async function issueApiKeyAudited(q: Queryable, actor: AuditActor, opts: NewApiKeyOptions): Promise<{ key: ApiKey; secret: string }> {
  const { secret, columns, params } = newKey(actor.accountId, opts);
  const [key] = apiKeysOfRows(await insertAudited<ApiKey>(q, actor, { sql: INSERT, params }, { resource: 'api_key', action: 'create', after: entryOfNew(columns) }));
  if (!key) throw new Error('issueApiKeyAudited: the INSERT returned no row');
  return { key, secret };
}

/**
 * A rotation in one statement: the old key revoked at `revokedAt` unless it is revoked already, a
 * new key of the same name, expiry and scopes issued, and their entries ('revoke' of the old key,
 * then 'rotate' of the new one naming it) recorded. Null when the old key was revoked already
 * (nothing written: a concurrent revocation or rotation won).
 */
export async function rotateApiKeyAudited(
  q: Queryable,
  actor: AuditActor,
  old: Pick<ApiKey, 'id' | 'name' | 'expiresAt'>,
  scopes: readonly Scope[],
  revokedAt: Date,
): Promise<{ key: ApiKey; secret: string } | null> {
  const { secret, columns, params } = newKey(actor.accountId, { name: old.name, expiresAt: old.expiresAt, scopes });
  const revoke: Statement = { sql: 'UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id', params: [old.id, revokedAt] };
  const insert: Statement = {
    sql: `INSERT INTO api_keys (account_id, name, key_hash, prefix, expires_at, scopes) SELECT $1::integer, $2::text, $3::text, $4::text, $5::timestamptz, $6::text[] FROM w0 RETURNING ${API_KEY_COLUMNS}`,
    params,
  };
  const rows = await insertAudited<ApiKey>(q, actor, insert, {
    resource: 'api_key',
    action: 'rotate',
    after: { ...entryOfNew(columns), rotated_key_id: old.id },
    along: [{ resource: 'api_key', id: old.id, action: 'revoke', before: { revoked_at: null }, after: { revoked_at: revokedAt } }],
    writes: [revoke],
  });
  const [key] = apiKeysOfRows(rows);
  return key ? { key, secret } : null;
}

import type { EntityManager } from 'typeorm';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { DomainVerification } from '../db/entities/domain-verification.entity.js';

/**
 * The store of domain verifications (issue 30): every statement on domain_verifications. A claim
 * is pending until its DNS TXT record is found (or the operator verifies it), verified until its
 * record has been missing for the grace period, then pending again with the same token.
 */

/** Whether the account holds a verified claim on one of `names`. */
export async function hasVerifiedClaim(em: Queryable, accountId: number, names: readonly string[]): Promise<boolean> {
  const rows = await em.query<unknown[]>(`SELECT 1 FROM domain_verifications WHERE account_id = $1 AND status = 'verified' AND hostname = ANY($2::text[]) LIMIT 1`, [
    accountId,
    names,
  ]);
  return rows.length > 0;
}

/** A pending DNS TXT claim with `token`, unless the account has one for the hostname; whether it was created. */
export async function insertPendingClaim(em: Queryable, accountId: number, hostname: string, token: string): Promise<boolean> {
  const rows = await em.query<{ id: number }[]>(
    `INSERT INTO domain_verifications (account_id, hostname, method, token, status)
     VALUES ($1, $2, 'dns_txt', $3, 'pending')
     ON CONFLICT (account_id, hostname) DO NOTHING RETURNING id`,
    [accountId, hostname, token],
  );
  return rows.length > 0;
}

/** The operator's override: the claim verified (created with `token` when missing), its DNS method kept when already verified. */
export async function upsertManualClaim(em: Queryable, accountId: number, hostname: string, token: string, now: Date): Promise<void> {
  await em.query(
    `INSERT INTO domain_verifications (account_id, hostname, method, token, status, verified_at)
     VALUES ($1, $2, 'manual', $3, 'verified', $4)
     ON CONFLICT (account_id, hostname) DO UPDATE
       SET method = CASE WHEN domain_verifications.status = 'verified' THEN domain_verifications.method ELSE 'manual' END,
           verified_at = COALESCE(domain_verifications.verified_at, EXCLUDED.verified_at),
           status = 'verified',
           updated_at = $4`,
    [accountId, hostname, token, now],
  );
}

/** A verified DNS claim due for its re-check. */
export interface ClaimRow {
  id: number;
  account_id: number;
  hostname: string;
  token: string;
  verified_at: Date | null;
  missing_since: Date | null;
}

/** Verified DNS claims with id > `after` not checked since `checkedBefore`, by id, at most `limit`. */
export function claimsToRecheck(em: Queryable, after: number, checkedBefore: Date, limit: number): Promise<ClaimRow[]> {
  return em.query<ClaimRow[]>(
    `SELECT id, account_id, hostname, token, verified_at, missing_since FROM domain_verifications
     WHERE status = 'verified' AND method = 'dns_txt' AND id > $1 AND (last_checked_at IS NULL OR last_checked_at < $2)
     ORDER BY id LIMIT $3`,
    [after, checkedBefore, limit],
  );
}

/** The record was found: the claim stands (no longer missing). */
export async function markClaimPresent(em: Queryable, claimId: number, now: Date): Promise<void> {
  await em.query(`UPDATE domain_verifications SET last_checked_at = $2, missing_since = NULL WHERE id = $1 AND status = 'verified'`, [claimId, now]);
}

/** DNS did not answer: checked, nothing learnt. */
export async function markClaimChecked(em: Queryable, claimId: number, now: Date): Promise<void> {
  await em.query(`UPDATE domain_verifications SET last_checked_at = $2 WHERE id = $1`, [claimId, now]);
}

/** The record is missing: noted since the first time it was. */
export async function markClaimMissing(em: Queryable, claimId: number, now: Date): Promise<void> {
  await em.query(`UPDATE domain_verifications SET last_checked_at = $2, missing_since = COALESCE(missing_since, $2) WHERE id = $1 AND status = 'verified'`, [
    claimId,
    now,
  ]);
}

/** A verified DNS claim back to pending (its token stays); false when it changed meanwhile. */
export async function lapseClaimRow(em: EntityManager, claimId: number, now: Date): Promise<boolean> {
  const [, affected] = await em.query<WriteResult>(
    `UPDATE domain_verifications SET status = 'pending', verified_at = NULL, missing_since = NULL, last_checked_at = $2, updated_at = $2
     WHERE id = $1 AND status = 'verified' AND method = 'dns_txt'`,
    [claimId, now],
  );
  return affected > 0;
}

/** Every column under the entity's property name. */
const VERIFICATION_COLUMNS = `id, account_id AS "accountId", hostname, method, token, status, verified_at AS "verifiedAt",
  last_checked_at AS "lastCheckedAt", missing_since AS "missingSince", created_at AS "createdAt", updated_at AS "updatedAt"`;

const entityOf = (row: DomainVerification) => Object.assign(new DomainVerification(), row);

/**
 * The account's verification (null when missing or another account's): one plain statement
 * mapped to the entity by column aliases (issue 35: TypeORM's findOneBy built the query and
 * hydrated through its metadata on every call).
 */
export async function verificationOfAccount(em: Queryable, accountId: number, id: number): Promise<DomainVerification | null> {
  const [row] = await em.query<DomainVerification[]>(`SELECT ${VERIFICATION_COLUMNS} FROM domain_verifications WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return row ? entityOf(row) : null;
}

/** Every verification of the account, oldest first. */
export async function verificationsOfAccount(em: Queryable, accountId: number): Promise<DomainVerification[]> {
  const rows = await em.query<DomainVerification[]>(`SELECT ${VERIFICATION_COLUMNS} FROM domain_verifications WHERE account_id = $1 ORDER BY id`, [accountId]);
  return rows.map(entityOf);
}

/** The account's verification of a hostname (null: none). */
export async function verificationOfHostname(em: Queryable, accountId: number, hostname: string): Promise<DomainVerification | null> {
  const [row] = await em.query<DomainVerification[]>(`SELECT ${VERIFICATION_COLUMNS} FROM domain_verifications WHERE account_id = $1 AND hostname = $2`, [accountId, hostname]);
  return row ? entityOf(row) : null;
}

/**
 * A pending DNS TXT claim with `token`, unless the account has one for the hostname: the claim
 * (new or the one it had) and whether it was created, in one statement. Null when a concurrent
 * insert of the same hostname committed after this statement's snapshot (read it again).
 */
export async function insertOrReadPendingClaim(em: Queryable, accountId: number, hostname: string, token: string): Promise<{ verification: DomainVerification; created: boolean } | null> {
  const [row] = await em.query<(DomainVerification & { created: boolean })[]>(
    `WITH ins AS (
       INSERT INTO domain_verifications (account_id, hostname, method, token, status)
       VALUES ($1, $2, 'dns_txt', $3, 'pending')
       ON CONFLICT (account_id, hostname) DO NOTHING RETURNING ${VERIFICATION_COLUMNS})
     SELECT true AS created, * FROM ins
     UNION ALL
     SELECT false AS created, ${VERIFICATION_COLUMNS} FROM domain_verifications
     WHERE account_id = $1 AND hostname = $2 AND NOT EXISTS (SELECT 1 FROM ins)`,
    [accountId, hostname, token],
  );
  if (!row) return null;
  const { created, ...verification } = row;
  return { verification: entityOf(verification), created };
}

/**
 * A new pending DNS TXT claim as statements for insertAudited (issue 35: one statement where a
 * statement drawing the id and time came first): `writes`, the id and time drawn (w0), and
 * `insert`, the claim, RETURNING it as the entity reads it, unless the account has a claim on the
 * hostname (no row: read that one, verificationOfHostname).
 */
export function pendingClaimInsert(claim: { accountId: number; hostname: string; token: string }): { writes: Statement[]; insert: Statement } {
  return {
    writes: [{ sql: `SELECT nextval(pg_get_serial_sequence('domain_verifications', 'id'))::int AS id, now() AS at`, params: [] }],
    insert: {
      sql: `INSERT INTO domain_verifications (id, account_id, hostname, method, token, status, created_at, updated_at)
            SELECT w0.id, $1::integer, $2::text, 'dns_txt', $3::text, 'pending', w0.at, w0.at FROM w0
            ON CONFLICT (account_id, hostname) DO NOTHING RETURNING ${VERIFICATION_COLUMNS}`,
      params: [claim.accountId, claim.hostname, claim.token],
    },
  };
}

/** A claim row as a statement returned it (its entity's columns), as the entity. */
export function verificationOfRow(row: DomainVerification): DomainVerification {
  return entityOf(row);
}

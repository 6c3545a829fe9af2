import { randomBytes } from 'node:crypto';
import type dns from 'node:dns';
import type { EntityManager } from 'typeorm';
import { DomainVerification } from '../db/entities/domain-verification.entity.js';
import type { Queryable } from '../db/queryable.js';
import { snapshotOf, type AuditActor } from '../audit/record-audit.js';
import { insertAudited } from '../audit/insert-audited.js';
import { insertOrReadPendingClaim, pendingClaimInsert, upsertManualClaim, verificationOfHostname, verificationOfRow } from './verification-store.js';

const RECORD_PREFIX = '_vigil-challenge.';
const VALUE_PREFIX = 'vigil-verification=';

export function verificationRecordName(hostname: string): string {
  return `${RECORD_PREFIX}${hostname}`;
}

export function verificationRecordValue(token: string): string {
  return `${VALUE_PREFIX}${token}`;
}

function newToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The account's verification of a hostname: the existing one (pending or verified), or a new
 * pending DNS TXT challenge with a fresh token.
 */
export async function startVerification(
  db: Queryable,
  accountId: number,
  hostname: string,
): Promise<{ verification: DomainVerification; created: boolean }> {
  const started = await insertOrReadPendingClaim(db, accountId, hostname, newToken());
  if (started) return started;
  // A concurrent insert of the hostname committed after the statement's snapshot: it is the one.
  const verification = await verificationOfHostname(db, accountId, hostname);
  if (!verification) throw new Error(`verification of ${hostname} neither inserted nor found`);
  return { verification, created: false };
}

/**
 * startVerification with the create entry of a new claim, without a transaction: the claim's id
 * and creation time drawn, the claim and its entry, which shows them, in ONE statement
 * (insertAudited; issue 35: the draw was a statement of its own); a claim the account already had
 * is answered with no entry (a second statement reads it).
 */
export async function startVerificationAudited(m: EntityManager, actor: AuditActor, hostname: string): Promise<{ verification: DomainVerification; created: boolean }> {
  const claim = { accountId: actor.accountId, hostname, token: newToken() };
  // The entry tells the new claim as its entity would (snapshotOf): the id and creation time are the statement's.
  const after = snapshotOf(m, Object.assign(new DomainVerification(), { ...claim, method: 'dns_txt', status: 'pending', verifiedAt: null, lastCheckedAt: null, missingSince: null }));
  const { writes, insert } = pendingClaimInsert(claim);
  const [started] = await insertAudited<DomainVerification>(m, actor, insert, { resource: 'verification', action: 'create', after, writes });
  // Told also when the account had the claim: the 200 that returns it writes nothing to tell.
  actor.recorded?.();
  if (started) return { verification: verificationOfRow(started), created: true };
  const verification = await verificationOfHostname(m, actor.accountId, hostname);
  if (!verification) throw new Error(`verification of ${hostname} neither inserted nor found`);
  return { verification, created: false };
}

/** Whether the TXT records of the challenge name contain the expected value (chunks joined, RFC 7208 style). */
export function txtRecordsMatch(records: string[][], expected: string): boolean {
  return records.some((chunks) => chunks.join('').trim() === expected);
}

/** DNS answers that mean "not there (yet)" rather than a broken resolver. */
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN', 'ETIMEOUT', 'ESERVFAIL', 'ECONNREFUSED', 'EREFUSED']);

export interface TxtLookup {
  found: boolean;
  /** Why the record was not found, for the response; null when found. */
  detail: string | null;
}

/** Looks the challenge record up through the given resolver (VIGIL_DNS_SERVERS when set). */
export async function lookupChallenge(resolver: Pick<dns.promises.Resolver, 'resolveTxt'>, hostname: string, token: string): Promise<TxtLookup> {
  const name = verificationRecordName(hostname);
  const expected = verificationRecordValue(token);
  try {
    const records = await resolver.resolveTxt(name);
    if (txtRecordsMatch(records, expected)) return { found: true, detail: null };
    return { found: false, detail: `TXT record ${name} does not contain ${expected}` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (NOT_FOUND_CODES.has(code)) return { found: false, detail: `No TXT record found at ${name} (${code})` };
    return { found: false, detail: `DNS lookup of ${name} failed: ${(e as Error).message}` };
  }
}

/** What a check of the challenge record changes: nothing for a verified claim (ownership is not re-checked). */
export type VerificationCheckChanges = Pick<DomainVerification, 'lastCheckedAt' | 'status' | 'verifiedAt'>;

/**
 * Looks a pending verification's TXT record up: the columns to write (null for a verified one,
 * which stays as it is) and why the record was not found (null when found or not looked up).
 */
export async function verificationCheckOutcome(
  resolver: Pick<dns.promises.Resolver, 'resolveTxt'>,
  verification: DomainVerification,
  now: Date,
): Promise<{ changes: VerificationCheckChanges | null; detail: string | null }> {
  if (verification.status === 'verified') return { changes: null, detail: null };
  const lookup = await lookupChallenge(resolver, verification.hostname, verification.token);
  return {
    changes: lookup.found ? { lastCheckedAt: now, status: 'verified', verifiedAt: now } : { lastCheckedAt: now, status: verification.status, verifiedAt: verification.verifiedAt },
    detail: lookup.detail,
  };
}

/**
 * Checks a pending verification's TXT record and records the outcome; a verified one stays
 * verified (ownership is not re-checked).
 */
export async function checkVerification(
  db: EntityManager,
  resolver: Pick<dns.promises.Resolver, 'resolveTxt'>,
  verification: DomainVerification,
  now: Date,
): Promise<{ verification: DomainVerification; detail: string | null }> {
  const { changes, detail } = await verificationCheckOutcome(resolver, verification, now);
  if (!changes) return { verification, detail };
  Object.assign(verification, changes);
  await db.getRepository(DomainVerification).update({ id: verification.id }, changes);
  return { verification, detail };
}

/**
 * The operator's override (`vigil domain verify ACCOUNT HOSTNAME`): marks the account's
 * verification of the hostname verified, creating it when missing. Idempotent.
 */
export async function verifyHostnameManually(db: EntityManager, accountId: number, hostname: string, now: Date): Promise<DomainVerification> {
  await upsertManualClaim(db, accountId, hostname, newToken(), now);
  return db.getRepository(DomainVerification).findOneByOrFail({ accountId, hostname });
}

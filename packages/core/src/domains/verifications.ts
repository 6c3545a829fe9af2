import { randomBytes } from 'node:crypto';
import type dns from 'node:dns';
import type { EntityManager } from 'typeorm';
import { DomainVerification } from '../db/entities/domain-verification.entity.js';
import { insertPendingClaim, upsertManualClaim } from './verification-store.js';

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
  db: EntityManager,
  accountId: number,
  hostname: string,
): Promise<{ verification: DomainVerification; created: boolean }> {
  const repo = db.getRepository(DomainVerification);
  const created = await insertPendingClaim(db, accountId, hostname, newToken());
  const verification = await repo.findOneByOrFail({ accountId, hostname });
  return { verification, created };
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
  if (verification.status === 'verified') return { verification, detail: null };
  const lookup = await lookupChallenge(resolver, verification.hostname, verification.token);
  verification.lastCheckedAt = now;
  if (lookup.found) {
    verification.status = 'verified';
    verification.verifiedAt = now;
  }
  await db.getRepository(DomainVerification).update(
    { id: verification.id },
    { lastCheckedAt: now, status: verification.status, verifiedAt: verification.verifiedAt },
  );
  return { verification, detail: lookup.detail };
}

/**
 * The operator's override (`vigil domain verify ACCOUNT HOSTNAME`): marks the account's
 * verification of the hostname verified, creating it when missing. Idempotent.
 */
export async function verifyHostnameManually(db: EntityManager, accountId: number, hostname: string, now: Date): Promise<DomainVerification> {
  await upsertManualClaim(db, accountId, hostname, newToken(), now);
  return db.getRepository(DomainVerification).findOneByOrFail({ accountId, hostname });
}

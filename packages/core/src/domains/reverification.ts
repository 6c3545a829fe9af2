import type dns from 'node:dns';
import type { EntityManager } from 'typeorm';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import type { AlertEventPayloadOf } from '../queue/alert-events.js';
import { runInLanes } from '../runtime/limiter.js';
import type { Context } from '../runtime/context.js';
import { nameCovers } from './hostname.js';
import { accountOwnsHostname } from './ownership.js';
import { verifiedEmailDomainOf } from '../accounts/account-store.js';
import { lockPagesWithCustomHostname, releaseCustomHostname } from '../status-pages/custom-hostname-store.js';
import { claimsToRecheck, lapseClaimRow, markClaimChecked, markClaimMissing, markClaimPresent, type ClaimRow } from './verification-store.js';
import { txtRecordsMatch, verificationRecordName, verificationRecordValue } from './verifications.js';

/** A claim checked less than this long ago is left for the next daily run. */
export const REVERIFY_AFTER_MS = 20 * 3_600_000;
/** Claims read per query, and TXT lookups at once. */
const BATCH = 200;
const LANES = 8;

/** DNS answers that say the record is not there; anything else that fails tells nothing. */
const ABSENT_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/**
 * Whether the challenge record is there: `absent` only on an answer that says so (no such name,
 * no TXT, or TXT records without the value); `unknown` when DNS did not answer (timeout, SERVFAIL,
 * refused), which never counts against a claim.
 */
export async function challengePresence(
  resolver: Pick<dns.promises.Resolver, 'resolveTxt'>,
  hostname: string,
  token: string,
): Promise<'present' | 'absent' | 'unknown'> {
  try {
    return txtRecordsMatch(await resolver.resolveTxt(verificationRecordName(hostname)), verificationRecordValue(token)) ? 'present' : 'absent';
  } catch (e) {
    return ABSENT_CODES.has((e as NodeJS.ErrnoException).code ?? '') ? 'absent' : 'unknown';
  }
}

export interface ReverifyOutcome {
  confirmed: number;
  missing: number;
  lapsed: number;
  unknown: number;
}

type ReverifyContext = Pick<Context, 'db' | 'config' | 'logger'>;

/**
 * Re-checks the TXT record of every verified DNS claim not checked in the last 20 hours (the
 * checker runs this daily): found → the claim stands (`missing_since` cleared); missing → noted
 * since when; missing for `VIGIL_DOMAIN_REVERIFY_GRACE_DAYS` → the claim lapses (see lapseClaim).
 * DNS that does not answer changes nothing. The operator's claims (`manual`) are not re-checked,
 * nor a verified company email domain (an account property). Returns the counts, and the
 * accounts whose status pages lost a custom hostname (their status version must be bumped).
 */
export async function reverifyDomains(
  ctx: ReverifyContext,
  resolver: Pick<dns.promises.Resolver, 'resolveTxt'>,
  now: Date,
): Promise<ReverifyOutcome & { releasedAccounts: number[] }> {
  const outcome: ReverifyOutcome = { confirmed: 0, missing: 0, lapsed: 0, unknown: 0 };
  const releasedAccounts: number[] = [];
  const graceMs = ctx.config.domainReverifyGraceDays * 86_400_000;
  const checkedBefore = new Date(now.getTime() - REVERIFY_AFTER_MS);
  for (let after = 0; ; ) {
    const claims = await claimsToRecheck(ctx.db, after, checkedBefore, BATCH);
    if (!claims.length) break;
    after = claims[claims.length - 1].id;
    await runInLanes(
      claims.map((claim) => async () => {
        const presence = await challengePresence(resolver, claim.hostname, claim.token);
        if (presence === 'present') {
          outcome.confirmed++;
          await markClaimPresent(ctx.db, claim.id, now);
        } else if (presence === 'unknown') {
          outcome.unknown++;
          await markClaimChecked(ctx.db, claim.id, now);
        } else {
          const missingSince = claim.missing_since;
          if (missingSince && now.getTime() - missingSince.getTime() >= graceMs) {
            const released = await ctx.db.transaction((m) => lapseClaim(ctx, m, { ...claim, missing_since: missingSince }, now));
            if (released) {
              outcome.lapsed++;
              if (released.length) releasedAccounts.push(claim.account_id);
            }
            return;
          }
          outcome.missing++;
          await markClaimMissing(ctx.db, claim.id, now);
        }
      }),
      LANES,
    );
  }
  if (outcome.missing || outcome.lapsed) ctx.logger.info('domain claims re-verified', { ...outcome });
  return { ...outcome, releasedAccounts };
}

/**
 * Sets a claim back to pending (its token stays: the same TXT record verifies it again), takes
 * the custom hostnames it covered off the account's status pages when nothing else covers them
 * any more (so the name's new owner can claim it), and writes `domain.verification_lapsed` to the
 * outbox, in one transaction. Null when the claim changed meanwhile (nothing done); else the
 * hostnames released.
 */
async function lapseClaim(ctx: ReverifyContext, m: EntityManager, claim: ClaimRow & { missing_since: Date }, now: Date): Promise<string[] | null> {
  if (!(await lapseClaimRow(m, claim.id, now))) return null;
  const account = await verifiedEmailDomainOf(m, claim.account_id);
  const pages = await lockPagesWithCustomHostname(m, claim.account_id);
  const released: string[] = [];
  for (const page of pages.filter((p) => nameCovers(claim.hostname, p.custom_hostname))) {
    if (account && (await accountOwnsHostname(m, account, page.custom_hostname))) continue;
    await releaseCustomHostname(m, page.id);
    released.push(page.custom_hostname);
  }
  const event: AlertEventPayloadOf<'domain.verification_lapsed'> = {
    eventId: `domain-verification-lapsed-${claim.id}-${claim.missing_since.getTime()}`,
    accountId: claim.account_id,
    event: 'domain.verification_lapsed',
    createdAt: now.toISOString(),
    data: {
      verification_id: claim.id,
      hostname: claim.hostname,
      record_name: verificationRecordName(claim.hostname),
      record_value: verificationRecordValue(claim.token),
      verified_at: claim.verified_at?.toISOString() ?? null,
      missing_since: claim.missing_since.toISOString(),
      grace_days: ctx.config.domainReverifyGraceDays,
      released_custom_hostnames: released,
      verification_url: `${ctx.config.baseUrl}/api/v1/verifications/${claim.id}`,
    },
  };
  await writeOutbox(m, [alertOutboxMessage(event)]);
  return released;
}

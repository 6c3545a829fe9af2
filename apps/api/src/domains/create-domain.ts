import type { EntityManager } from 'typeorm';
import { ConflictError, countDomains, Domain, domainCreate, domainOfRow, insertAudited, lockAccountLimit, snapshotOf, tlsScanJobSuffix, type Account, type AuditActor, type Context } from '@vigil/core';
import { tierLimitError } from '../http/tier-limit.js';
import { DOMAIN_DEFAULTS, type CreateDomainInput } from './domain-input.js';
import { assertFrequencyAllowed } from './frequency-policy.js';
import { applyDomainScheduleNow } from '../schedules/apply-schedule-now.js';
import { requireOwnedHostname } from './require-owned-hostname.js';
import { isUniqueViolation } from './unique-violation.js';

export const DOMAIN_EXISTS = 'Domain already exists';

/**
 * Creates a monitored domain with its scheduler and queues its initial scan. The rules, in
 * this order (after the per-minute creation limit and validation):
 *   1. ownership: 403 Domain not verified {hostname, verify_url}
 *   2. 409 Domain already exists (hostname:port within the account)
 *   3. 403 Domain limit reached (tier-limit body)
 *   4. 403 Frequency not allowed {allowed_frequencies, upgrade_url}
 * Creates of one account run in parallel: 2 is the unique index on (account_id, hostname, port)
 * (a concurrent insert of the same key waits for the first and fails); 3 is counted after the
 * insert under the account's domain-limit lock (lockAccountLimit), only when the tier has a
 * limit, so concurrent creates with room for k leave exactly k new domains. Its schedule change
 * and initial scan are written to the schedule outbox with the insert, in the same statement
 * (domainCreate), and applied to Redis after the commit (applyDomainScheduleNow, grouped; the outbox relay when
 * Redis failed). Returns the domain and its initial scan's id.
 */
export async function createDomain(ctx: Context, account: Account, actor: AuditActor, input: CreateDomainInput): Promise<{ domain: Domain; scanId: number }> {
  const tier = ctx.config.tiers[account.tier];
  const fields = { ...DOMAIN_DEFAULTS, ...input };
  await requireOwnedHostname(ctx, account, fields.hostname);
  const columns = {
    accountId: account.id,
    hostname: fields.hostname,
    port: fields.port,
    monitoringFrequency: fields.monitoring_frequency,
    notificationsEnabled: fields.notifications_enabled,
    alertDaysBeforeExpiry: fields.alert_days_before_expiry,
  };
  // The entry tells the new domain as its entity would (snapshotOf): the id and creation date are the statement's.
  const after = snapshotOf(ctx.db.manager, Object.assign(new Domain(), { ...columns, isActive: true, sslGrade: null, sslScore: null }));
  const { writes, insert } = domainCreate(columns, ctx.clock.now(), tlsScanJobSuffix());
  // One statement: the domain, its entry, its initial scan and its schedule change.
  const save = async (q: EntityManager) => {
    const [row] = await insertAudited<Domain & { initialScanId: number }>(q, actor, insert, { resource: 'domain', action: 'create', after, writes });
    const { initialScanId, ...domain } = row;
    return { domain: domainOfRow(domain), scanId: initialScanId };
  };
  // A refusal after the insert (limit, frequency) rolls the whole statement back with a transaction;
  // without a limit and with a frequency the tier has, nothing can refuse it and it is the statement alone.
  const refusable = tier.domains !== null || !tier.monitoringFrequencies.includes(fields.monitoring_frequency);
  const created = await (
    refusable
      ? ctx.db.transaction(async (m) => {
          const made = await save(m);
          if (tier.domains !== null) {
            await lockAccountLimit(m, 'domains', account.id);
            const current = (await countDomains(m, account.id)) - 1;
            if (current >= tier.domains) {
              throw tierLimitError('Domain limit reached', { tier: account.tier, limit: tier.domains, current, baseUrl: ctx.config.baseUrl });
            }
          }
          assertFrequencyAllowed(account.tier, tier, fields.monitoring_frequency, ctx.config.baseUrl);
          return made;
        })
      : save(ctx.db.manager)
  ).catch((e: unknown) => {
    if (isUniqueViolation(e)) throw new ConflictError(DOMAIN_EXISTS, { hostname: fields.hostname, port: fields.port });
    throw e;
  });
  await applyDomainScheduleNow(ctx, created.domain.id);
  return created;
}

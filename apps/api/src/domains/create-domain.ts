import { ConflictError, Domain, insertScan, type Account, type Context, type Scan } from '@vigil/core';
import { tierLimitError } from '../http/tier-limit.js';
import { DOMAIN_DEFAULTS, type CreateDomainInput } from './domain-input.js';
import { assertFrequencyAllowed } from './frequency-policy.js';
import { applyDomainSchedule, queueScan } from './schedule-effects.js';
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
 * 2-4 run in one transaction holding the account row lock, so concurrent creates at
 * limit − 1 leave exactly one new domain.
 */
export async function createDomain(ctx: Context, account: Account, input: CreateDomainInput): Promise<{ domain: Domain; scan: Scan }> {
  const tier = ctx.config.tiers[account.tier];
  const fields = { ...DOMAIN_DEFAULTS, ...input };
  await requireOwnedHostname(ctx, account, fields.hostname);
  const created = await ctx.db
    .transaction(async (m) => {
      await m.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [account.id]);
      const repo = m.getRepository(Domain);
      if (await repo.exists({ where: { accountId: account.id, hostname: fields.hostname, port: fields.port } })) {
        throw new ConflictError(DOMAIN_EXISTS, { hostname: fields.hostname, port: fields.port });
      }
      if (tier.domains !== null) {
        const current = await repo.countBy({ accountId: account.id });
        if (current >= tier.domains) {
          throw tierLimitError('Domain limit reached', { tier: account.tier, limit: tier.domains, current, baseUrl: ctx.config.baseUrl });
        }
      }
      assertFrequencyAllowed(account.tier, tier, fields.monitoring_frequency, ctx.config.baseUrl);
      const domain = await repo.save(
        repo.create({
          accountId: account.id,
          hostname: fields.hostname,
          port: fields.port,
          monitoringFrequency: fields.monitoring_frequency,
          notificationsEnabled: fields.notifications_enabled,
          alertDaysBeforeExpiry: fields.alert_days_before_expiry,
          isActive: true,
          sslGrade: null,
          sslScore: null,
        }),
      );
      const scan = await insertScan(m, { accountId: account.id, domainId: domain.id, hostname: domain.hostname, port: domain.port, trigger: 'initial' }, ctx.clock.now());
      await applyDomainSchedule(ctx, domain);
      return { domain, scan };
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw new ConflictError(DOMAIN_EXISTS, { hostname: fields.hostname, port: fields.port });
      throw e;
    });
  await queueScan(ctx, created.scan.id);
  return created;
}

import { ConflictError, domainScheduleChange, recordAudit, saveDomainChanges, snapshotOf, writeScheduleChanges, type Account, type AuditActor, type Context, type Domain } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import type { DomainUpdatedSchema } from './domain.schema.js';
import type { DomainSettings } from './domain-input.js';
import { DOMAIN_EXISTS } from './create-domain.js';
import { findOwnDomain } from './find-own-domain.js';
import { assertFrequencyAllowed } from './frequency-policy.js';
import { applyScheduleNow } from '../schedules/apply-schedule-now.js';
import { isUniqueViolation } from './unique-violation.js';

/**
 * PUT and PATCH (decisions §3: same partial-update meaning). Order: 404, then validation
 * (done by the caller), then 403 Frequency not allowed for a frequency that changes to one
 * the tier lacks (an unchanged one is left alone after a downgrade), then 409 when a new port
 * collides with another domain of the account. The scheduler follows is_active and the
 * frequency (a schedule change in the outbox, applied after the commit). Answers {domain{id, hostname, port, changed fields, updated_at}}.
 */
export async function updateDomain(
  ctx: Context,
  account: Account,
  actor: AuditActor,
  rawId: string | string[] | undefined,
  input: DomainSettings,
): Promise<Static<typeof DomainUpdatedSchema>> {
  const tier = ctx.config.tiers[account.tier];
  const reschedules = input.is_active !== undefined || input.monitoring_frequency !== undefined;
  try {
    const updated = await ctx.db.transaction(async (m) => {
      const domain = await findOwnDomain(m, account.id, rawId, true);
      if (input.monitoring_frequency !== undefined && input.monitoring_frequency !== domain.monitoringFrequency) {
        assertFrequencyAllowed(account.tier, tier, input.monitoring_frequency, ctx.config.baseUrl);
      }
      const changes: Partial<Domain> = {};
      if (input.port !== undefined) changes.port = input.port;
      if (input.monitoring_frequency !== undefined) changes.monitoringFrequency = input.monitoring_frequency;
      if (input.is_active !== undefined) changes.isActive = input.is_active;
      if (input.notifications_enabled !== undefined) changes.notificationsEnabled = input.notifications_enabled;
      if (input.alert_days_before_expiry !== undefined) changes.alertDaysBeforeExpiry = input.alert_days_before_expiry;
      const was = snapshotOf(m, domain);
      const saved = await saveDomainChanges(m, domain, changes);
      await recordAudit(m, actor, [{ resource: 'domain', id: saved.id, action: 'update', before: was, after: saved }]);
      if (reschedules) await writeScheduleChanges(m, [domainScheduleChange(saved.id)]);
      return {
        id: saved.id,
        hostname: saved.hostname,
        port: saved.port,
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
        updated_at: saved.updatedAt.toISOString(),
      };
    });
    if (reschedules) await applyScheduleNow(ctx, [{ kind: 'domain', id: updated.id }]);
    return updated;
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(DOMAIN_EXISTS);
    throw e;
  }
}

import { ConflictError, domainScheduleChange, NotFoundError, updateAudited, writeScheduleChanges, type Account, type AuditActor, type Context, type Domain } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import type { DomainUpdatedSchema } from './domain.schema.js';
import type { DomainSettings } from './domain-input.js';
import { DOMAIN_EXISTS } from './create-domain.js';
import { DOMAIN_NOT_FOUND, findOwnDomain } from './find-own-domain.js';
import { assertFrequencyAllowed } from './frequency-policy.js';
import { applyDomainScheduleNow } from '../schedules/apply-schedule-now.js';
import { isUniqueViolation } from './unique-violation.js';

/**
 * PUT and PATCH (decisions §3: same partial-update meaning). Order: 404 (the caller read
 * `current`), then validation (done by the caller), then 403 Frequency not allowed for a
 * frequency that changes to one the tier lacks (an unchanged one is left alone after a
 * downgrade), then 409 when a new port collides with another domain of the account. The
 * scheduler follows is_active and the frequency (a schedule change in the outbox, applied after
 * the commit): such a change locks the domain, reads it again and writes in one transaction; any
 * other is one statement (updateAudited: the changed columns and the entry). Answers
 * {domain{id, hostname, port, changed fields, updated_at}}.
 */
export async function updateDomain(ctx: Context, account: Account, actor: AuditActor, current: Domain, input: DomainSettings): Promise<Static<typeof DomainUpdatedSchema>> {
  const tier = ctx.config.tiers[account.tier];
  const reschedules = input.is_active !== undefined || input.monitoring_frequency !== undefined;
  const changes: Partial<Domain> = {};
  if (input.port !== undefined) changes.port = input.port;
  if (input.monitoring_frequency !== undefined) changes.monitoringFrequency = input.monitoring_frequency;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.notifications_enabled !== undefined) changes.notificationsEnabled = input.notifications_enabled;
  if (input.alert_days_before_expiry !== undefined) changes.alertDaysBeforeExpiry = input.alert_days_before_expiry;
  const answer = (saved: Domain) => ({
    id: saved.id,
    hostname: saved.hostname,
    port: saved.port,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    updated_at: saved.updatedAt.toISOString(),
  });
  try {
    if (!reschedules) {
      const saved = await updateAudited(ctx.db.manager, actor, current, changes, { resource: 'domain' });
      if (!saved) throw new NotFoundError(DOMAIN_NOT_FOUND);
      return answer(saved);
    }
    const updated = await ctx.db.transaction(async (m) => {
      const domain = await findOwnDomain(m, account.id, String(current.id), true);
      if (input.monitoring_frequency !== undefined && input.monitoring_frequency !== domain.monitoringFrequency) {
        assertFrequencyAllowed(account.tier, tier, input.monitoring_frequency, ctx.config.baseUrl);
      }
      const saved = await updateAudited(m, actor, domain, changes, { resource: 'domain' });
      if (!saved) throw new NotFoundError(DOMAIN_NOT_FOUND);
      await writeScheduleChanges(m, [domainScheduleChange(saved.id)]);
      return answer(saved);
    });
    await applyDomainScheduleNow(ctx, updated.id);
    return updated;
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(DOMAIN_EXISTS);
    throw e;
  }
}

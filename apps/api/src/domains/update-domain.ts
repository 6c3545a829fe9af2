import { ConflictError, Domain, domainScheduleChange, NotFoundError, updateAudited, updateOwnAudited, writeScheduleChanges, type Account, type AuditActor, type Context } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import type { Response } from 'express';
import type { DomainUpdatedSchema } from './domain.schema.js';
import { parseUpdateDomain, updateDomainBody, type DomainSettings } from './domain-input.js';
import { plainUpdate } from '../http/plain-update.js';
import { parseId } from '../http/validate.js';
import { DOMAIN_EXISTS } from './create-domain.js';
import { DOMAIN_NOT_FOUND, findOwnDomain } from './find-own-domain.js';
import { assertFrequencyAllowed } from './frequency-policy.js';
import { applyDomainScheduleNow } from '../schedules/apply-schedule-now.js';
import { isUniqueViolation } from './unique-violation.js';

type DomainAnswer = Static<typeof DomainUpdatedSchema>;

/** Fields whose update moves no schedule and needs no stored value to validate. */
const PLAIN = new Set(['port', 'notifications_enabled', 'alert_days_before_expiry']);

/**
 * PUT and PATCH /domains/{id}: a body of PLAIN fields is one statement without a read
 * (updateOwnAudited: 404 when the account has no such domain, 409 when the port collides);
 * any other body, an invalid one included (its 404 comes before its 400), reads the domain
 * first and goes updateDomain's way.
 */
export async function updateDomainRequest(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined, body: unknown, res: Response): Promise<DomainAnswer> {
  const id = parseId(rawId, DOMAIN_NOT_FOUND);
  const plain = plainUpdate(updateDomainBody, body, PLAIN);
  if (!plain) {
    const current = await findOwnDomain(ctx.db.manager, account.id, rawId);
    return updateDomain(ctx, account, actor, current, parseUpdateDomain(body, res));
  }
  const saved = await updateOwnAudited(ctx.db.manager, actor, Domain, { id, accountId: account.id }, changesOf(plain), 'domain').catch((e: unknown) => {
    throw isUniqueViolation(e) ? new ConflictError(DOMAIN_EXISTS) : e;
  });
  if (!saved) throw new NotFoundError(DOMAIN_NOT_FOUND);
  return answerOf(saved, plain);
}

/** The columns the fields given set (undefined: left as they are). */
function changesOf(input: DomainSettings): Partial<Domain> {
  const changes: Partial<Domain> = {};
  if (input.port !== undefined) changes.port = input.port;
  if (input.monitoring_frequency !== undefined) changes.monitoringFrequency = input.monitoring_frequency;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.notifications_enabled !== undefined) changes.notificationsEnabled = input.notifications_enabled;
  if (input.alert_days_before_expiry !== undefined) changes.alertDaysBeforeExpiry = input.alert_days_before_expiry;
  return changes;
}

/** {id, hostname, port, the fields given, updated_at}. */
function answerOf(saved: Domain, input: DomainSettings): DomainAnswer {
  return {
    id: saved.id,
    hostname: saved.hostname,
    port: saved.port,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    updated_at: saved.updatedAt.toISOString(),
  };
}

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
async function updateDomain(ctx: Context, account: Account, actor: AuditActor, current: Domain, input: DomainSettings): Promise<DomainAnswer> {
  const tier = ctx.config.tiers[account.tier];
  const reschedules = input.is_active !== undefined || input.monitoring_frequency !== undefined;
  const changes = changesOf(input);
  const answer = (saved: Domain) => answerOf(saved, input);
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

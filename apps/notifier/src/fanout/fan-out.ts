import { activeIntegrationsOfAccount, alertEnvelope, createDelivery, JobName, pendingFirstAttempts, type AlertEventPayload, type Context } from '@vigil/core';
import { deliveryJobOptions, type RetryPolicy } from '../delivery/retry-policy.js';
import { loadEventSubject, subjectRefs } from './event-subject.js';
import { heldByMaintenance } from './maintenance.js';
import { integrationWants } from './scope.js';

/**
 * An alert event to deliveries: one per active integration of the account that subscribes to
 * the event and whose scope includes its monitor or domain, each with its AlertDelivery job.
 * Idempotent: the unique (integration_id, event_id, attempt) key lets a second run create
 * nothing, and it re-enqueues (same job id, so a no-op while the job exists) only deliveries
 * whose first attempt is still pending. Domain events are dropped when the domain's
 * notifications are off or (grade changes, scans) when a maintenance window covered the domain
 * at the event's time; events about a monitor or domain that no longer exists are dropped.
 * An escalation step goes to exactly the integrations it names (active ones of the account),
 * whatever their event and scope filters: the monitor's owner chose them for this outage.
 */
export async function fanOutAlertEvent(ctx: Context, p: AlertEventPayload, policy: RetryPolicy): Promise<{ deliveries: number }> {
  const subject = await loadEventSubject(ctx.db, p);
  if (p.monitorId !== undefined && !subject.monitor) return { deliveries: 0 };
  if (p.domainId !== undefined && (!subject.domain || !subject.domain.notificationsEnabled)) return { deliveries: 0 };
  if (await heldByMaintenance(ctx, p)) return { deliveries: 0 };

  const integrations = await activeIntegrationsOfAccount(ctx.db, p.accountId);
  const repeat = p.repeat;
  const targets =
    repeat?.kind === 'escalation'
      ? integrations.filter((i) => repeat.integrationIds.includes(i.id))
      : integrations.filter((i) => integrationWants(i, { event: p.event, monitorId: p.monitorId, domainId: p.domainId }));
  if (!targets.length) return { deliveries: 0 };

  const envelope = alertEnvelope(p, subjectRefs(p, subject));
  const now = ctx.clock.now();
  for (const integration of targets) {
    await createDelivery(ctx.db, {
      accountId: p.accountId,
      integrationId: integration.id,
      integrationType: integration.type,
      envelope,
      monitorId: p.monitorId ?? null,
      domainId: p.domainId ?? null,
      incidentId: p.incidentId ?? null,
      alertKind: repeat?.kind ?? 'alert',
    }, now);
  }
  const pending = await pendingFirstAttempts(ctx.db, p.eventId, targets.map((i) => i.id));
  if (pending.length) {
    await ctx.queues.addBulk(
      JobName.AlertDelivery,
      pending.map((id) => ({ payload: { deliveryId: id }, opts: deliveryJobOptions(id, policy) })),
    );
  }
  return { deliveries: targets.length };
}

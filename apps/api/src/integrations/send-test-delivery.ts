import { randomUUID } from 'node:crypto';
import { createDelivery, deliveryAttempt, JobName, type AlertDelivery, type AlertEnvelope, type Context, type Integration } from '@vigil/core';

/**
 * How long POST /integrations/{id}/test waits for the notifier: one attempt's 10 s budget
 * plus 5 s of queueing, as for manual checks.
 */
export const TEST_DELIVERY_DEADLINE_MS = 15_000;

/** The `test` event of an integration. */
export function testEnvelope(integration: Integration, now: Date): AlertEnvelope {
  return {
    id: `test-${randomUUID()}`,
    event: 'test',
    created_at: now.toISOString(),
    data: {
      message: 'This is a test event from Vigil.',
      integration: { id: integration.id, name: integration.name, type: integration.type },
    },
  };
}

/**
 * Delivers a `test` event now, through the notifier fleet (the API never calls user targets
 * itself): one attempt, no retry. Returns the attempt's record, and whether the notifier
 * finished it within the deadline (else the record is still pending).
 */
export async function sendTestDelivery(ctx: Context, integration: Integration): Promise<{ delivery: AlertDelivery; finished: boolean }> {
  const now = ctx.clock.now();
  const envelope = testEnvelope(integration, now);
  // A fresh event id: never a delivery of it before, so one is always created.
  const id = await createDelivery(
    ctx.db,
    { accountId: integration.accountId, integrationId: integration.id, integrationType: integration.type, envelope, monitorId: null, domainId: null, incidentId: null, alertKind: 'alert' },
    now,
  );
  if (id === null) throw new Error(`Test delivery ${envelope.id} exists already`);
  await ctx.queues.run(JobName.AlertDelivery, { deliveryId: id }, TEST_DELIVERY_DEADLINE_MS, {
    jobId: `alert-test-${id}`,
    attempts: 1,
  });
  const delivery = await deliveryAttempt(ctx.db, id);
  // The job returns nothing: the row tells whether the attempt finished within the deadline.
  return { delivery, finished: delivery.status !== 'pending' };
}

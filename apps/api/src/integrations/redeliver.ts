import { ConflictError, deliveryAttempt, firstAttemptOfIntegration, insertNextAttempt, JobName, NotFoundError, type AlertDelivery, type Context, type Integration } from '@vigil/core';
import { parseId } from '../http/validate.js';
import { TEST_DELIVERY_DEADLINE_MS } from './send-test-delivery.js';

export const DELIVERY_NOT_FOUND = 'Delivery not found';

/**
 * Sends a delivery of this integration again, now, through the notifier fleet: one more
 * attempt of the same delivery (same X-Vigil-Delivery, same body, a fresh webhook-timestamp
 * and signatures), no automatic retry, whatever the earlier attempts did. `rawDeliveryId` is
 * the delivery id (that of its first attempt). Returns the new attempt's record and whether
 * the notifier finished it within the deadline.
 */
export async function redeliver(
  ctx: Context,
  integration: Integration,
  rawDeliveryId: string | string[] | undefined,
): Promise<{ delivery: AlertDelivery; finished: boolean }> {
  const deliveryId = parseId(rawDeliveryId, DELIVERY_NOT_FOUND);
  const first = await firstAttemptOfIntegration(ctx.db, deliveryId, integration.id);
  if (!first) throw new NotFoundError(DELIVERY_NOT_FOUND);
  // The next attempt number; a concurrent redelivery that took it makes this one try the next.
  let row: { id: number; attempt: number } | null = null;
  for (let tries = 0; !row && tries < 3; tries++) row = await insertNextAttempt(ctx.db, first.id, integration.type);
  if (!row) throw new ConflictError('Delivery is being redelivered already; retry');
  await ctx.queues.run(JobName.AlertDelivery, { deliveryId: first.id, attempt: row.attempt }, TEST_DELIVERY_DEADLINE_MS, {
    jobId: `alert-redeliver-${row.id}`,
    attempts: 1,
  });
  const delivery = await deliveryAttempt(ctx.db, row.id);
  return { delivery, finished: delivery.status !== 'pending' };
}

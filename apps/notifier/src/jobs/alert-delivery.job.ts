import { createSecretBox, type Context, type JobHandler, type JobName } from '@vigil/core';
import { createChannels } from '../channels/index.js';
import { runDeliveryAttempt, type AttemptDeps } from '../delivery/run-attempt.js';

/** Thrown to hand a failed attempt back to BullMQ, which schedules the next one (backoff). */
export class DeliveryRetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRetryError';
  }
}

/**
 * AlertDelivery: one attempt per run. The attempt number is BullMQ's (attemptsMade + 1) and
 * the attempt budget the job's `attempts` option. The job throws only to ask for another
 * attempt; a delivered alert, a final failure (4xx other than 429, attempts used up) or a
 * vanished delivery complete the job normally. A redelivery names its attempt and never retries.
 */
export function alertDeliveryJob(ctx: Context): JobHandler<JobName.AlertDelivery> {
  const deps: AttemptDeps = { channels: createChannels(ctx), box: createSecretBox(ctx.config.secretKey) };
  return async (payload, job) => {
    const redelivery = payload.attempt !== undefined;
    const attempt = payload.attempt ?? job.attemptsMade + 1;
    const maxAttempts = redelivery ? attempt : (job.opts.attempts ?? 1);
    const result = await runDeliveryAttempt(ctx, deps, payload.deliveryId, attempt, maxAttempts, { redelivery });
    if (result?.retry) {
      throw new DeliveryRetryError(`Delivery ${payload.deliveryId} attempt ${attempt}/${maxAttempts} failed: ${result.row.error ?? 'unknown error'}`);
    }
  };
}

import { createFairLimiter, createSecretBox, runInAccountShare, type Context, type JobHandler, type JobName } from '@vigil/core';
import { createChannels } from '../channels/index.js';
import { DeliveryRetryError } from '../delivery/retry-policy.js';
import { runDeliveryAttempt, type AccountSlot, type AttemptDeps } from '../delivery/run-attempt.js';

/**
 * AlertDelivery: one attempt per run. The attempt number is BullMQ's (attemptsMade + 1) and
 * the attempt budget the job's `attempts` option. The job throws only to ask for another
 * attempt; a delivered alert, a final failure (4xx other than 429, attempts used up) or a
 * vanished delivery complete the job normally. A redelivery names its attempt and never retries.
 * At most NOTIFIER_ACCOUNT_CONCURRENCY of one account's attempts are sent at once; the others are
 * deferred (put back delayed), so one account's hanging receivers never hold the whole notifier.
 */
export function alertDeliveryJob(ctx: Context): JobHandler<JobName.AlertDelivery> {
  const deps: AttemptDeps = { channels: createChannels(ctx), box: createSecretBox(ctx.config.secretKey) };
  const limit = createFairLimiter({ limit: ctx.config.concurrency.notifier, perKey: ctx.config.notifierAccountConcurrency });
  return async (payload, job) => {
    const redelivery = payload.attempt !== undefined;
    const attempt = payload.attempt ?? job.attemptsMade + 1;
    const maxAttempts = redelivery ? attempt : (job.opts.attempts ?? 1);
    // An account whose alerts already take all its slots (its receivers hang) waits in the queue,
    // not on a worker slot another account's alert needs; the job comes back as the same attempt.
    const slot: AccountSlot = (accountId, send) => runInAccountShare(limit, String(accountId), job, send);
    const result = await runDeliveryAttempt(ctx, deps, payload.deliveryId, attempt, maxAttempts, { redelivery, slot });
    if (result?.retry) {
      throw new DeliveryRetryError(`Delivery ${payload.deliveryId} attempt ${attempt}/${maxAttempts} failed: ${result.row.error ?? 'unknown error'}`, result.retryAfterMs);
    }
  };
}

import { JobName, QueueName, createWorkerApp, type Context, type StalledJobOptions } from '@vigil/core';
import { ALERT_WORKER_SETTINGS } from './delivery/retry-policy.js';
import { alertDeliveryJob } from './jobs/alert-delivery.job.js';
import { alertEventJob } from './jobs/alert-event.job.js';

/**
 * Alert jobs of a notifier that died are taken back within lockDuration + stalledInterval
 * (6.5 s, under 10 s with a loaded host's timer drift) by another notifier (BullMQ's defaults,
 * 30 s + 30 s, held them for over a minute); a live worker renews its locks every 1.25-2.5 s. A delivery taken back while its request was in flight is
 * sent again with the same `webhook-id` and completes the same pending attempt. Alerts are
 * worth more than a check: a job is failed only when it stalls a sixth time.
 */
export const ALERT_STALLED_JOBS: StalledJobOptions = { lockDuration: 5_000, stalledInterval: 1_500, maxStalledCount: 5 };

/** The notifier fleet: fans alert events out to integrations and delivers them. */
export function createNotifierApp(ctx: Context) {
  return createWorkerApp(ctx, {
    app: 'notifier',
    concurrency: ctx.config.concurrency.notifier,
    healthPort: ctx.config.healthPorts.notifier,
    stalledJobs: { [QueueName.Alerts]: ALERT_STALLED_JOBS },
    settings: { [QueueName.Alerts]: ALERT_WORKER_SETTINGS },
    handlers: {
      [QueueName.Alerts]: { [JobName.AlertEvent]: alertEventJob(ctx), [JobName.AlertDelivery]: alertDeliveryJob(ctx) },
    },
  });
}

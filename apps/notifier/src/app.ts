import { JobName, QueueName, createWorkerApp, type Context } from '@vigil/core';
import { alertDeliveryJob } from './jobs/alert-delivery.job.js';
import { alertEventJob } from './jobs/alert-event.job.js';

/** The notifier fleet: fans alert events out to integrations and delivers them. */
export function createNotifierApp(ctx: Context) {
  return createWorkerApp(ctx, {
    app: 'notifier',
    concurrency: ctx.config.concurrency.notifier,
    healthPort: ctx.config.healthPorts.notifier,
    handlers: {
      [QueueName.Alerts]: { [JobName.AlertEvent]: alertEventJob(ctx), [JobName.AlertDelivery]: alertDeliveryJob(ctx) },
    },
  });
}

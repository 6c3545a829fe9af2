import { JobName, QueueName, createWorkerApp, type Context } from '@vigil/core';
import { ensureCheckPartitionsJob } from './jobs/ensure-check-partitions.job.js';
import { generateInvoicesJob } from './jobs/generate-invoices.job.js';
import { monitorCheckJob, type MonitorCheckOptions } from './jobs/monitor-check.job.js';
import { pruneAlertDeliveriesJob, pruneChecksJob, pruneScansJob } from './jobs/prune.jobs.js';
import { reconcileDomainSchedulesJob } from './jobs/reconcile-domain-schedules.job.js';
import { reconcileMonitorSchedulesJob, startMaintenanceWatchdog } from './jobs/reconcile-monitor-schedules.job.js';
import { ensureMaintenanceSchedulers } from './maintenance-schedulers.js';

/** The checker fleet: HTTP checks and the periodic maintenance jobs. `opts` tunes the checks (benchmarks). */
export function createCheckerApp(ctx: Context, opts: { monitorCheck?: MonitorCheckOptions } = {}) {
  let stopWatchdog: (() => void) | undefined;
  return createWorkerApp(ctx, {
    app: 'checker',
    concurrency: ctx.config.concurrency.checker,
    healthPort: ctx.config.healthPorts.checker,
    handlers: {
      [QueueName.Checks]: { [JobName.MonitorCheck]: monitorCheckJob(ctx, opts.monitorCheck) },
      [QueueName.Maintenance]: {
        [JobName.ReconcileMonitorSchedules]: reconcileMonitorSchedulesJob(ctx),
        [JobName.PruneChecks]: pruneChecksJob(ctx),
        [JobName.PruneScans]: pruneScansJob(ctx),
        [JobName.PruneAlertDeliveries]: pruneAlertDeliveriesJob(ctx),
        [JobName.EnsureCheckPartitions]: ensureCheckPartitionsJob(ctx),
        [JobName.ReconcileDomainSchedules]: reconcileDomainSchedulesJob(ctx),
        [JobName.GenerateInvoices]: generateInvoicesJob(ctx),
      },
    },
    onStarted: async () => {
      await ensureMaintenanceSchedulers(ctx);
      stopWatchdog = startMaintenanceWatchdog(ctx);
    },
    onStopping: async () => stopWatchdog?.(),
  });
}

import { JobName, QueueName, createOutboxRelay, createWorkerApp, type Context, type StalledJobOptions } from '@vigil/core';
import { generateInvoicesJob } from './jobs/generate-invoices.job.js';
import { monitorCheckJob, type MonitorCheckOptions } from './jobs/monitor-check.job.js';
import { pruneChecksJob } from './jobs/prune-checks.job.js';
import { reconcileDomainSchedulesJob } from './jobs/reconcile-domain-schedules.job.js';
import { reconcileMonitorSchedulesJob, startMaintenanceWatchdog } from './jobs/reconcile-monitor-schedules.job.js';
import { ensureMaintenanceSchedulers } from './maintenance-schedulers.js';
import { watchRedisRecovery } from './redis-recovery.js';

/**
 * Checks of a checker that died are taken back within lockDuration + stalledInterval (8 s):
 * a live worker renews its locks every lockDuration / 2 (3 s). A check taken back while it was
 * in fact still running is recorded once (unique per monitor and job id). A check that stalls
 * a third time is failed rather than crash checkers forever.
 */
export const CHECK_STALLED_JOBS: StalledJobOptions = { lockDuration: 6_000, stalledInterval: 2_000, maxStalledCount: 2 };

/** The checker fleet: HTTP checks and the periodic maintenance jobs. `opts` tunes the checks (benchmarks). */
export function createCheckerApp(ctx: Context, opts: { monitorCheck?: MonitorCheckOptions } = {}) {
  const stops: (() => void)[] = [];
  const relay = createOutboxRelay(ctx);

  /** After Redis lost data or came back: maintenance schedulers, both reconcilers now, pending alerts. */
  const recoverFromRedisLoss = async (reason: string) => {
    ctx.logger.info('Redis back; reconciling schedules now', { reason });
    await ensureMaintenanceSchedulers(ctx);
    const now = Date.now();
    for (const job of [JobName.ReconcileMonitorSchedules, JobName.ReconcileDomainSchedules] as const) {
      await ctx.queues.add(job, {}, { jobId: `${job}-after-redis-loss-${now}`, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } });
    }
    relay.wake();
  };

  return createWorkerApp(ctx, {
    app: 'checker',
    concurrency: ctx.config.concurrency.checker,
    healthPort: ctx.config.healthPorts.checker,
    stalledJobs: { [QueueName.Checks]: CHECK_STALLED_JOBS },
    handlers: {
      [QueueName.Checks]: { [JobName.MonitorCheck]: monitorCheckJob(ctx, { ...opts.monitorCheck, onOutboxWritten: () => relay.wake() }) },
      [QueueName.Maintenance]: {
        [JobName.ReconcileMonitorSchedules]: reconcileMonitorSchedulesJob(ctx),
        [JobName.PruneChecks]: pruneChecksJob(ctx),
        [JobName.ReconcileDomainSchedules]: reconcileDomainSchedulesJob(ctx),
        [JobName.GenerateInvoices]: generateInvoicesJob(ctx),
      },
    },
    onStarted: async () => {
      await ensureMaintenanceSchedulers(ctx);
      relay.start();
      stops.push(startMaintenanceWatchdog(ctx), await watchRedisRecovery(ctx, recoverFromRedisLoss));
    },
    onStopping: async () => {
      stops.splice(0).forEach((stop) => stop());
      await relay.stop();
    },
  });
}

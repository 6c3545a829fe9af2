import { JobName, QueueName, checkQueueOf, createOutboxRelay, createSecretBox, createWorkerApp, monitoredTiers, type Context, type StalledJobOptions } from '@vigil/core';
import { ensureCheckPartitionsJob } from './jobs/ensure-check-partitions.job.js';
import { generateInvoicesJob } from './jobs/generate-invoices.job.js';
import { heartbeatPingJobs, sweepHeartbeatsJob } from './jobs/heartbeat.jobs.js';
import { checkLimiter, monitorBucketJob, type AccountsOf } from './jobs/monitor-bucket.job.js';
import { manualResultsOnly, monitorCheckJob } from './jobs/monitor-check.job.js';
import { createMonitorChecks, type MonitorCheckOptions } from './monitors/monitor-checks.js';
import { reverifyDomainsJob } from './domains/reverify-domains.job.js';
import { pruneAlertDeliveriesJob, pruneAuditLogJob, pruneChecksJob, pruneHeaderChecksJob, pruneScansJob } from './jobs/prune.jobs.js';
import { sendIncidentRepeatsJob } from './jobs/send-incident-repeats.job.js';
import { reconcileDomainSchedulesJob } from './jobs/reconcile-domain-schedules.job.js';
import { reconcileMonitorSchedulesJob, startMaintenanceWatchdog } from './jobs/reconcile-monitor-schedules.job.js';
import { ensureMaintenanceSchedulers } from './maintenance-schedulers.js';
import { createMonitorLoader } from './monitors/load-monitors.js';
import { watchRedisRecovery } from './redis-recovery.js';
import { startHeartbeat } from './regions/heartbeat.js';
import { judgeRoundJob } from './rounds/judge-round.job.js';
import { startRoundDeadlineSweep } from './rounds/sweep-round-deadlines.js';
import { createCheckWriter } from './persistence/check-writer.js';
import { createLiveRegions } from './rounds/live-regions.js';
import { recordAgentCheckJob } from './locations/record-agent-check.job.js';
import { startLocationDispatch } from './locations/dispatch-location-runs.js';
import { sweepLocationPresenceJob } from './locations/sweep-location-presence.job.js';

/**
 * Checks of a checker that died are taken back within lockDuration + stalledInterval (8 s):
 * a live worker renews its locks every lockDuration / 2 (3 s). A check taken back while it was
 * in fact still running is recorded once (unique per monitor and job id). A check that stalls
 * a third time is failed rather than crash checkers forever.
 */
export const CHECK_STALLED_JOBS: StalledJobOptions = { lockDuration: 6_000, stalledInterval: 2_000, maxStalledCount: 2 };

/**
 * How often the checker reads the configurations of monitors created since (what it checks with
 * through a PostgreSQL outage); every fifth time it re-reads all of them.
 */
export const MONITOR_WARM_MS = 60_000;

/** The checker fleet: HTTP checks and the periodic maintenance jobs. `opts` tunes the checks (benchmarks). */
export function createCheckerApp(ctx: Context, opts: { monitorCheck?: MonitorCheckOptions } = {}) {
  /** What onStarted started; stopping waits for work they have in progress (a recovery, a watchdog check). */
  const stops: (() => void | Promise<void>)[] = [];
  let stopHeartbeat: (() => Promise<void>) | undefined;
  let stopRoundSweep: (() => Promise<void>) | undefined;
  let stopLocationDispatch: (() => Promise<void>) | undefined;
  const relay = createOutboxRelay(ctx);
  const monitors = createMonitorLoader(ctx.db, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers), opts.monitorCheck?.loader, ctx.logger);
  // One writer for the checker's own checks and the results agents of private locations post.
  const writer = createCheckWriter(ctx, opts.monitorCheck?.writer, () => relay.wake());
  const checks = createMonitorChecks(ctx, { ...opts.monitorCheck, monitors, checkWriter: writer, onOutboxWritten: () => relay.wake() });
  // One share of check slots per account for bucket runs and one-off checks alike.
  const limit = checkLimiter(ctx);
  const accountsOf: AccountsOf = (ids) => monitors.accountsOf(ids);
  let warmTicks = 0;
  const warm = () =>
    monitors.warm(warmTicks++ % 5 !== 0).catch((e: unknown) => ctx.logger.warn('monitor configurations not read in advance', { error: (e as Error).message }));

  /** After Redis lost data or came back: maintenance schedulers, both reconcilers now, recent alerts again. */
  const recoverFromRedisLoss = async (reason: string) => {
    ctx.logger.info('Redis back; reconciling schedules now', { reason });
    await ensureMaintenanceSchedulers(ctx);
    const now = Date.now();
    for (const job of [JobName.ReconcileMonitorSchedules, JobName.ReconcileDomainSchedules] as const) {
      await ctx.queues.add(job, {}, { jobId: `${job}-after-redis-loss-${now}`, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } });
    }
    await relay.replay();
  };

  return createWorkerApp(ctx, {
    app: 'checker',
    concurrency: ctx.config.concurrency.checker,
    healthPort: ctx.config.healthPorts.checker,
    stalledJobs: { [QueueName.Checks]: CHECK_STALLED_JOBS },
    // A checker consumes only its own region's check jobs.
    queueNames: { [QueueName.Checks]: checkQueueOf(ctx.config.region) },
    // ... on every shard of it (VIGIL_QUEUE_SHARDS).
    prefixes: { [QueueName.Checks]: ctx.queues.checkQueuePrefixes() },
    // A check's lines (the loader's, the writer's batches, a failed job's) name what they concern
    // themselves; the per-job log context would cost a promise hook on every promise (Node < 24).
    withoutLogContext: [QueueName.Checks],
    handlers: {
      [QueueName.Checks]: {
        [JobName.MonitorCheck]: manualResultsOnly(monitorCheckJob(checks, { limit, accountsOf })),
        [JobName.MonitorBucket]: monitorBucketJob(ctx, checks, accountsOf, limit),
      },
      [QueueName.Maintenance]: {
        [JobName.ReconcileMonitorSchedules]: reconcileMonitorSchedulesJob(ctx),
        [JobName.PruneChecks]: pruneChecksJob(ctx),
        [JobName.PruneScans]: pruneScansJob(ctx),
        [JobName.PruneAlertDeliveries]: pruneAlertDeliveriesJob(ctx),
        [JobName.PruneHeaderChecks]: pruneHeaderChecksJob(ctx),
        [JobName.PruneAuditLog]: pruneAuditLogJob(ctx),
        [JobName.ReverifyDomains]: reverifyDomainsJob(ctx, () => relay.wake()),
        [JobName.EnsureCheckPartitions]: ensureCheckPartitionsJob(ctx),
        [JobName.ReconcileDomainSchedules]: reconcileDomainSchedulesJob(ctx),
        [JobName.GenerateInvoices]: generateInvoicesJob(ctx),
        [JobName.SendIncidentRepeats]: sendIncidentRepeatsJob(ctx),
        [JobName.JudgeRound]: judgeRoundJob(ctx, () => relay.wake()),
        [JobName.SweepHeartbeats]: sweepHeartbeatsJob(ctx, () => relay.wake()),
        [JobName.RecordAgentCheck]: recordAgentCheckJob(monitors, writer, createLiveRegions(ctx)),
        [JobName.SweepLocationPresence]: sweepLocationPresenceJob(ctx, () => relay.wake()),
      },
      [QueueName.Heartbeats]: heartbeatPingJobs(ctx, () => relay.wake()),
    },
    onStarted: async () => {
      await ensureMaintenanceSchedulers(ctx);
      relay.start();
      void warm();
      const warmer = setInterval(() => void warm(), MONITOR_WARM_MS);
      warmer.unref();
      stops.push(() => clearInterval(warmer), startMaintenanceWatchdog(ctx), await watchRedisRecovery(ctx, recoverFromRedisLoss));
      stopHeartbeat = await startHeartbeat(ctx);
      stopRoundSweep = startRoundDeadlineSweep(ctx, () => relay.wake());
      stopLocationDispatch = startLocationDispatch(ctx, monitors);
    },
    onStopping: async () => {
      await Promise.all(stops.splice(0).map((stop) => stop()));
      await stopRoundSweep?.();
      await stopLocationDispatch?.();
      await stopHeartbeat?.();
      await relay.stop();
    },
  });
}

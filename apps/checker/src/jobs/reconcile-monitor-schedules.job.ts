import {
  chunksOf,
  JobName,
  MONITOR_BUCKETS,
  SCHEDULED_CHECK_JOB_OPTIONS,
  applyBucketPlan,
  bucketDueOf,
  bucketOf,
  bucketRunJobId,
  classifyOutage,
  pipelineReplies,
  planBuckets,
  readBuckets,
  shardOfBucket,
  seenRegions,
  wantedMonitorSchedules,
  withTimeout,
  type Context,
  type JobHandler,
  type JobPayloads,
  type ReconcileResult,
  type WantedMonitor,
} from '@vigil/core';
import type { Queue } from 'bullmq';
import { ensureMaintenanceSchedulers } from '../maintenance-schedulers.js';
import { createMaintenanceCalendar } from '../monitors/maintenance-calendar.js';
import { catchUpJobId, missedRuns, scheduledRunJobId, type MissedRun } from '../monitors/missed-runs.js';

type Calendar = ReturnType<typeof createMaintenanceCalendar>;

/**
 * Makes Redis agree with PostgreSQL (runs every minute from the maintenance queue), region by
 * region: every active, non-paused monitor of an active account on a plan with uptime
 * monitoring is a member of its interval bucket (scheduling/interval-buckets.ts), and every
 * bucket with members has its scheduler (after Redis lost its data, after a change the API could
 * not write, or when a scheduler lost its next run); members that are paused, inactive, deleted,
 * of a deactivated account or of a plan without uptime monitoring, or that moved to another
 * interval or region, are taken out, and buckets left empty lose their scheduler. Per-monitor
 * schedulers of releases before buckets are removed. Then it catches up: a scheduled monitor
 * whose latest due run left no check and whose bucket run no longer exists (lost with Redis's
 * data, or fell due while Redis was down) is checked once now, recorded as that run (see
 * missedRuns); one in a maintenance window that stops checks is not behind.
 */
export async function reconcileMonitorSchedules(ctx: Context, calendar: Calendar = createMaintenanceCalendar(ctx.db, ctx.clock)): Promise<ReconcileResult> {
  const total = { added: 0, removed: 0 };
  // Every region a monitor may name: configured, or seen reporting (each has its own buckets).
  const regions = [...new Set([...ctx.config.knownRegions, ...(await seenRegions(ctx.redis, ctx.config.redisPrefix))])];
  // Shards a larger VIGIL_QUEUE_SHARDS used before are visited too, so their buckets are emptied.
  const shards = ctx.config.queueShards;
  const shardsKey = `${ctx.config.redisPrefix}:queue-shards`;
  const visit = Math.max(shards, Number(await ctx.redis.get(shardsKey)) || 1);
  for (const region of regions) {
    // Redis first, then PostgreSQL: a monitor the API adds in between is not taken out.
    const found = await Promise.all(Array.from({ length: visit }, (_, s) => readBuckets(ctx.redis, ctx.queues.checkQueue(region, s))));
    // A region served by agents has no buckets (its runs are offered to its agents): emptied.
    const wanted = ctx.config.agentRegions.includes(region) ? [] : await wantedMonitorSchedules(ctx.db, ctx.config.tiers, region);
    const missed = await missedRunsOf(calendar, wanted, ctx.clock.now().getTime());
    const shardOf = (id: number, everyMs: number) => shardOfBucket(bucketOf(id, everyMs), shards);
    for (let s = 0; s < visit; s++) {
      const queue = ctx.queues.checkQueue(region, s);
      const plan = planBuckets(
        MONITOR_BUCKETS,
        wanted.filter((w) => shardOf(w.id, w.everyMs) === s),
        found[s].schedulers,
        found[s].members,
      );
      const { added, removed } = await applyBucketPlan(ctx.redis, queue, MONITOR_BUCKETS, plan);
      const caughtUp = await catchUp(ctx, queue, missed.filter((m) => shardOf(m.monitorId, m.everyMs) === s));
      if (added || removed || caughtUp) ctx.logger.info('monitor schedules reconciled', { region, shard: s, added, removed, caughtUp, active: wanted.length });
      total.added += added;
      total.removed += removed;
    }
  }
  if (visit !== shards || shards > 1) await ctx.redis.set(shardsKey, String(shards));
  return total;
}

const CATCH_UP_BATCH = 1000;

/** The latest due runs of the scheduled monitors that left no check, but for monitors in a maintenance window that stops checks. */
async function missedRunsOf(calendar: Calendar, scheduled: WantedMonitor[], nowMs: number): Promise<MissedRun[]> {
  const missed = missedRuns(scheduled, nowMs);
  const accountOf = new Map(missed.map((m) => [m.monitorId, 0]));
  for (const w of scheduled) if (accountOf.has(w.id)) accountOf.set(w.id, w.accountId);
  const stopped = await Promise.all(missed.map((m) => calendar.stopsChecks({ id: m.monitorId, accountId: accountOf.get(m.monitorId) ?? 0 })));
  return missed.filter((_, k) => !stopped[k]);
}

/**
 * Adds the catch-up checks of runs that no job started: neither their bucket's run nor a
 * per-monitor scheduler's (releases before buckets) still exists. One pipelined read per batch;
 * returns how many.
 */
async function catchUp(ctx: Context, queue: Queue, missed: MissedRun[]): Promise<number> {
  let added = 0;
  for (const batch of chunksOf(missed, CATCH_UP_BATCH)) {
    const pipeline = ctx.redis.pipeline();
    for (const m of batch) {
      const bucket = bucketOf(m.monitorId, m.everyMs);
      pipeline.exists(queue.toKey(bucketRunJobId(bucket, bucketDueOf(bucket, m.dueMs))), queue.toKey(scheduledRunJobId(m.monitorId, m.dueMs)));
    }
    const replies = pipelineReplies(await pipeline.exec());
    const absent = batch.filter((_, k) => Number(replies[k]?.[1]) === 0);
    if (!absent.length) continue;
    await queue.addBulk(
      absent.map((m) => ({
        name: JobName.MonitorCheck,
        data: { monitorId: m.monitorId } satisfies JobPayloads[JobName.MonitorCheck],
        opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: catchUpJobId(m.monitorId, m.dueMs) },
      })),
    );
    added += absent.length;
  }
  return added;
}

export function reconcileMonitorSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileMonitorSchedules> {
  const calendar = createMaintenanceCalendar(ctx.db, ctx.clock);
  return () => reconcileMonitorSchedules(ctx, calendar);
}

/** How often the checker makes sure the maintenance schedulers still exist (see below). */
export const MAINTENANCE_WATCHDOG_MS = 20_000;

/**
 * When Redis loses its data while the checker runs, the maintenance schedulers go too, and
 * then nothing would run the reconciler again until a restart. Every `everyMs` this re-creates
 * missing maintenance schedulers (a few reads when nothing is missing); a re-created `every`
 * scheduler fires at once, so the reconciler puts every active monitor back within
 * `everyMs` + one reconcile. Returns the function that stops it, which waits for a check in
 * progress, up to VIGIL_SHUTDOWN_TIMEOUT_MS (nothing of it outlives the app: see watchRedisRecovery).
 */
export function startMaintenanceWatchdog(ctx: Context, everyMs = MAINTENANCE_WATCHDOG_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= ensureMaintenanceSchedulers(ctx)
      // During an outage the DependencyWatch has said so once; this would repeat it every tick.
      .catch((e: unknown) => {
        ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'maintenance schedulers not checked', { error: (e as Error).message });
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    if (running) await withTimeout(running, ctx.config.shutdownTimeoutMs).catch(() => ctx.logger.warn('maintenance schedulers check still running at shutdown; not waited for'));
  };
}

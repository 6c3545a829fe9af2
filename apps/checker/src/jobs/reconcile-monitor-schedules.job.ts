import {
  JobName,
  SCHEDULED_CHECK_JOB_OPTIONS,
  bucketDueOf,
  bucketIndexKey,
  bucketMembersKey,
  bucketOfMonitor,
  bucketOfSchedulerId,
  bucketRunJobId,
  bucketSchedulerId,
  classifyOutage,
  readQueueSchedules,
  runInLanes,
  seenRegions,
  upsertBucketScheduler,
  wantedMonitorSchedules,
  type Context,
  type JobHandler,
  type JobPayloads,
  type MonitorBucket,
  type ReconcileResult,
  type WantedMonitor,
} from '@vigil/core';
import type { Queue } from 'bullmq';
import { ensureMaintenanceSchedulers } from '../maintenance-schedulers.js';
import { planBuckets, type BucketPlan } from '../monitors/bucket-plan.js';
import { createMaintenanceCalendar } from '../monitors/maintenance-calendar.js';
import { catchUpJobId, missedRuns, scheduledRunJobId, type MissedRun } from '../monitors/missed-runs.js';

type Calendar = ReturnType<typeof createMaintenanceCalendar>;

/**
 * Makes Redis agree with PostgreSQL (runs every minute from the maintenance queue), region by
 * region: every active, non-paused monitor of an active account on a plan with uptime
 * monitoring is a member of its interval bucket (scheduling/monitor-buckets.ts), and every
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
  for (const region of regions) {
    const queue = ctx.queues.checkQueue(region);
    // Redis first, then PostgreSQL: a monitor the API adds in between is not taken out.
    const schedulers = await readQueueSchedules(ctx.redis, queue);
    const members = await readMembers(ctx, queue, [...new Set([...(await ctx.redis.smembers(bucketIndexKey(queue))), ...schedulers.keys()])]);
    const wanted = await wantedMonitorSchedules(ctx.db, ctx.config.tiers, region);
    const plan = planBuckets(wanted, schedulers, members);
    const { added, removed } = await applyBucketPlan(ctx, queue, plan);
    const caughtUp = await catchUp(ctx, queue, await missedRunsOf(calendar, wanted, ctx.clock.now().getTime()));
    if (added || removed || caughtUp) ctx.logger.info('monitor schedules reconciled', { region, added, removed, caughtUp, active: wanted.length });
    total.added += added;
    total.removed += removed;
  }
  return total;
}

const REDIS_BATCH = 1000;
/** Scheduler upserts and removals in flight at once. */
const SCHEDULER_LANES = 200;

/** The members of these buckets (scheduler ids; other schedulers are skipped), pipelined in batches. */
async function readMembers(ctx: Context, queue: Queue, ids: string[]): Promise<Map<string, number[]>> {
  const members = new Map<string, number[]>();
  const buckets = ids.flatMap((id) => {
    const b = bucketOfSchedulerId(id);
    return b ? [{ id, b }] : [];
  });
  for (let i = 0; i < buckets.length; i += REDIS_BATCH) {
    const batch = buckets.slice(i, i + REDIS_BATCH);
    const pipeline = ctx.redis.pipeline();
    for (const { b } of batch) pipeline.smembers(bucketMembersKey(queue, b));
    const replies = (await pipeline.exec()) ?? [];
    batch.forEach(({ id }, k) => {
      const [err, reply] = replies[k] ?? [];
      if (err) throw err;
      members.set(id, (reply as string[]).map(Number));
    });
  }
  return members;
}

/** Members first (a scheduler never fires on a bucket still being filled), then the index, then schedulers. */
async function applyBucketPlan(ctx: Context, queue: Queue, plan: BucketPlan): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  const pipeline = ctx.redis.pipeline();
  for (const { bucket, ids } of plan.join.values()) {
    pipeline.sadd(bucketMembersKey(queue, bucket), ...ids.map(String));
    added += ids.length;
  }
  for (const { bucket, ids } of plan.leave.values()) {
    pipeline.srem(bucketMembersKey(queue, bucket), ...ids.map(String));
    removed += ids.length;
  }
  for (let i = 0; i < plan.buckets.length; i += REDIS_BATCH) pipeline.sadd(bucketIndexKey(queue), ...plan.buckets.slice(i, i + REDIS_BATCH).map(bucketSchedulerId));
  if (pipeline.length) throwFirstError(await pipeline.exec());
  const empty = await emptyBuckets(ctx, queue, plan.emptied);
  const dropEmpty = (b: MonitorBucket) => async () => {
    await ctx.redis.srem(bucketIndexKey(queue), bucketSchedulerId(b));
    await queue.removeJobScheduler(bucketSchedulerId(b));
  };
  const tasks = [
    ...empty.map(dropEmpty),
    ...plan.upsert.map((b) => () => upsertBucketScheduler(queue, b)),
    ...plan.removeLegacy.map((id) => () => queue.removeJobScheduler(id)),
  ];
  await runInLanes(tasks, SCHEDULER_LANES);
  return { added, removed: removed + plan.removeLegacy.length };
}

/** Those of the buckets whose member set is empty now (one the API joined meanwhile is kept). */
async function emptyBuckets(ctx: Context, queue: Queue, buckets: MonitorBucket[]): Promise<MonitorBucket[]> {
  if (!buckets.length) return [];
  const pipeline = ctx.redis.pipeline();
  for (const b of buckets) pipeline.scard(bucketMembersKey(queue, b));
  const replies = throwFirstError(await pipeline.exec());
  return buckets.filter((_, k) => Number(replies[k]?.[1]) === 0);
}

function throwFirstError(replies: [Error | null, unknown][] | null): [Error | null, unknown][] {
  const failed = (replies ?? []).find(([err]) => err);
  if (failed?.[0]) throw failed[0];
  return replies ?? [];
}

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
  for (let i = 0; i < missed.length; i += REDIS_BATCH) {
    const batch = missed.slice(i, i + REDIS_BATCH);
    const pipeline = ctx.redis.pipeline();
    for (const m of batch) {
      const bucket = bucketOfMonitor(m.monitorId, m.everyMs);
      pipeline.exists(queue.toKey(bucketRunJobId(bucket, bucketDueOf(bucket, m.dueMs))), queue.toKey(scheduledRunJobId(m.monitorId, m.dueMs)));
    }
    const replies = throwFirstError(await pipeline.exec());
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
 * `everyMs` + one reconcile. Returns the function that stops it.
 */
export function startMaintenanceWatchdog(ctx: Context, everyMs = MAINTENANCE_WATCHDOG_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ensureMaintenanceSchedulers(ctx)
      // During an outage the DependencyWatch has said so once; this would repeat it every tick.
      .catch((e: unknown) => ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'maintenance schedulers not checked', { error: (e as Error).message }))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

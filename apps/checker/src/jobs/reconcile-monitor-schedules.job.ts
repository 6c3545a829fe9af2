import {
  JobName,
  SCHEDULED_CHECK_JOB_OPTIONS,
  classifyOutage,
  monitorScheduleOf,
  queueOfKind,
  seenRegions,
  reconcileSchedules,
  wantedMonitorSchedules,
  type Context,
  type JobHandler,
  type JobPayloads,
  type ReconcileResult,
  type WantedSchedule,
} from '@vigil/core';
import { ensureMaintenanceSchedulers } from '../maintenance-schedulers.js';
import { catchUpJobId, missedRuns, scheduledRunJobId, type MissedRun } from '../monitors/missed-runs.js';

/**
 * Makes Redis agree with PostgreSQL (runs every minute from the maintenance queue): every
 * active, non-paused monitor of an active account on a plan with uptime monitoring gets its
 * scheduler back (after Redis lost its data, or when a scheduler lost its next run), with its
 * current interval; schedulers of paused, inactive or deleted monitors, and of monitors whose
 * account was deactivated or moved to a plan without uptime monitoring, are removed. Then it
 * catches up: a scheduled monitor whose latest due run left no check (its job was lost with
 * Redis's data, or fell due while Redis was down) is checked once now, recorded as that run
 * (see missedRuns).
 */
export async function reconcileMonitorSchedules(ctx: Context): Promise<ReconcileResult> {
  const total = { added: 0, removed: 0 };
  // Every region a monitor may name: configured, or seen reporting (each has its own schedulers).
  const regions = [...new Set([...ctx.config.knownRegions, ...(await seenRegions(ctx.redis, ctx.config.redisPrefix))])];
  for (const region of regions) {
    const kind = monitorScheduleOf(region);
    let scheduled: WantedSchedule[] = [];
    const { added, removed, wanted } = await reconcileSchedules(ctx.queues, ctx.redis, kind, async () => {
      scheduled = await wantedMonitorSchedules(ctx.db, ctx.config.tiers, region);
      return scheduled;
    });
    const caughtUp = await catchUp(ctx, queueOfKind(ctx.queues, kind), await missedRunsOf(ctx, scheduled));
    if (added || removed || caughtUp) ctx.logger.info('monitor schedules reconciled', { region, added, removed, caughtUp, active: wanted });
    total.added += added;
    total.removed += removed;
  }
  return total;
}

/** The latest due runs of the scheduled monitors that left no check. */
async function missedRunsOf(ctx: Context, scheduled: WantedSchedule[]): Promise<MissedRun[]> {
  const rows = (await ctx.db.query(`SELECT id, last_checked_at, created_at FROM monitors WHERE id = ANY($1::int[])`, [
    scheduled.map((w) => w.id),
  ])) as { id: number; last_checked_at: Date | null; created_at: Date }[];
  const everyMs = new Map(scheduled.map((w) => [w.id, w.everyMs]));
  return missedRuns(
    rows.flatMap((r) => {
      const every = everyMs.get(r.id);
      return every ? [{ id: r.id, everyMs: every, lastCheckedAt: r.last_checked_at, createdAt: r.created_at }] : [];
    }),
    ctx.clock.now().getTime(),
  );
}

const CATCH_UP_BATCH = 1000;

type CheckQueue = ReturnType<typeof queueOfKind>;

/** Adds the catch-up checks of runs whose original job no longer exists (one pipelined read per batch); returns how many. */
async function catchUp(ctx: Context, queue: CheckQueue, missed: MissedRun[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < missed.length; i += CATCH_UP_BATCH) {
    const batch = missed.slice(i, i + CATCH_UP_BATCH).map((m) => ({
      monitorId: m.monitorId,
      original: scheduledRunJobId(m.monitorId, m.dueMs),
      jobId: catchUpJobId(m.monitorId, m.dueMs),
    }));
    const pipeline = ctx.redis.pipeline();
    for (const m of batch) pipeline.exists(queue.toKey(m.original));
    const replies = (await pipeline.exec()) ?? [];
    const absent = batch.filter((_, k) => Number(replies[k]?.[1]) === 0);
    if (!absent.length) continue;
    await queue.addBulk(
      absent.map((m) => ({
        name: JobName.MonitorCheck,
        data: { monitorId: m.monitorId } satisfies JobPayloads[JobName.MonitorCheck],
        opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: m.jobId },
      })),
    );
    added += absent.length;
  }
  return added;
}

export function reconcileMonitorSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileMonitorSchedules> {
  return () => reconcileMonitorSchedules(ctx);
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

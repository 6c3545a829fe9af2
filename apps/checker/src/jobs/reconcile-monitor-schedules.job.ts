import {
  MONITOR_SCHEDULE,
  classifyOutage,
  reconcileSchedules,
  wantedMonitorSchedules,
  type Context,
  type JobHandler,
  type JobName,
  type ReconcileResult,
} from '@vigil/core';
import { ensureMaintenanceSchedulers } from '../maintenance-schedulers.js';

/**
 * Makes Redis agree with PostgreSQL (runs every minute from the maintenance queue): every
 * active, non-paused monitor of an active account on a plan with uptime monitoring gets its
 * scheduler back (after Redis lost its data, or when a scheduler lost its next run), with its
 * current interval; schedulers of paused, inactive or deleted monitors, and of monitors whose
 * account was deactivated or moved to a plan without uptime monitoring, are removed.
 */
export async function reconcileMonitorSchedules(ctx: Context): Promise<ReconcileResult> {
  const { added, removed, wanted } = await reconcileSchedules(ctx.queues, ctx.redis, MONITOR_SCHEDULE, () =>
    wantedMonitorSchedules(ctx.db, ctx.config.tiers),
  );
  if (added || removed) ctx.logger.info('monitor schedules reconciled', { added, removed, active: wanted });
  return { added, removed };
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

import { enqueueImmediateCheck, isPushMonitorType, Monitor, removeMonitorSchedule, syncMonitorSchedule, type Context, type MonitorScheduleFacts, type MonitorType } from '@vigil/core';
import { knownRegions, publicRegionsOf } from './region-policy.js';

/**
 * Makes the monitor's schedule (its interval bucket, scheduling/monitor-buckets.ts) match its
 * row, in the request that changed the row (called under the monitor's row lock: inside an
 * update's, pause's or delete's transaction, or after a create's commit, applyCreatedMonitorSchedule;
 * so changes of one monitor reach Redis in order). PostgreSQL is the truth: when
 * Redis fails, the change still stands, the failure is logged, and the reconciler (every minute)
 * brings the schedule in line.
 */
export async function applyMonitorSchedule(
  ctx: Context,
  m: MonitorScheduleFacts | { id: number; checkInterval: number; deleted: true },
  before?: { checkInterval: number },
): Promise<void> {
  try {
    const regions = await knownRegions(ctx);
    // Out of the bucket of its former interval too, so that bucket does not start it in vain.
    if (before && before.checkInterval !== m.checkInterval) await removeMonitorSchedule(ctx.queues, { id: m.id, checkInterval: before.checkInterval }, regions);
    if ('deleted' in m) await removeMonitorSchedule(ctx.queues, m, regions);
    // Buckets only in regions with checkers: the runs of a private location, or of a region
    // served by agents, are offered to its agents.
    else await syncMonitorSchedule(ctx.queues, { ...m, regions: m.regions?.filter((r) => regions.includes(r) && !ctx.config.agentRegions.includes(r)) }, regions);
  } catch (e) {
    ctx.logger.warn('monitor schedule not updated; the reconciler will fix it', { monitorId: m.id, error: (e as Error).message });
  }
}

/**
 * After a create committed (nothing of it goes to Redis inside its transaction): the schedule of
 * the monitor as its row stands now, read under the row lock, so an update or delete that came
 * in between (they apply theirs under the same lock) is not undone. A crash or a failure
 * between the commit and this step leaves the committed monitor unscheduled until the
 * reconciler (every minute) adds it and catches up its missed run. `before`: the interval the
 * monitor had when a committed update changed it (config apply), to leave that bucket too.
 */
export async function applyCreatedMonitorSchedule(ctx: Context, id: number, before?: { checkInterval: number }): Promise<void> {
  try {
    await ctx.db.transaction(async (m) => {
      const row = await m.getRepository(Monitor).findOne({
        where: { id },
        select: { id: true, type: true, checkInterval: true, isActive: true, status: true, regions: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (row) await applyMonitorSchedule(ctx, row, before);
    });
  } catch (e) {
    ctx.logger.warn('monitor schedule not updated; the reconciler will fix it', { monitorId: id, error: (e as Error).message });
  }
}

/**
 * One check now in each of the monitor's regions (after create, after resume); the next
 * scheduled run follows at its time. None for a push type (heartbeat): nothing to probe.
 */
export async function checkNow(ctx: Context, m: { id: number; type: MonitorType; regions: string[] }, reason: 'created' | 'resumed'): Promise<void> {
  if (isPushMonitorType(m.type)) return;
  const monitorId = m.id;
  try {
    const regions = await publicRegionsOf(ctx, m.regions);
    // Only at private locations: its first due run there is its first check.
    if (regions.length) await enqueueImmediateCheck(ctx.queues, monitorId, reason, regions);
  } catch (e) {
    ctx.logger.warn('immediate check not queued; the schedule will check the monitor', { monitorId, error: (e as Error).message });
  }
}

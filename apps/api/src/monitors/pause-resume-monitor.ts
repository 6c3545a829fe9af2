import { ConflictError, Monitor, recordAudit, snapshotOf, type Account, type AuditActor, type Context } from '@vigil/core';
import { findOwnMonitor } from './find-own-monitor.js';
import { applyMonitorSchedule, checkNow } from './schedule-effects.js';

/**
 * Pause from any state (decisions §4), idempotent: a second pause keeps the first paused_at.
 * The scheduler is removed in the same request.
 */
export async function pauseMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  return ctx.db.transaction(async (m) => {
    const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
    if (monitor.status !== 'paused') {
      const was = snapshotOf(m, monitor);
      monitor.status = 'paused';
      monitor.pausedAt = ctx.clock.now();
      await m.getRepository(Monitor).save(monitor);
      await recordAudit(m, actor, [{ resource: 'monitor', id: monitor.id, action: 'pause', before: was, after: monitor }]);
    } else {
      await recordAudit(m, actor, []);
    }
    await applyMonitorSchedule(ctx, monitor);
    return monitor;
  });
}

/**
 * Resume: 409 "Monitor is not paused" unless paused; sets up (as the seed says), clears the
 * failure count, schedules it again (when active) and runs a check at once.
 */
export async function resumeMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  const monitor = await ctx.db.transaction(async (m) => {
    const found = await findOwnMonitor(m, account.id, rawId, { lock: true });
    if (found.status !== 'paused') throw new ConflictError('Monitor is not paused');
    const was = snapshotOf(m, found);
    found.status = 'up';
    found.resumedAt = ctx.clock.now();
    found.pausedAt = null;
    found.consecutiveFailures = 0;
    found.consecutiveSuccesses = 0;
    await m.getRepository(Monitor).save(found);
    await recordAudit(m, actor, [{ resource: 'monitor', id: found.id, action: 'resume', before: was, after: found }]);
    await applyMonitorSchedule(ctx, found);
    return found;
  });
  if (monitor.isActive) await checkNow(ctx, monitor, 'resumed');
  return monitor;
}

import {
  ConflictError,
  monitorColumnsUpdate,
  monitorScheduleChange,
  recordAuditAlong,
  scheduleChangesInsert,
  snapshotOf,
  type Monitor,
  type Account,
  type AuditActor,
  type Context,
} from '@vigil/core';
import { findOwnMonitor } from './find-own-monitor.js';
import { applyScheduleNow } from '../schedules/apply-schedule-now.js';
import { checkNow } from './schedule-effects.js';

/**
 * Pause from any state (decisions §4), idempotent: a second pause keeps the first paused_at.
 * The monitor leaves its schedule in the same request (a schedule change in the outbox, applied
 * after the commit).
 */
export async function pauseMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  const paused = await ctx.db.transaction(async (m) => {
    const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
    // One statement: the update (its main query), the entry and the schedule change.
    const outbox = scheduleChangesInsert([monitorScheduleChange(monitor)]);
    if (monitor.status !== 'paused') {
      const was = snapshotOf(m, monitor);
      const update = monitorColumnsUpdate(monitor, { status: 'paused', pausedAt: ctx.clock.now() });
      const [row] = await recordAuditAlong<{ updated_at?: Date }>(m, actor, [{ resource: 'monitor', id: monitor.id, action: 'pause', before: was, after: monitor }], [outbox], update ?? undefined);
      if (row?.updated_at) monitor.updatedAt = row.updated_at;
    } else {
      await recordAuditAlong(m, actor, [], [outbox]);
    }
    return monitor;
  });
  await applyScheduleNow(ctx, [{ kind: 'monitor', id: paused.id }]);
  return paused;
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
    // One statement: the update (its main query), the entry and the schedule change.
    const update = monitorColumnsUpdate(found, { status: 'up', resumedAt: ctx.clock.now(), pausedAt: null, consecutiveFailures: 0, consecutiveSuccesses: 0 });
    const [row] = await recordAuditAlong<{ updated_at?: Date }>(
      m,
      actor,
      [{ resource: 'monitor', id: found.id, action: 'resume', before: was, after: found }],
      [scheduleChangesInsert([monitorScheduleChange(found)])],
      update ?? undefined,
    );
    if (row?.updated_at) found.updatedAt = row.updated_at;
    return found;
  });
  await applyScheduleNow(ctx, [{ kind: 'monitor', id: monitor.id }]);
  if (monitor.isActive) await checkNow(ctx, monitor, 'resumed');
  return monitor;
}

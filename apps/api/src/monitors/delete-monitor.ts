import { deleteMonitorRow, monitorScheduleChange, recordAudit, writeScheduleChanges, type Account, type AuditActor, type Context } from '@vigil/core';
import { findOwnMonitor } from './find-own-monitor.js';
import { applyScheduleNow } from '../schedules/apply-schedule-now.js';

/**
 * Deletes a monitor with all its checks, incidents and rollups (the foreign keys cascade) and
 * takes it out of its schedule, in one request (a schedule change in the outbox, applied after
 * the commit). Irreversible.
 */
export async function deleteMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<number> {
  const id = await ctx.db.transaction(async (m) => {
    const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
    await deleteMonitorRow(m, monitor.id, account.id);
    await recordAudit(m, actor, [{ resource: 'monitor', id: monitor.id, action: 'delete', before: monitor }]);
    await writeScheduleChanges(m, [monitorScheduleChange(monitor)]);
    return monitor.id;
  });
  await applyScheduleNow(ctx, [{ kind: 'monitor', id }]);
  return id;
}

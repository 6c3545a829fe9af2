import { deleteMonitorOfAccount, monitorScheduleChange, NotFoundError, recordAuditAlong, scheduleChangesInsert, type Account, type AuditActor, type Context } from '@vigil/core';
import { MONITOR_NOT_FOUND } from './find-own-monitor.js';
import { parseId } from '../http/validate.js';
import { applyDeletedMonitorsNow } from '../schedules/apply-schedule-now.js';
import { bumpPingTokenStamp } from '../heartbeats/ping-tokens.js';

/**
 * Deletes a monitor with all its checks, incidents and rollups (the foreign keys cascade) and
 * takes it out of its schedule, in one request (a schedule change in the outbox, applied after
 * the commit without a transaction: applyDeletedMonitorSchedules); a heartbeat monitor's ping token is unknown from the next ping on. Irreversible. 404 for a missing id, a malformed id and another account's monitor alike.
 */
export async function deleteMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<number> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const { type, checkInterval } = await ctx.db.transaction(async (m) => {
    const monitor = await deleteMonitorOfAccount(m, id, account.id);
    if (!monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
    // The entry and the schedule change in one statement.
    await recordAuditAlong(m, actor, [{ resource: 'monitor', id, action: 'delete', before: monitor }], [scheduleChangesInsert([monitorScheduleChange(monitor)])]);
    return monitor;
  });
  // Its ping token is unknown from the next ping on, in every process.
  if (type === 'heartbeat') await bumpPingTokenStamp(ctx);
  // Out of its schedule now (its change names the one interval it had).
  await applyDeletedMonitorsNow(ctx, [{ id, intervals: [checkInterval] }]);
  return id;
}

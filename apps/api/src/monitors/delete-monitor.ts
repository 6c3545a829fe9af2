import {
  deleteMonitorOfAccount,
  monitorDeleteAtVersion,
  monitorScheduleChange,
  NotFoundError,
  recordAuditAlong,
  scheduleChangesInsert,
  scheduleChangesInsertIf,
  writeAuditedWith,
  type Account,
  type AuditActor,
  type Context,
  type Monitor,
} from '@vigil/core';
import { findOwnMonitorVersion, MONITOR_NOT_FOUND } from './find-own-monitor.js';
import { parseId } from '../http/validate.js';
import { applyDeletedMonitorNow } from '../schedules/apply-schedule-now.js';
import { bumpPingTokenStamp } from '../heartbeats/ping-tokens.js';

/**
 * Deletes a monitor with all its checks, incidents and rollups (the foreign keys cascade) and
 * takes it out of its schedule, in one request (a schedule change in the outbox, applied after
 * the commit without a transaction, grouped with other deletes: applyDeletedMonitorNow); a heartbeat monitor's ping token is unknown from the next ping on. Irreversible. 404 for a missing id, a malformed id and another account's monitor alike.
 */
export async function deleteMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<number> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const { type, checkInterval } = (await deleteAtVersion(ctx, account, actor, rawId)) ?? (await deleteLocked(ctx, account, actor, id));
  // Its ping token is unknown from the next ping on, in every process.
  if (type === 'heartbeat') await bumpPingTokenStamp(ctx);
  // Out of its schedule now (its change names the one interval it had).
  await applyDeletedMonitorNow(ctx, { id, intervals: [checkInterval] });
  return id;
}

/**
 * The delete, its entry (the row as read) and its schedule change in ONE statement at the
 * version of the row read without a lock (issue 35: where a transaction deleted, then recorded,
 * then committed). Null when the row changed since the read (the check writer recorded a check):
 * nothing deleted, the locked way follows.
 */
async function deleteAtVersion(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor | null> {
  const { monitor, version } = await findOwnMonitorVersion(ctx.db, account.id, rawId);
  const outbox = scheduleChangesInsertIf([monitorScheduleChange(monitor)], 'w');
  const [row] = await writeAuditedWith(ctx.db.manager, actor, { resource: 'monitor', id: monitor.id, action: 'delete', before: monitor }, monitorDeleteAtVersion(monitor.id, account.id, version), [outbox]);
  return row ? monitor : null;
}

/** The delete in a transaction, the row as the DELETE returns it: when deleteAtVersion could not delete. */
async function deleteLocked(ctx: Context, account: Account, actor: AuditActor, id: number): Promise<Monitor> {
  return ctx.db.transaction(async (m) => {
    const monitor = await deleteMonitorOfAccount(m, id, account.id);
    if (!monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
    // The entry and the schedule change in one statement.
    await recordAuditAlong(m, actor, [{ resource: 'monitor', id, action: 'delete', before: monitor }], [scheduleChangesInsert([monitorScheduleChange(monitor)])]);
    return monitor;
  });
}

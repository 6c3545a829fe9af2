import {
  ConflictError,
  monitorColumnsUpdate,
  monitorColumnsUpdateAtVersion,
  monitorScheduleChange,
  recordAuditAlong,
  resumedMonitorChange,
  runAsOne,
  scheduleChangesInsert,
  scheduleChangesInsertIf,
  snapshotOf,
  type Monitor,
  type Account,
  type AuditActor,
  type Context,
} from '@vigil/core';
import { findOwnMonitor } from './find-own-monitor.js';
import { inMonitorWriteTurn, ownMonitorForWriteAtVersion, writeMonitorAtVersion } from './write-at-version.js';
import { applyMonitorScheduleNow } from '../schedules/apply-schedule-now.js';

type Columns = Partial<Monitor>;

/**
 * Writes `set`, its entry (`action`) and the monitor's schedule change in ONE statement at the
 * version of the row read without a lock (issue 35: where a transaction read it under its lock,
 * wrote, and committed: four round trips). Null when the row changed between the read and the
 * write (the check writer records a check, another write): nothing was written, and the caller
 * writes the locked way (straight away for a while, when the monitor is contended).
 */
async function writeAtVersion(ctx: Context, actor: AuditActor, monitor: Monitor, version: string, action: 'pause' | 'resume', set: Columns): Promise<Monitor | null> {
  const m = ctx.db.manager;
  const was = snapshotOf(m, monitor);
  const update = monitorColumnsUpdateAtVersion(monitor, set, version);
  if (!update) return null;
  const outbox = scheduleChangesInsertIf([action === 'resume' ? resumedMonitorChange(monitor) : monitorScheduleChange(monitor)], 'w');
  return writeMonitorAtVersion(m, actor, monitor, action, was, update, [outbox]);
}

/**
 * Pause from any state (decisions §4), idempotent: a second pause keeps the first paused_at.
 * The monitor leaves its schedule in the same request (a schedule change in the outbox, applied
 * after the commit).
 */
export async function pauseMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  const paused = await inMonitorWriteTurn(account.id, rawId, async () => (await pauseAtVersion(ctx, account, actor, rawId)) ?? (await pauseLocked(ctx, account, actor, rawId)));
  await applyMonitorScheduleNow(ctx, paused.id);
  return paused;
}

/** pauseMonitor's write in one statement (writeAtVersion); null: the row changed since it was read. */
async function pauseAtVersion(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor | null> {
  const read = await ownMonitorForWriteAtVersion(ctx.db, account.id, rawId);
  if (!read) return null;
  const { monitor, version } = read;
  if (monitor.status !== 'paused') return writeAtVersion(ctx, actor, monitor, version, 'pause', { status: 'paused', pausedAt: ctx.clock.now() });
  // Paused already: no entry, its schedule change only (the change applies the row as it stands).
  await runAsOne(ctx.db, [scheduleChangesInsert([monitorScheduleChange(monitor)])]);
  actor.recorded?.();
  return monitor;
}

/** pauseMonitor's write under the row lock: when the row changed between pauseAtVersion's read and its write. */
async function pauseLocked(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  return ctx.db.transaction(async (m) => {
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
}

/** What a resume sets: up, resumed now, the failure and success counts cleared. */
const resumed = (ctx: Context): Columns => ({ status: 'up', resumedAt: ctx.clock.now(), pausedAt: null, consecutiveFailures: 0, consecutiveSuccesses: 0 });

/**
 * Resume: 409 "Monitor is not paused" unless paused; sets up (as the seed says), clears the
 * failure count, schedules it again (when active) and runs a check at once: its schedule
 * change carries the check (resumedMonitorChange), queued with the schedule after the commit,
 * in the regions with checkers, when the monitor is scheduled then (none for a push type).
 */
export async function resumeMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  const monitor = await inMonitorWriteTurn(account.id, rawId, async () => (await resumeAtVersion(ctx, account, actor, rawId)) ?? (await resumeLocked(ctx, account, actor, rawId)));
  await applyMonitorScheduleNow(ctx, monitor.id);
  return monitor;
}

/** resumeMonitor's write in one statement (writeAtVersion); null: the row changed since it was read. */
async function resumeAtVersion(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor | null> {
  const read = await ownMonitorForWriteAtVersion(ctx.db, account.id, rawId);
  if (!read) return null;
  const { monitor, version } = read;
  if (monitor.status !== 'paused') throw new ConflictError('Monitor is not paused');
  return writeAtVersion(ctx, actor, monitor, version, 'resume', resumed(ctx));
}

/** resumeMonitor's write under the row lock: when the row changed between resumeAtVersion's read and its write. */
async function resumeLocked(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<Monitor> {
  return ctx.db.transaction(async (m) => {
    const found = await findOwnMonitor(m, account.id, rawId, { lock: true });
    if (found.status !== 'paused') throw new ConflictError('Monitor is not paused');
    const was = snapshotOf(m, found);
    // One statement: the update (its main query), the entry and the schedule change.
    const update = monitorColumnsUpdate(found, resumed(ctx));
    const [row] = await recordAuditAlong<{ updated_at?: Date }>(
      m,
      actor,
      [{ resource: 'monitor', id: found.id, action: 'resume', before: was, after: found }],
      [scheduleChangesInsert([resumedMonitorChange(found)])],
      update ?? undefined,
    );
    if (row?.updated_at) found.updatedAt = row.updated_at;
    return found;
  });
}

import {
  alreadyMonitoredMessage,
  createSecretBox,
  monitorColumnsUpdate,
  monitorColumnsUpdateAtVersion,
  monitorScheduleChange,
  recordAuditAlong,
  runAsOne,
  scheduleChangesInsert,
  scheduleChangesInsertIf,
  snapshotOf,
  type Account,
  type AuditActor,
  type Context,
  type EntityAccess,
  type Monitor,
} from '@vigil/core';
import { alreadyMonitoredError } from './already-monitored.js';
import { assertOwnEscalation } from './escalation-integrations.js';
import { assertIntervalAllowed } from './interval-policy.js';
import { findOwnMonitor } from './find-own-monitor.js';
import { inMonitorWriteTurn, ownMonitorForWriteAtVersion, writeMonitorAtVersion } from './write-at-version.js';
import type { UpdateMonitorInput } from './monitor-input.js';
import { rescheduleHeartbeat } from '../heartbeats/heartbeat-store.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from './monitor-columns.js';
import { typedConfigOfUpdate } from './monitor-type-input.js';
import { configView } from './monitor-views.js';
import type { ConfigView } from './monitor.schema.js';
import { applyMonitorScheduleNow } from '../schedules/apply-schedule-now.js';
import { resolveRegions } from './region-policy.js';

/** What an update learnt of the monitor, for the 409 of a target a concurrent write took. */
interface Seen {
  alreadyMonitored: string;
  target: { id: number; normalizedUrl: string } | null;
}

/**
 * PUT and PATCH (same partial meaning): applies the given fields, re-validated like create
 * (uniqueness of the type's key within the account, a changed interval allowed by the tier; the
 * type never changes, a `config` given is merged into the current one), and changes the schedule
 * in the same request when check_interval, is_active or regions is given (a schedule change in the
 * outbox with the update, applied after the commit). Answers the fields given.
 */
export async function updateMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined, input: UpdateMonitorInput) {
  const seen: Seen = { alreadyMonitored: alreadyMonitoredMessage('http'), target: null };
  const reschedules = input.check_interval !== undefined || input.is_active !== undefined || input.regions !== undefined;
  const updated = await inMonitorWriteTurn(account.id, rawId, () =>
    updateAtVersion(ctx, account, actor, rawId, input, reschedules, seen).then((done) => done ?? updateLocked(ctx, account, actor, rawId, input, reschedules, seen)),
  )
    .catch(async (e: unknown) => {
      // A concurrent create or update took the target: name its monitor.
      const { target } = seen;
      if (isUniqueViolation(e) && target) throw (await alreadyMonitoredError(ctx.db.manager, account.id, target.normalizedUrl, seen.alreadyMonitored, target.id)) ?? e;
      throw e;
    });
  if (reschedules) await applyMonitorScheduleNow(ctx, updated.id);
  const config: ConfigView = configView(updated);
  // The fields given, in the order of the configuration (the answer's schema order).
  const changed = Object.fromEntries(Object.entries(config).filter(([k]) => k in input));
  return { id: updated.id, name: updated.name, ...changed, updated_at: updated.updatedAt.toISOString() };
}

/** The columns the update writes, validated against `monitor` (the duplicate target read on `m`). */
async function columnsOf(ctx: Context, m: EntityAccess, account: Account, input: UpdateMonitorInput, monitor: Monitor, seen: Seen): Promise<Partial<Monitor>> {
  seen.alreadyMonitored = alreadyMonitoredMessage(monitor.type);
  const typed = typedConfigOfUpdate(monitor, input);
  // Only a change is judged: a downgraded account may keep re-sending its current interval.
  if (input.check_interval !== undefined && input.check_interval !== monitor.checkInterval) {
    assertIntervalAllowed(ctx.config.tiers[account.tier], input.check_interval, ctx.config.baseUrl);
  }
  await assertOwnEscalation(ctx, account.id, input.escalation);
  const columns = { ...monitorColumns(input, createSecretBox(ctx.config.secretKey), monitor), ...(typed ? typedConfigColumns(typed) : {}) };
  if (columns.normalizedUrl !== undefined) {
    seen.target = { id: monitor.id, normalizedUrl: columns.normalizedUrl };
    const duplicate = await alreadyMonitoredError(m, account.id, columns.normalizedUrl, seen.alreadyMonitored, monitor.id);
    if (duplicate) throw duplicate;
  }
  const placement = input.regions !== undefined || input.min_failing_regions !== undefined ? await resolveRegions(ctx, account, input, monitor) : {};
  return { ...columns, ...placement };
}

/**
 * The update, its entry and its schedule change in ONE statement at the version of the row read
 * without a lock (issue 35: where a transaction read it under the lock, wrote and committed).
 * Null when the write must go the locked way: the row changed since the read (nothing written;
 * the monitor is then contended a while: monitorWriteContention), or a type's config changes
 * (its heartbeat row is rescheduled in the same transaction).
 */
async function updateAtVersion(
  ctx: Context,
  account: Account,
  actor: AuditActor,
  rawId: string | string[] | undefined,
  input: UpdateMonitorInput,
  reschedules: boolean,
  seen: Seen,
): Promise<Monitor | null> {
  const read = await ownMonitorForWriteAtVersion(ctx.db, account.id, rawId);
  if (!read) return null;
  const { monitor, version } = read;
  const m = ctx.db.manager;
  if (typedConfigOfUpdate(monitor, input)) return null;
  const set = await columnsOf(ctx, m, account, input, monitor, seen);
  const before = { checkInterval: monitor.checkInterval };
  const was = snapshotOf(m, monitor);
  const update = monitorColumnsUpdateAtVersion(monitor, set, version);
  // After the update's assignment: the interval it has now, and the one it had.
  const change = monitorScheduleChange(monitor, before);
  if (!update) {
    // Nothing differs: no entry and updated_at kept, as the locked way.
    if (reschedules) await runAsOne(ctx.db, [scheduleChangesInsert([change])]);
    actor.recorded?.();
    return monitor;
  }
  const along = reschedules ? [scheduleChangesInsertIf([change], 'w')] : [];
  return writeMonitorAtVersion(m, actor, monitor, 'update', was, update, along);
}

/** The update under the row lock: when updateAtVersion could not write. */
async function updateLocked(
  ctx: Context,
  account: Account,
  actor: AuditActor,
  rawId: string | string[] | undefined,
  input: UpdateMonitorInput,
  reschedules: boolean,
  seen: Seen,
): Promise<Monitor> {
  return ctx.db.transaction(async (m) => {
    const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
    const typed = typedConfigOfUpdate(monitor, input);
    const set = await columnsOf(ctx, m, account, input, monitor, seen);
    const before = { checkInterval: monitor.checkInterval };
    const was = snapshotOf(m, monitor);
    // One statement: the update (its main query), the schedule change and the entry.
    const update = monitorColumnsUpdate(monitor, set);
    const [row] = await recordAuditAlong<{ updated_at?: Date }>(
      m,
      actor,
      [{ resource: 'monitor', id: monitor.id, action: 'update', before: was, after: monitor }],
      reschedules ? [scheduleChangesInsert([monitorScheduleChange(monitor, before)])] : [],
      update ?? undefined,
    );
    if (row?.updated_at) monitor.updatedAt = row.updated_at;
    if (typed) await rescheduleHeartbeat(m, monitor);
    return monitor;
  });
}

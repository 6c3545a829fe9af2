import {
  alreadyMonitoredMessage,
  createSecretBox,
  monitorColumnsUpdate,
  monitorScheduleChange,
  recordAuditAlong,
  scheduleChangesInsert,
  snapshotOf,
  type Account,
  type AuditActor,
  type Context,
} from '@vigil/core';
import { alreadyMonitoredError } from './already-monitored.js';
import { assertOwnEscalation } from './escalation-integrations.js';
import { assertIntervalAllowed } from './interval-policy.js';
import { findOwnMonitor } from './find-own-monitor.js';
import type { UpdateMonitorInput } from './monitor-input.js';
import { rescheduleHeartbeat } from '../heartbeats/heartbeat-store.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from './monitor-columns.js';
import { typedConfigOfUpdate } from './monitor-type-input.js';
import { configView } from './monitor-views.js';
import type { ConfigView } from './monitor.schema.js';
import { applyScheduleNow } from '../schedules/apply-schedule-now.js';
import { resolveRegions } from './region-policy.js';

/**
 * PUT and PATCH (same partial meaning): applies the given fields, re-validated like create
 * (uniqueness of the type's key within the account, a changed interval allowed by the tier; the
 * type never changes, a `config` given is merged into the current one), and changes the schedule
 * in the same request when check_interval, is_active or regions is given (a schedule change in the
 * outbox with the update, applied after the commit). Answers the fields given.
 */
export async function updateMonitor(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined, input: UpdateMonitorInput) {
  let alreadyMonitored = alreadyMonitoredMessage('http');
  let target: { id: number; normalizedUrl: string } | null = null;
  const reschedules = input.check_interval !== undefined || input.is_active !== undefined || input.regions !== undefined;
  const updated = await ctx.db
    .transaction(async (m) => {
      const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
      alreadyMonitored = alreadyMonitoredMessage(monitor.type);
      const typed = typedConfigOfUpdate(monitor, input);
      // Only a change is judged: a downgraded account may keep re-sending its current interval.
      if (input.check_interval !== undefined && input.check_interval !== monitor.checkInterval) {
        assertIntervalAllowed(ctx.config.tiers[account.tier], input.check_interval, ctx.config.baseUrl);
      }
      await assertOwnEscalation(ctx, account.id, input.escalation);
      const columns = { ...monitorColumns(input, createSecretBox(ctx.config.secretKey), monitor), ...(typed ? typedConfigColumns(typed) : {}) };
      if (columns.normalizedUrl !== undefined) {
        target = { id: monitor.id, normalizedUrl: columns.normalizedUrl };
        const duplicate = await alreadyMonitoredError(m, account.id, columns.normalizedUrl, alreadyMonitored, monitor.id);
        if (duplicate) throw duplicate;
      }
      const placement = input.regions !== undefined || input.min_failing_regions !== undefined ? await resolveRegions(ctx, account, input, monitor) : {};
      const before = { checkInterval: monitor.checkInterval };
      const was = snapshotOf(m, monitor);
      // One statement: the update (its main query), the schedule change and the entry.
      const update = monitorColumnsUpdate(monitor, { ...columns, ...placement });
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
    })
    .catch(async (e: unknown) => {
      // A concurrent create or update took the target: name its monitor.
      if (isUniqueViolation(e) && target) throw (await alreadyMonitoredError(ctx.db.manager, account.id, target.normalizedUrl, alreadyMonitored, target.id)) ?? e;
      throw e;
    });
  if (reschedules) await applyScheduleNow(ctx, [{ kind: 'monitor', id: updated.id }]);
  const config: ConfigView = configView(updated);
  // The fields given, in the order of the configuration (the answer's schema order).
  const changed = Object.fromEntries(Object.entries(config).filter(([k]) => k in input));
  return { id: updated.id, name: updated.name, ...changed, updated_at: updated.updatedAt.toISOString() };
}

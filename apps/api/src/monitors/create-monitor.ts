import {
  accountLimitLock,
  alreadyMonitoredMessage,
  countMonitors,
  createdMonitorChange,
  createdMonitorChangeInsert,
  createSecretBox,
  insertAudited,
  insertMonitorRow,
  Monitor as MonitorEntity,
  monitorInsertGenerated,
  monitorOfRow,
  monitorRowInsert,
  recordAuditAlong,
  scheduleChangesInsert,
  snapshotOf,
  type Account,
  type AuditActor,
  type Context,
  type Monitor,
  type MonitorRow,
} from '@vigil/core';
import { alreadyMonitoredError } from './already-monitored.js';
import { createHeartbeat } from '../heartbeats/heartbeat-store.js';
import { tierLimitError } from '../http/tier-limit.js';
import { assertOwnEscalation } from './escalation-integrations.js';
import { assertIntervalAllowed } from './interval-policy.js';
import { monitorDefaults, type CreateMonitorInput } from './monitor-input.js';
import { isUniqueViolation, monitorColumns, typedConfigColumns } from './monitor-columns.js';
import { typedConfigOfCreate } from './monitor-type-input.js';
import { applyMonitorScheduleNow } from '../schedules/apply-schedule-now.js';
import { resolveRegions } from './region-policy.js';

export const URL_ALREADY_MONITORED = alreadyMonitoredMessage('http');

/**
 * Creates a monitor (status pending, active) of its type with its scheduler and its first
 * check. Creates of one account run in parallel: a duplicate is refused by the unique
 * index on (account_id, normalized_url) (a concurrent insert of the same key waits for the
 * first and fails), and the monitor limit, counting monitors of every type, is checked only
 * when the tier has one: after the insert, under the account's monitor-limit lock
 * (lockAccountLimit), so concurrent creates with room for k leave exactly k new monitors. Its
 * schedule change and first check are written to the schedule outbox with the insert and
 * applied to Redis after the commit (applyMonitorScheduleNow; the outbox relay when Redis failed).
 */
export async function createMonitor(ctx: Context, account: Account, actor: AuditActor, input: CreateMonitorInput): Promise<Monitor> {
  const tier = ctx.config.tiers[account.tier];
  const typed = typedConfigOfCreate(input);
  const type = typed ? typed.type : 'http';
  const fields = { ...monitorDefaults(type), ...input };
  assertIntervalAllowed(tier, fields.check_interval, ctx.config.baseUrl);
  await assertOwnEscalation(ctx, account.id, fields.escalation);
  const columns = {
    ...monitorColumns(fields, createSecretBox(ctx.config.secretKey)),
    ...(typed ? typedConfigColumns(typed) : {}),
    ...(await resolveRegions(ctx, account, input)),
  };
  const alreadyMonitored = alreadyMonitoredMessage(type);
  const limit = tier.monitors;
  const assertRoom = (current: number) => {
    if (limit !== null && current >= limit) throw tierLimitError('Monitor limit reached', { tier: account.tier, limit, current, baseUrl: ctx.config.baseUrl });
  };

  const set: Partial<Monitor> = { ...columns, accountId: account.id, status: 'pending', isActive: true };
  // Without a limit, nor a heartbeat row to insert with it, nor a numeric the column may round
  // (slo_target: its entry tells the value as stored): the row, its entry and its schedule
  // change in one statement.
  const atOnce = limit === null && type !== 'heartbeat' && (set.sloTarget === undefined || set.sloTarget === null);
  const created = atOnce ? createAtOnce(ctx, actor, set) : ctx.db
    .transaction(async (m) => {
      const saved = await insertMonitorRow(m, set);
      await createHeartbeat(ctx, m, saved, ctx.clock.now());
      // One statement: the schedule change, the entry (recorded with the insert: a create refused
      // below rolls it back with it) and, when the tier has a limit, its lock; the count after it.
      await recordAuditAlong(
        m,
        actor,
        [{ resource: 'monitor', id: saved.id, action: 'create', after: saved }],
        [scheduleChangesInsert([createdMonitorChange(saved)])],
        limit !== null ? accountLimitLock('monitors', account.id) : undefined,
      );
      if (limit !== null) assertRoom((await countMonitors(m, account.id)) - 1);
      return saved;
    });
  const monitor = await created
    .catch(async (e: unknown) => {
      if (!isUniqueViolation(e)) throw e;
      // The limit answers first when both apply (as when it was checked before the insert).
      if (limit !== null) assertRoom(await countMonitors(ctx.db, account.id));
      // The 409 names the monitor that has the target.
      throw (await alreadyMonitoredError(ctx.db.manager, account.id, columns.normalizedUrl, alreadyMonitored)) ?? e;
    });
  await applyMonitorScheduleNow(ctx, monitor.id);
  return monitor;
}


/**
 * The insert, its entry (the row as created: the fields given and those the database fills) and
 * its schedule change with its first check, in ONE statement (issue 35: where a transaction
 * inserted, recorded and committed).
 */
async function createAtOnce(ctx: Context, actor: AuditActor, set: Partial<Monitor>): Promise<Monitor> {
  const after = snapshotOf(ctx.db.manager, Object.assign(new MonitorEntity(), set));
  const [row] = await insertAudited<MonitorRow>(ctx.db, actor, monitorRowInsert(set), {
    resource: 'monitor',
    action: 'create',
    after,
    generated: monitorInsertGenerated(set),
    then: [createdMonitorChangeInsert('n')],
  });
  return monitorOfRow(row);
}

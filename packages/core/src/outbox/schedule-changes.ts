import type { DataSource, EntityManager } from 'typeorm';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { Domain } from '../db/entities/domain.entity.js';
import { enqueueTlsScan, tlsScanJobId } from '../domains/scans.js';
import { MONITOR_SCHEDULE_FACTS_FOR_SHARE, monitorScheduleFactsFor, monitorScheduleFactsOf, type MonitorScheduleFactsRow } from '../monitors/monitor-row-store.js';
import type { Logger } from '../logging/logger.js';
import type { Queues } from '../queue/queues.js';
import { seenRegions } from '../regions/checker-heartbeats.js';
import { removeDomainSchedule, syncDomainSchedule, syncDomainSchedules, type DomainScheduleFacts } from '../scheduling/domain-schedules.js';
import { enqueueFirstChecks, oneOffCheckJobId, oneOffCheckJobSuffix, removeMonitorSchedule, shouldBeScheduled, syncMonitorSchedule, type MonitorScheduleFacts } from '../scheduling/monitor-schedules.js';
import { withTimeout } from '../time/with-timeout.js';

/**
 * A schedule change a transaction decided (a monitor or domain created, changed, paused,
 * resumed or deleted), written to `schedule_outbox` in that transaction. It names the entity,
 * not the schedule: whoever applies it makes Redis match the entity's row as it stands then, so
 * a change applied late never undoes a later one. A create's change also carries its one-off
 * job (a monitor's first check, a domain's initial scan) under a job id drawn when the row is
 * written, so that every apply of the row adds the same job: BullMQ adds it once.
 */
export type ScheduleChange = MonitorOutboxChange | DomainOutboxChange;

export interface MonitorOutboxChange {
  kind: 'monitor';
  id: number;
  /** Every check interval (s) whose bucket the monitor may be in: before and after the change (a deleted row has no interval left to read). */
  intervals: number[];
  /** Created (or resumed): the job id of its first check (its check at once), queued in the regions it is scheduled in if it is still scheduled then. */
  firstCheck?: string;
}

export interface DomainOutboxChange {
  kind: 'domain';
  id: number;
  /** Created: the scan inserted queued with it, handed to the scanners under `jobId` if the domain still exists then. */
  initialScan?: { scanId: number; jobId: string };
}

/** The entity a change is about. */
export type ScheduleTarget = Pick<ScheduleChange, 'kind' | 'id'>;

/** What a row's payload holds, per kind. */
export interface ScheduleChangePayload {
  intervals?: number[];
  firstCheck?: string;
  initialScan?: { scanId: number; jobId: string };
}

/** The change of a monitor that had `before.checkInterval` (when the change may have moved it) and has `m.checkInterval` now. */
export function monitorScheduleChange(m: { id: number; checkInterval: number }, before?: { checkInterval: number }): ScheduleChange {
  return { kind: 'monitor', id: m.id, intervals: [...new Set([m.checkInterval, ...(before ? [before.checkInterval] : [])])] };
}

export function domainScheduleChange(id: number): ScheduleChange {
  return { kind: 'domain', id };
}

/** The change of a created monitor: its schedule and its first check. */
export function createdMonitorChange(m: { id: number; checkInterval: number }): MonitorOutboxChange {
  return { kind: 'monitor', id: m.id, intervals: [m.checkInterval], firstCheck: oneOffCheckJobId(m.id, 'created') };
}

/**
 * createdMonitorChange of each monitor the WITH query `created` of the same statement inserted
 * (its `id` and `check_interval`), as an INSERT: for a create sent as one statement, whose id
 * the database makes. The payload is createdMonitorChange's.
 */
export function createdMonitorChangeInsert(created: string): Statement {
  return {
    sql: `INSERT INTO schedule_outbox (kind, entity_id, payload) SELECT 'monitor', c.id, jsonb_build_object('intervals', jsonb_build_array(c.check_interval), 'firstCheck', 'check-' || c.id || '-' || $1::text) FROM ${created} c`,
    params: [oneOffCheckJobSuffix('created')],
  };
}

/**
 * The change of a resumed monitor: its schedule and its check at once (after the bucket, in the
 * same apply: one Redis round trip less than a separate add, and the relay retries it with the
 * schedule when Redis failed).
 */
export function resumedMonitorChange(m: { id: number; checkInterval: number }): MonitorOutboxChange {
  return { kind: 'monitor', id: m.id, intervals: [m.checkInterval], firstCheck: oneOffCheckJobId(m.id, 'resumed') };
}

/** The change of a created domain: its schedule and its initial scan (`scanId`, inserted with it). */
export function createdDomainChange(id: number, scanId: number): DomainOutboxChange {
  return { kind: 'domain', id, initialScan: { scanId, jobId: tlsScanJobId(scanId) } };
}

function payloadOf(c: ScheduleChange): ScheduleChangePayload {
  if (c.kind === 'domain') return c.initialScan === undefined ? {} : { initialScan: c.initialScan };
  return c.firstCheck === undefined ? { intervals: c.intervals } : { intervals: c.intervals, firstCheck: c.firstCheck };
}

/** Writes the changes in the caller's transaction (one statement); their row ids. See applyScheduleChanges and relayScheduleChanges. */
export async function writeScheduleChanges(em: EntityManager, changes: readonly ScheduleChange[]): Promise<number[]> {
  if (!changes.length) return [];
  const { sql, params } = scheduleChangesInsert(changes);
  const rows = await em.query<{ id: string }[]>(`${sql} RETURNING id`, [...params]);
  return rows.map((r) => Number(r.id));
}

/** writeScheduleChanges' INSERT (without RETURNING), to send with the transaction's other writes (oneStatement). */
export function scheduleChangesInsert(changes: readonly ScheduleChange[]): Statement {
  return {
    sql: `INSERT INTO schedule_outbox (kind, entity_id, payload) SELECT * FROM unnest($1::text[], $2::int[], $3::jsonb[])`,
    params: [changes.map((c) => c.kind), changes.map((c) => c.id), changes.map((c) => JSON.stringify(payloadOf(c)))],
  };
}

/**
 * scheduleChangesInsert written only when the WITH query `written` of the same statement has a
 * row (a write at a row version, which may find the row changed and write nothing).
 */
export function scheduleChangesInsertIf(changes: readonly ScheduleChange[], written: string): Statement {
  const insert = scheduleChangesInsert(changes);
  return { sql: `${insert.sql} WHERE EXISTS (SELECT 1 FROM ${written})`, params: insert.params };
}

/**
 * Drops rows a caller applied itself (a config apply's batch: applied in pipelines from the rows
 * as they stood after its commit). A later change of the same entity has rows of its own.
 */
export async function dropScheduleChanges(em: Queryable, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await em.query(`DELETE FROM schedule_outbox WHERE id = ANY($1::bigint[])`, [ids]);
}

export interface ScheduleApplyDeps {
  db: DataSource;
  queues: Queues;
  /** The configured regions (VIGIL_REGIONS and the defaults); the regions seen reporting are added. */
  regions: readonly string[];
  /** Public regions served by agents (VIGIL_AGENT_REGIONS): no buckets there, their runs are leased. */
  agentRegions: readonly string[];
  /** Redis work of one entity that takes longer fails (its changes stay for the relay). */
  timeoutMs: number;
}

/** Every region a monitor may be scheduled in: configured, or seen reporting (each has its own buckets). Read once per call that applies changes. */
export type Regions = () => Promise<string[]>;

/** A reader of the regions, reading Redis once (again after a failure). */
export function scheduleRegions(deps: ScheduleApplyDeps): Regions {
  let read: Promise<string[]> | undefined;
  return () => {
    read ??= seenRegions(deps.queues.connection, deps.queues.prefix).then((seen) => [...new Set([...deps.regions, ...seen])].sort());
    // A failed read is not kept: the next entity asks Redis again.
    read.catch(() => (read = undefined));
    return read;
  };
}

/** Deletes (and so locks) the entity's pending rows, after any applier holding them. */
const TAKE_WAITING = `DELETE FROM schedule_outbox WHERE kind = $1 AND entity_id = $2 RETURNING payload`;
/** The same, skipping rows another applier holds. */
const TAKE_SKIPPING = `DELETE FROM schedule_outbox WHERE id IN (SELECT id FROM schedule_outbox WHERE kind = $1 AND entity_id = $2 FOR UPDATE SKIP LOCKED) RETURNING payload`;

/**
 * TAKE_WAITING for a monitor, and then its row FOR SHARE, in one statement: the target list's
 * first subquery reads the DELETE's rows to the end (waiting for any applier holding them)
 * before the second locks and reads the monitor, the order of the two statements it replaces.
 */
const TAKE_MONITOR_WAITING = `WITH taken AS (DELETE FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = $1 RETURNING payload)
SELECT (SELECT coalesce(json_agg(payload), '[]'::json) FROM taken) AS payloads,
       (SELECT row_to_json(m) FROM (${MONITOR_SCHEDULE_FACTS_FOR_SHARE}) m) AS facts`;

/**
 * The pending changes of one entity, in the caller's transaction: takes its rows (deleted,
 * locked until the commit; `wait`: after any applier holding them, else skipping those), then
 * its row FOR SHARE (an update of it waits until Redis is written, so no later change reaches
 * Redis first), and makes Redis match the row as it stands (no row: deleted, out of every
 * schedule). A failure rolls the transaction back: the rows are pending again. Returns how many
 * rows it applied (0: none pending, or another applier has them).
 */
async function applyPendingOf(em: EntityManager, deps: ScheduleApplyDeps, regions: Regions, target: ScheduleTarget, wait: boolean): Promise<number> {
  if (wait && target.kind === 'monitor') return applyPendingMonitor(em, deps, regions, target.id);
  if (wait) return applyPendingDomain(em, deps, target.id);
  const [taken] = await em.query<WriteResult<{ payload: ScheduleChangePayload }>>(wait ? TAKE_WAITING : TAKE_SKIPPING, [target.kind, target.id]);
  if (!taken.length) return 0;
  const payloads = taken.map((r) => r.payload);
  const redis = target.kind === 'monitor' ? applyMonitor(em, deps, regions, target.id, payloads) : applyDomain(em, deps, target.id, payloads);
  await withTimeout(redis, deps.timeoutMs, `Schedule of ${target.kind} ${target.id}: Redis timed out`);
  return taken.length;
}

/** applyPendingOf of a monitor, waiting: its rows and its row FOR SHARE in one statement (TAKE_MONITOR_WAITING). */
async function applyPendingMonitor(em: EntityManager, deps: ScheduleApplyDeps, regions: Regions, id: number): Promise<number> {
  const [taken] = await em.query<{ payloads: ScheduleChangePayload[]; facts: MonitorScheduleFactsRow | null }[]>(TAKE_MONITOR_WAITING, [id]);
  if (!taken?.payloads.length) return 0;
  const row = taken.facts && monitorScheduleFactsOf(taken.facts);
  await withTimeout(applyMonitorFacts(deps, regions, id, taken.payloads, row), deps.timeoutMs, `Schedule of monitor ${id}: Redis timed out`);
  return taken.payloads.length;
}

/** TAKE_WAITING for a domain, then its row FOR SHARE, in one statement (as TAKE_MONITOR_WAITING: the same order as the two statements it replaces). */
const TAKE_DOMAIN_WAITING = `WITH taken AS (DELETE FROM schedule_outbox WHERE kind = 'domain' AND entity_id = $1 RETURNING payload)
SELECT (SELECT coalesce(json_agg(payload), '[]'::json) FROM taken) AS payloads,
       (SELECT row_to_json(d) FROM (SELECT id, monitoring_frequency AS "monitoringFrequency", is_active AS "isActive" FROM domains WHERE id = $1 FOR SHARE) d) AS facts`;

/** applyPendingOf of a domain, waiting: its rows and its row FOR SHARE in one statement (TAKE_DOMAIN_WAITING). */
async function applyPendingDomain(em: EntityManager, deps: ScheduleApplyDeps, id: number): Promise<number> {
  const [taken] = await em.query<{ payloads: ScheduleChangePayload[]; facts: DomainScheduleFacts | null }[]>(TAKE_DOMAIN_WAITING, [id]);
  if (!taken?.payloads.length) return 0;
  await withTimeout(applyDomainFacts(deps, id, taken.payloads, taken.facts), deps.timeoutMs, `Schedule of domain ${id}: Redis timed out`);
  return taken.payloads.length;
}

async function applyMonitor(em: EntityManager, deps: ScheduleApplyDeps, known: Regions, id: number, payloads: readonly ScheduleChangePayload[]): Promise<void> {
  await applyMonitorFacts(deps, known, id, payloads, await monitorScheduleFactsFor(em, id));
}

async function applyMonitorFacts(
  deps: ScheduleApplyDeps,
  known: Regions,
  id: number,
  payloads: readonly ScheduleChangePayload[],
  row: (MonitorScheduleFacts & { regions: string[] }) | null,
): Promise<void> {
  const regions = await known();
  // Out of the buckets of its former intervals too, so they do not start it in vain.
  for (const checkInterval of new Set(payloads.flatMap((p) => p.intervals ?? []))) {
    if (checkInterval !== row?.checkInterval) await removeMonitorSchedule(deps.queues, { id, checkInterval }, regions);
  }
  if (!row) return;
  // Buckets only in regions with checkers: the runs of a private location, or of a region served
  // by agents, are offered to its agents (their first due run there is its first check).
  const scheduled = { ...row, regions: row.regions.filter((r) => regions.includes(r) && !deps.agentRegions.includes(r)) };
  await syncMonitorSchedule(deps.queues, scheduled, regions);
  // Paused before this apply: no first check, as its resume checks it.
  const firstCheck = payloads.find((p) => p.firstCheck !== undefined)?.firstCheck;
  if (firstCheck !== undefined && shouldBeScheduled(scheduled)) await enqueueFirstChecks(deps.queues, [{ id, regions: scheduled.regions, jobId: firstCheck }]);
}

async function applyDomain(em: EntityManager, deps: ScheduleApplyDeps, id: number, payloads: readonly ScheduleChangePayload[]): Promise<void> {
  const row = await em.getRepository(Domain).findOne({ where: { id }, select: { id: true, monitoringFrequency: true, isActive: true }, lock: { mode: 'pessimistic_read' } });
  await applyDomainFacts(deps, id, payloads, row);
}

async function applyDomainFacts(deps: ScheduleApplyDeps, id: number, payloads: readonly ScheduleChangePayload[], row: DomainScheduleFacts | null): Promise<void> {
  if (!row) return removeDomainSchedule(deps.queues, id);
  await syncDomainSchedule(deps.queues, row);
  for (const p of payloads) if (p.initialScan) await enqueueTlsScan(deps.queues, p.initialScan.scanId, p.initialScan.jobId);
}

/**
 * After the commit that wrote them: the pending changes of `targets`, applied now, one short
 * transaction each, so the answer that follows finds Redis changed as before the outbox. A
 * target whose rows a relay is applying at this moment waits for it. On the first failure (Redis
 * down) the rest are left to the outbox relay, which applies them once Redis answers; the
 * failure is logged, not thrown: PostgreSQL is the truth and the change stands.
 */
export async function applyScheduleChanges(deps: ScheduleApplyDeps & { logger: Logger }, targets: readonly ScheduleTarget[]): Promise<void> {
  const regions = scheduleRegions(deps);
  for (const target of targets) {
    try {
      await deps.db.transaction((em) => applyPendingOf(em, deps, regions, target, true));
    } catch (e) {
      deps.logger.warn('schedule not updated yet; the outbox relay will apply it', { kind: target.kind, id: target.id, error: (e as Error).message });
      return;
    }
  }
}

/** Pending changes of a deleted monitor whose intervals are all among $2 (a JSON array): the ones applyDeletedMonitorSchedules applied. */
const DROP_APPLIED_DELETED = `DELETE FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = $1 AND coalesce(payload->'intervals', '[]'::jsonb) <@ $2::jsonb`;

/**
 * After the commit that deleted monitors (and wrote their changes, `intervals` each): takes them
 * out of the buckets of those intervals in every region, then drops their pending changes those
 * intervals cover, one statement each and no transaction: a deleted row never comes back, so
 * there is no later change of it whose Redis write this one could overtake, and no row to lock. A
 * change of another interval still pending (an earlier apply failed) is left to the outbox relay,
 * as is everything when Redis fails (logged, not thrown, as applyScheduleChanges).
 */
export async function applyDeletedMonitorSchedules(deps: ScheduleApplyDeps & { logger: Logger }, monitors: readonly { id: number; intervals: readonly number[] }[]): Promise<void> {
  const regions = scheduleRegions(deps);
  for (const m of monitors) {
    try {
      const removed = (async () => {
        const known = await regions();
        for (const checkInterval of new Set(m.intervals)) await removeMonitorSchedule(deps.queues, { id: m.id, checkInterval }, known);
      })();
      await withTimeout(removed, deps.timeoutMs, `Schedule of monitor ${m.id}: Redis timed out`);
      await deps.db.query(DROP_APPLIED_DELETED, [m.id, JSON.stringify([...new Set(m.intervals)])]);
    } catch (e) {
      deps.logger.warn('schedule not updated yet; the outbox relay will apply it', { kind: 'monitor', id: m.id, error: (e as Error).message });
      return;
    }
  }
}

/**
 * After the commit that deleted domains (and wrote a change each): takes them out of every
 * bucket, then drops all their pending changes in one statement, no transaction (as
 * applyDeletedMonitorSchedules, and for the same reasons: a deleted row never comes back, and
 * an applier that held its row had it FOR SHARE, so the delete waited for its Redis write). A
 * pending initial scan goes with them: the domain it was for is gone. Redis failing: logged, and
 * the rest is left to the outbox relay (which finds no row and removes the schedule).
 */
export async function applyDeletedDomainSchedules(deps: ScheduleApplyDeps & { logger: Logger }, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  try {
    await withTimeout(syncDomainSchedules(deps.queues, [], ids), deps.timeoutMs, `Schedule of domains ${ids.join(', ')}: Redis timed out`);
    await deps.db.query(`DELETE FROM schedule_outbox WHERE kind = 'domain' AND entity_id = ANY($1::int[])`, [ids]);
  } catch (e) {
    deps.logger.warn('schedule not updated yet; the outbox relay will apply it', { kind: 'domain', ids, error: (e as Error).message });
  }
}

/**
 * One relay batch: the entities with a pending change at least `graceMs` old (the database's
 * clock: the writing transaction's start), oldest change first, at most `batch` of them, each in
 * its own transaction (one entity's row lock at a time, so it never waits in a cycle with a
 * transaction that locks several), skipping rows another applier holds. Returns how many
 * entities it applied; rejects on the first failure (the rows stay).
 */
export async function relayScheduleChanges(deps: ScheduleApplyDeps, batch: number, graceMs: number): Promise<number> {
  const regions = scheduleRegions(deps);
  let applied = 0;
  while (applied < batch) {
    const done = await deps.db.transaction(async (em) => {
      const [oldest] = await em.query<{ kind: ScheduleTarget['kind']; entity_id: number }[]>(
        `SELECT kind, entity_id FROM schedule_outbox WHERE created_at <= now() - make_interval(secs => $1) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [graceMs / 1000],
      );
      return oldest ? (await applyPendingOf(em, deps, regions, { kind: oldest.kind, id: oldest.entity_id }, false)) > 0 : false;
    });
    if (!done) break;
    applied++;
  }
  return applied;
}

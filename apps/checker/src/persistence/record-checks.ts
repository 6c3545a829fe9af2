import {
  CHECK_TIMING_PHASES,
  DEFAULT_REGION,
  alertOutboxMessage,
  writeOutbox,
  type AlertEventPayload,
  type CheckDetails,
  type CheckResult,
  type CheckTimings,
  type MaintenanceLookup,
  type MonitorStatus,
} from '@vigil/core';
import type { DataSource, EntityManager } from 'typeorm';
import { monitorAlertEvent, type AlertIncident, type AlertMonitor } from '../alerts/monitor-alert-events.js';
import { applyTransition, nextMonitorState, type MonitorState } from '../state/monitor-state-machine.js';
import { duplicateWindow } from './duplicate-window.js';
import { roundComplete } from '../rounds/judge-round.js';
import { judgeRounds, roundAnswers, roundKey, type JudgedRound, type TouchedRound } from '../rounds/round-store.js';
import { loadMaintenance } from './load-maintenance.js';
import { rollupDeltas, type RollupDelta } from './rollup-deltas.js';

/** One finished check, waiting to be recorded. */
export interface CheckRecord {
  monitorId: number;
  /** The BullMQ job id: a job delivered twice records one check (unique per monitor). */
  jobKey: string;
  /** A manual check runs on an active monitor even while it is paused. */
  manual: boolean;
  result: CheckResult;
  /** The region whose checker made it; absent: the default region. */
  region?: string;
  /** Regions with a live checker when it was made (when a multi-region round is complete); absent: all. */
  liveRegions?: readonly string[];
  /** A check of a multi-region monitor (as the checker saw it): its round's deadline, in ms from when it is written. */
  roundDeadlineInMs?: number;
  /** Its round's deadline is kept in Redis (rounds/round-deadlines.ts); else a waiting round gets a deadline job in the outbox. */
  deadlineTracked?: boolean;
}

export type SkipReason = 'deleted' | 'inactive' | 'paused';

export type RecordOutcome =
  /** Inserted, and the monitor's state moved by it. */
  | { kind: 'recorded'; check: CheckResult }
  /** Already recorded by an earlier delivery of the same job: the stored record, nothing applied. */
  | { kind: 'duplicate'; check: CheckResult }
  /** Not recorded: the monitor is gone, inactive or (for a scheduled check) paused. */
  | { kind: 'skipped'; reason: SkipReason };

export interface RecordedBatch {
  /** One per record, in order. */
  outcomes: RecordOutcome[];
  /** The alert events the batch decided, written to the outbox in its transaction. */
  alerts: AlertEventPayload[];
  /** Rounds of multi-region monitors the batch judged. */
  rounds: JudgedRound[];
  /** Round deadline jobs written to the outbox. */
  deadlines: number;
}

export interface MonitorRow {
  id: number;
  regions: string[];
  min_failing_regions: number | null;
  timeout: number;
  account_id: number;
  name: string;
  url: string;
  status: MonitorStatus;
  consecutive_failures: number;
  consecutive_successes: number;
  alert_threshold: number;
  recovery_threshold: number;
  degraded_threshold_ms: number;
  is_active: boolean;
  last_checked_at: Date | null;
}

interface StoredCheckRow {
  id: string;
  monitor_id: number;
  job_key: string;
  region: string;
  checked_at: Date;
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  timings: CheckTimings | null;
  certificate_expires_at: Date | null;
  details: CheckDetails | null;
}

const keyOf = (monitorId: number, jobKey: string, region: string) => `${monitorId}\u0000${jobKey}\u0000${region}`;
const regionOf = (r: CheckRecord) => r.region ?? DEFAULT_REGION;
const recordKey = (r: CheckRecord) => keyOf(r.monitorId, r.jobKey, regionOf(r));

/**
 * Records a batch of checks in one transaction and applies each to its monitor's state:
 *
 * 0. before the transaction: reads the maintenance windows of the monitors' accounts and
 *    evaluates them for the checks' times (load-maintenance.ts): no RRULE is expanded while
 *    the monitors are locked, whatever the windows' rules;
 * 1. locks the batch's monitor rows (id order, so concurrent batches cannot deadlock) and drops
 *    checks of deleted, inactive and (unless manual) paused monitors;
 * 2. inserts the checks in one statement, skipping any (monitor, job key) already recorded
 *    within an hour of it (see duplicate-window.ts): only a check that was really inserted moves
 *    its monitor, so a job delivered twice records one check and applies it once. The same
 *    statement reads the monitors' open incidents: after the lock, so never older than the
 *    batch that last moved them (a read in the locking statement would see the snapshot taken
 *    before waiting for a concurrent batch's lock);
 * 3. runs the state machine over each monitor's new checks in time order, opening, counting and
 *    resolving incidents (the monitor lock and the one-open-incident index keep it to one);
 * 4. writes every monitor's new status, failure and success counts and last-check facts, the
 *    incidents' affected-check counts and the batch's hourly rollup sums in one statement.
 *
 * 5. writes the alert events the state machine decided (down, up, degraded) to the outbox in the
 *    same transaction: they exist exactly when the state change does, and the outbox relay
 *    moves them to the alerts queue after commit (job id = event id), whatever fails between.
 *    A duplicate delivery therefore has nothing to re-derive.
 *
 * A batch without state changes is three statements in its transaction (lock, insert, write
 * states) and one before it (the windows); the outbox written and incidents opened or resolved
 * only when the state machine says so (bench/storage-writer.bench.ts). `maintenance`: a lookup
 * the caller already made for these records (recordRegionalChecks passes its own on).
 */
export async function recordChecks(db: DataSource, records: CheckRecord[], maintenance?: MaintenanceLookup): Promise<RecordedBatch> {
  const lookup = maintenance ?? (await maintenanceOf(db, records));
  return db.transaction((em) => recordChecksIn(em, records, lookup));
}

/** The maintenance lookup for records (before their transaction opens). */
export function maintenanceOf(db: DataSource, records: readonly CheckRecord[]): Promise<MaintenanceLookup> {
  return loadMaintenance(
    db,
    records.map((r) => r.monitorId),
    records.map((r) => new Date(r.result.timestamp)),
  );
}

/**
 * recordChecks inside the caller's transaction (a heartbeat ping moves its own state with the
 * check), with the maintenance lookup the caller made before opening it.
 */
export async function recordChecksIn(em: EntityManager, records: CheckRecord[], maintenance: MaintenanceLookup): Promise<RecordedBatch> {
  const { outcomes, alerts, rounds, deadlines } = await recordInTransaction(em, records, maintenance);
  await writeOutbox(em, alerts.map(alertOutboxMessage));
  return { outcomes, alerts, rounds, deadlines };
}

/**
 * Records checks of multi-region monitors whose round deadlines Redis keeps (deadlineTracked)
 * without locking their monitors, so that the checkers of a monitor's regions, which answer
 * the same round at about the same time, do not queue behind each other's transactions on the
 * monitor row (measured: it halved the checks/s of 3-region monitors, docs/benchmarks.md):
 *
 * 1. one transaction inserts the checks (one per monitor, job key and region: concurrent
 *    deliveries of one job in one region are serialized by an advisory lock per monitor and
 *    region, not by the monitor row) and their rollups, and moves no state;
 * 2. after its commit, the answers of the rounds it touched are read: the last region's writer
 *    to commit sees every answer, so a complete round is never missed; for complete rounds a
 *    second transaction locks their monitors and judges them (judgeRounds re-reads the answers
 *    under the lock; the claim keeps a round judged once if two writers see it complete).
 *    Incomplete rounds wait for their deadline (rounds/sweep-round-deadlines.ts).
 *
 * Checks whose monitor turns out to have one region (changed since the checker loaded it) go
 * through recordChecks.
 */
export async function recordRegionalChecks(db: DataSource, records: CheckRecord[]): Promise<RecordedBatch> {
  const maintenance = await maintenanceOf(db, records);
  const first = await db.transaction((em) => recordInTransaction(em, records, maintenance, 'regional'));
  const outcomes = first.outcomes;
  const alerts = [...first.alerts];
  const rounds = [...first.rounds];
  let deadlines = first.deadlines;
  if (first.rerouted.length) {
    const again = await recordChecks(db, first.rerouted.map((i) => records[i]), maintenance);
    first.rerouted.forEach((i, n) => (outcomes[i] = again.outcomes[n]));
    alerts.push(...again.alerts);
    rounds.push(...again.rounds);
    deadlines += again.deadlines;
  }
  if (!first.touched.length) return { outcomes, alerts, rounds, deadlines };
  const answers = await roundAnswers(db.manager, first.touched);
  const complete = first.touched.filter((t) => {
    const m = first.monitors.get(t.monitorId);
    return m !== undefined && roundComplete({ regions: m.regions, minFailingRegions: m.min_failing_regions }, answers.get(roundKey(t.monitorId, t.jobKey)) ?? [], t.liveRegions);
  });
  if (!complete.length) return { outcomes, alerts, rounds, deadlines };
  const judged = await db.transaction(async (em) => {
    const monitors = await lockMonitors(em, complete.map((t) => t.monitorId));
    const decided = await judgeRounds(em, complete, monitors);
    const own: AlertEventPayload[] = [];
    if (decided.judged.length) {
      const ids = [...new Set(decided.judged.map((j) => j.monitorId))];
      await applyStates(em, roundEntries(decided.judged, monitors, maintenance), monitors, await openIncidentsOf(em, ids), own, []);
      await writeOutbox(em, own.map(alertOutboxMessage));
    }
    return { rounds: decided.judged, alerts: own };
  });
  return { outcomes, alerts: [...alerts, ...judged.alerts], rounds: [...rounds, ...judged.rounds], deadlines };
}

/** What the first transaction of a batch found, besides what recordChecks answers. */
interface TransactionOutcome extends RecordedBatch {
  monitors: Map<number, MonitorRow>;
  /** Regional mode: rounds of the checks inserted (judged after the commit). */
  touched: TouchedRound[];
  /** Regional mode: indexes of records whose monitor has one region (for recordChecks). */
  rerouted: number[];
}

/**
 * `locked`: the monitors' rows are locked for the whole transaction and everything is applied
 * in it (recordChecks). `regional`: see recordRegionalChecks.
 */
async function recordInTransaction(em: EntityManager, records: CheckRecord[], maintenance: MaintenanceLookup, mode: 'locked' | 'regional' = 'locked'): Promise<TransactionOutcome> {
  const outcomes: RecordOutcome[] = new Array<RecordOutcome>(records.length);
  const alerts: AlertEventPayload[] = [];
  const rerouted = new Set<number>();

  const monitors = await readMonitors(em, records.map((r) => r.monitorId), mode === 'locked');
  if (mode === 'regional') {
    records.forEach((r, i) => {
      const m = monitors.get(r.monitorId);
      if (m && m.regions.length <= 1) rerouted.add(i);
    });
    await lockRegionWriters(em, records.filter((_, i) => !rerouted.has(i)));
  }

  // Which records go in: one per (monitor, job key), of monitors that may be checked.
  const firstOfKey = new Map<string, number>();
  const sameAs = new Map<number, number>();
  const candidates: number[] = [];
  records.forEach((r, i) => {
    const m = monitors.get(r.monitorId);
    if (rerouted.has(i)) return;
    if (!m) outcomes[i] = { kind: 'skipped', reason: 'deleted' };
    else if (!m.is_active) outcomes[i] = { kind: 'skipped', reason: 'inactive' };
    else if (m.status === 'paused' && !r.manual) outcomes[i] = { kind: 'skipped', reason: 'paused' };
    else {
      const key = recordKey(r);
      const first = firstOfKey.get(key);
      if (first === undefined) {
        firstOfKey.set(key, i);
        candidates.push(i);
      } else sameAs.set(i, first);
    }
  });

  const inMaintenance = maintenanceFlags(records, monitors, maintenance);
  const { checkIds, openIncidents } = await insertChecks(
    em,
    candidates.map((i) => records[i]),
    candidates.map((i) => inMaintenance[i]),
  );
  const inserted: { index: number; checkId: string }[] = [];
  const conflicted: number[] = [];
  for (const i of candidates) {
    const checkId = checkIds.get(recordKey(records[i]));
    if (checkId === undefined) conflicted.push(i);
    else {
      inserted.push({ index: i, checkId });
      outcomes[i] = { kind: 'recorded', check: records[i].result };
    }
  }

  if (conflicted.length) {
    const stored = await storedChecks(em, conflicted.map((i) => records[i]));
    conflicted.forEach((i, n) => (outcomes[i] = { kind: 'duplicate', check: stored[n] }));
  }

  // A check of a one-region monitor is its round: it moves the state at once, as it always did.
  // A regional check moves nothing by itself; its round does, once judged (rounds/).
  const regional = inserted.filter(({ index }) => (monitors.get(records[index].monitorId)?.regions.length ?? 1) > 1);
  const entries: StateEntry[] = inserted
    .filter((e) => !regional.includes(e))
    .map(({ index, checkId }) => ({ record: records[index], checkId, maintenance: inMaintenance[index] }));
  let rounds: JudgedRound[] = [];
  let deadlines = 0;
  const touched: TouchedRound[] = regional.map(({ index }) => {
    const r = records[index];
    return { monitorId: r.monitorId, jobKey: r.jobKey, at: new Date(r.result.timestamp), liveRegions: r.liveRegions, tracked: r.deadlineTracked === true };
  });
  if (regional.length && mode === 'locked') {
    const decided = await judgeRounds(em, touched, monitors);
    await writeOutbox(em, decided.deadlines);
    deadlines = decided.deadlines.length;
    rounds = decided.judged;
    entries.push(...roundEntries(rounds, monitors, maintenance));
  }
  if (inserted.length) await applyStates(em, entries, monitors, openIncidents, alerts, inserted.map(({ index }) => records[index]));

  for (const [i, first] of sameAs) {
    const o = outcomes[first];
    outcomes[i] = o.kind === 'skipped' ? o : { kind: 'duplicate', check: o.check };
  }
  return { outcomes, alerts, rounds, deadlines, monitors, touched: mode === 'regional' ? touched : [], rerouted: [...rerouted] };
}

/**
 * Locks the monitors' rows (id order, so concurrent batches cannot deadlock) and reads them.
 * NO KEY UPDATE: enough to serialize writers, and it leaves the key-share lock of a check's
 * foreign key free (regional writers insert without locking the monitor).
 */
export function lockMonitors(em: EntityManager, monitorIds: readonly number[]): Promise<Map<number, MonitorRow>> {
  return readMonitors(em, monitorIds, true);
}

async function readMonitors(em: EntityManager, monitorIds: readonly number[], lock: boolean): Promise<Map<number, MonitorRow>> {
  const ids = [...new Set(monitorIds)].sort((a, b) => a - b);
  const rows = (await em.query(
    `SELECT m.id, m.account_id, m.name, m.url, m.status, m.consecutive_failures, m.consecutive_successes, m.alert_threshold,
            m.recovery_threshold, m.degraded_threshold_ms, m.is_active, m.last_checked_at, m.regions, m.min_failing_regions, m.timeout
       FROM monitors m WHERE m.id = ANY($1::int[]) ORDER BY m.id${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [ids],
  )) as MonitorRow[];
  return new Map(rows.map((m) => [m.id, m]));
}

/**
 * Serializes writers of the same monitor and region (two deliveries of one job) for the
 * duplicate check, in a fixed order (no deadlock), without touching the monitor row.
 */
async function lockRegionWriters(em: EntityManager, records: readonly CheckRecord[]): Promise<void> {
  if (!records.length) return;
  await em.query(
    `SELECT pg_advisory_xact_lock(d.monitor_id, hashtext(d.region))
       FROM (SELECT DISTINCT monitor_id, region FROM unnest($1::int[], $2::text[]) AS u(monitor_id, region) ORDER BY monitor_id, region) d`,
    [records.map((r) => r.monitorId), records.map(regionOf)],
  );
}

/** The open incidents of monitors (what applyStates starts from outside a check batch). */
export async function openIncidentsOf(em: EntityManager, monitorIds: readonly number[]): Promise<Map<number, AlertIncident>> {
  const rows = (await em.query(`SELECT id, monitor_id, cause, started_at, affected_checks FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`, [
    monitorIds,
  ])) as { id: number; monitor_id: number; cause: string; started_at: Date; affected_checks: number }[];
  return new Map(
    rows.map((r) => [r.monitor_id, { id: r.id, cause: r.cause, startedAt: r.started_at, resolvedAt: null, durationSeconds: null, affectedChecks: r.affected_checks }]),
  );
}

/** What judged rounds mean to the state machine: one result each, standing for all its regions. */
export function roundEntries(rounds: readonly JudgedRound[], monitors: Map<number, MonitorRow>, maintenance: MaintenanceLookup): StateEntry[] {
  const records: CheckRecord[] = rounds.map((r) => ({ monitorId: r.monitorId, jobKey: r.jobKey, manual: false, result: r.verdict.result }));
  const flags = maintenanceFlags(records, monitors, maintenance);
  return rounds.map((r, i) => ({
    record: records[i],
    checkId: r.verdict.checkId,
    maintenance: flags[i],
    regions: r.verdict.failed ? r.verdict.failingRegions : [],
  }));
}

/**
 * Per record: whether a maintenance window of its account covered its monitor when it ran,
 * from the lookup made before the transaction (a pure look-up: no rule is evaluated here).
 */
function maintenanceFlags(records: CheckRecord[], monitors: Map<number, MonitorRow>, maintenance: MaintenanceLookup): boolean[] {
  return records.map((r) => {
    const m = monitors.get(r.monitorId);
    return m !== undefined && maintenance.covers(m.account_id, r.monitorId, new Date(r.result.timestamp));
  });
}

function windowOf(records: CheckRecord[]): [Date, Date] {
  const { from, to } = duplicateWindow(records.map((r) => new Date(r.result.timestamp)));
  return [from, to];
}

interface Inserted {
  /** Check id by keyOf(monitor, job key), for the checks really inserted. */
  checkIds: Map<string, string>;
  /** The open incident of each of the monitors that has one. */
  openIncidents: Map<number, AlertIncident>;
}

/** A row of the insert statement: an inserted check, or an open incident of the batch's monitors. */
interface InsertedRow {
  kind: 'check' | 'incident';
  id: string;
  monitor_id: number;
  job_key: string | null;
  region: string | null;
  cause: string | null;
  started_at: Date | null;
  affected_checks: number | null;
}

async function insertChecks(em: EntityManager, records: CheckRecord[], inMaintenance: boolean[]): Promise<Inserted> {
  if (!records.length) return { checkIds: new Map(), openIncidents: new Map() };
  const rows = (await em.query(
    // checks is partitioned by checked_at, so its unique key (monitor_id, job_key, checked_at)
    // catches only a replay of the same record; a redelivery probes again at a later time and is
    // found by the NOT EXISTS in the window (race-free: the batch holds its monitors' locks), which
    // therefore finds every conflict too: no ON CONFLICT clause (speculative insertion costs).
    // OFFSET 0 keeps the NOT EXISTS a per-row probe of the unique index: pulled up into an anti
    // join, a day's new partition (no statistics yet) was read whole and hashed for every batch.
    `WITH inserted AS (
       INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                            timings, certificate_expires_at, details, region)
       SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::bool[],
                             $11::jsonb[], $12::timestamptz[], $13::jsonb[], $14::text[])
                AS n(monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                      timings, certificate_expires_at, details, region)
        WHERE NOT EXISTS (SELECT 1 FROM checks c WHERE c.monitor_id = n.monitor_id AND c.job_key = n.job_key AND c.region = n.region
                             AND c.checked_at >= $9 AND c.checked_at < $10 OFFSET 0)
       RETURNING id, monitor_id, job_key, region
     )
     SELECT 'check' AS kind, id::text AS id, monitor_id, job_key, region, NULL::text AS cause, NULL::timestamptz AS started_at, NULL::int AS affected_checks
       FROM inserted
     UNION ALL
     SELECT 'incident', id::text, monitor_id, NULL, NULL, cause, started_at, affected_checks
       FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`,
    [
      records.map((r) => r.monitorId),
      records.map((r) => r.result.timestamp),
      records.map((r) => r.result.status),
      records.map((r) => r.result.response_time_ms),
      records.map((r) => r.result.status_code),
      records.map((r) => r.result.error ?? null),
      records.map((r) => r.jobKey),
      inMaintenance,
      ...windowOf(records),
      // The additions of monitor types (timing breakdown, certificate expiry, DNS answers): passed through.
      records.map((r) => (r.result.timings ? JSON.stringify(r.result.timings) : null)),
      records.map((r) => r.result.certificate_expires_at ?? null),
      records.map((r) => (r.result.details ? JSON.stringify(r.result.details) : null)),
      records.map(regionOf),
    ],
  )) as InsertedRow[];
  const checkIds = new Map<string, string>();
  const openIncidents = new Map<number, AlertIncident>();
  for (const r of rows) {
    if (r.kind === 'check' && r.job_key !== null && r.region !== null) checkIds.set(keyOf(r.monitor_id, r.job_key, r.region), r.id);
    else if (r.kind === 'incident' && r.cause !== null && r.started_at !== null && r.affected_checks !== null) {
      openIncidents.set(r.monitor_id, { id: Number(r.id), cause: r.cause, startedAt: r.started_at, resolvedAt: null, durationSeconds: null, affectedChecks: r.affected_checks });
    }
  }
  return { checkIds, openIncidents };
}

function storedResult(row: StoredCheckRow): CheckResult {
  return {
    timestamp: row.checked_at.toISOString(),
    status: row.status,
    response_time_ms: row.response_time_ms,
    status_code: row.status_code,
    ...(row.error !== null ? { error: row.error } : {}),
    ...(row.timings ? { timings: row.timings } : {}),
    ...(row.certificate_expires_at ? { certificate_expires_at: row.certificate_expires_at.toISOString() } : {}),
    ...(row.details ? { details: row.details } : {}),
  };
}

function alertMonitor(m: MonitorRow): AlertMonitor {
  return { id: m.id, accountId: m.account_id, name: m.name, url: m.url, degradedThresholdMs: m.degraded_threshold_ms };
}



/** The stored records of checks already recorded (what a redelivered job answers). */
async function storedChecks(em: EntityManager, records: CheckRecord[]): Promise<CheckResult[]> {
  const stored = (await em.query(
    // A probe of the unique index per record (LATERAL ... LIMIT): a join could hash a whole partition.
    `SELECT c.id, c.monitor_id, c.job_key, c.region, c.checked_at, c.status, c.response_time_ms, c.status_code, c.error,
            c.timings, c.certificate_expires_at, c.details
       FROM unnest($1::int[], $2::text[], $5::text[]) AS d(monitor_id, job_key, region)
       CROSS JOIN LATERAL (
         SELECT * FROM checks c
          WHERE c.monitor_id = d.monitor_id AND c.job_key = d.job_key AND c.region = d.region AND c.checked_at >= $3 AND c.checked_at < $4
          ORDER BY c.checked_at LIMIT 1
       ) c`,
    [records.map((r) => r.monitorId), records.map((r) => r.jobKey), ...windowOf(records), records.map(regionOf)],
  )) as StoredCheckRow[];
  const byKey = new Map(stored.map((s) => [keyOf(s.monitor_id, s.job_key, s.region), s]));
  // A stored row always exists for a conflict; the fallback only guards a concurrent prune.
  return records.map((r) => {
    const s = byKey.get(recordKey(r));
    return s ? storedResult(s) : r.result;
  });
}

/** One result to run through a monitor's state machine: a check, or a judged round. */
export interface StateEntry {
  record: CheckRecord;
  /** The stored check that stands for it (alerts name it). */
  checkId: string;
  maintenance: boolean;
  /** The failing regions of a round (an incident it opens carries them). */
  regions?: readonly string[];
}

interface MonitorUpdate {
  id: number;
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  last: CheckResult | null;
}

/**
 * Runs each monitor's state machine over its entries in time order, then writes states, incident
 * counts and the rollups of `rolledUp` (the checks inserted) in one statement (callers hold the
 * monitors' locks).
 */
export async function applyStates(
  em: EntityManager,
  entries: readonly StateEntry[],
  monitors: Map<number, MonitorRow>,
  openIncidents: Map<number, AlertIncident>,
  alerts: AlertEventPayload[],
  rolledUp: readonly CheckRecord[],
): Promise<void> {
  const byMonitor = new Map<number, (StateEntry & { at: Date })[]>();
  for (const entry of entries) {
    const list = byMonitor.get(entry.record.monitorId) ?? [];
    list.push({ ...entry, at: new Date(entry.record.result.timestamp) });
    byMonitor.set(entry.record.monitorId, list);
  }
  const monitorIds = [...byMonitor.keys()].sort((a, b) => a - b);

  const updates: MonitorUpdate[] = [];
  const affected = new Map<number, number>();
  for (const monitorId of monitorIds) {
    const m = monitors.get(monitorId) as MonitorRow;
    const checks = (byMonitor.get(monitorId) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
    let incident = openIncidents.get(monitorId) ?? null;
    let state: MonitorState = {
      status: m.status,
      consecutiveFailures: m.consecutive_failures,
      consecutiveSuccesses: m.consecutive_successes,
      alertThreshold: m.alert_threshold,
      recoveryThreshold: m.recovery_threshold,
      degradedThresholdMs: m.degraded_threshold_ms,
      openIncident: incident ? { startedAt: incident.startedAt, affectedChecks: incident.affectedChecks } : null,
    };
    for (const { record, checkId, at, maintenance, regions } of checks) {
      const r = record.result;
      const t = nextMonitorState(state, { status: r.status, responseTimeMs: r.response_time_ms, error: r.error, checkedAt: at, inMaintenance: maintenance });
      const check = { id: checkId, checkedAt: at, responseTimeMs: r.response_time_ms, statusCode: r.status_code, error: r.error ?? null };
      let resolved: AlertIncident | null = null;
      if (t.resolve && incident) {
        await em.query(
          `UPDATE incidents SET status = 'resolved', resolved_at = $2, duration_seconds = $3, affected_checks = $4 WHERE id = $1`,
          [incident.id, t.resolve.resolvedAt, t.resolve.durationSeconds, t.resolve.affectedChecks],
        );
        affected.delete(incident.id);
        resolved = { ...incident, resolvedAt: t.resolve.resolvedAt, durationSeconds: t.resolve.durationSeconds, affectedChecks: t.resolve.affectedChecks };
        incident = null;
      }
      if (t.open) {
        const [{ id }] = (await em.query(
          `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks, regions)
           VALUES ($1, $2, 'open', $3, $4, $5, $6) RETURNING id`,
          [m.id, m.account_id, t.open.startedAt, t.open.cause, t.open.affectedChecks, regions ?? []],
        )) as { id: number }[];
        incident = { id, cause: t.open.cause, startedAt: t.open.startedAt, resolvedAt: null, durationSeconds: null, affectedChecks: t.open.affectedChecks };
      } else if (t.addAffectedCheck && incident) {
        incident = { ...incident, affectedChecks: incident.affectedChecks + 1 };
        affected.set(incident.id, incident.affectedChecks);
      }
      for (const event of t.alerts) {
        const about = event === 'monitor.down' ? incident : event === 'monitor.up' ? resolved : null;
        alerts.push(monitorAlertEvent(event, alertMonitor(m), t.status, check, about));
      }
      state = applyTransition(state, t);
    }
    const newest = checks[checks.length - 1];
    const touchLast = !m.last_checked_at || newest.at.getTime() >= m.last_checked_at.getTime();
    updates.push({
      id: m.id,
      status: state.status,
      consecutiveFailures: state.consecutiveFailures,
      consecutiveSuccesses: state.consecutiveSuccesses,
      last: touchLast ? newest.record.result : null,
    });
  }

  await writeStates(
    em,
    updates,
    affected,
    rollupDeltas(
      rolledUp.map((r) => ({
        monitorId: r.monitorId,
        checkedAt: new Date(r.result.timestamp),
        status: r.result.status,
        responseTimeMs: r.result.response_time_ms,
        timings: r.result.timings ?? null,
      })),
    ),
  );
}

/** monitor_rollups' timing columns, in the order of CHECK_TIMING_PHASES: each phase's sum, then its count. */
const TIMING_COLUMNS = CHECK_TIMING_PHASES.flatMap((p) => [`${p}_sum`, `${p}_count`]);

/**
 * One statement: the monitors' new state and last-check facts, the open incidents' affected-check
 * counts, and the batch's hourly rollup sums (data-modifying CTEs on three tables; the rollup
 * upsert takes its row locks in (monitor, hour) order, like the monitor lock).
 */
async function writeStates(em: EntityManager, updates: MonitorUpdate[], affected: Map<number, number>, deltas: RollupDelta[]): Promise<void> {
  await em.query(
    `WITH monitor_updates AS (
       UPDATE monitors m SET
          status = d.status,
          consecutive_failures = d.failures,
          consecutive_successes = d.successes,
          last_checked_at = CASE WHEN d.touch THEN d.at ELSE m.last_checked_at END,
          last_check_status = CASE WHEN d.touch THEN d.check_status ELSE m.last_check_status END,
          last_response_time_ms = CASE WHEN d.touch THEN d.response_time_ms ELSE m.last_response_time_ms END,
          last_status_code = CASE WHEN d.touch THEN d.status_code ELSE m.last_status_code END,
          last_timings = CASE WHEN d.touch THEN d.timings ELSE m.last_timings END
         FROM unnest($1::int[], $2::text[], $3::int[], $4::bool[], $5::timestamptz[], $6::text[], $7::int[], $8::int[], $9::int[], $${18 + TIMING_COLUMNS.length}::jsonb[])
           AS d(id, status, failures, touch, at, check_status, response_time_ms, status_code, successes, timings)
        WHERE m.id = d.id
        RETURNING 1
     ), incident_counts AS (
       UPDATE incidents i SET affected_checks = d.n FROM unnest($10::int[], $11::int[]) AS d(id, n) WHERE i.id = d.id RETURNING 1
     )
     INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count, ${TIMING_COLUMNS.join(', ')})
     SELECT * FROM unnest($12::int[], $13::timestamptz[], $14::int[], $15::int[], $16::bigint[], $17::int[], ${TIMING_COLUMNS.map((c, i) => `$${18 + i}::${c.endsWith('_sum') ? 'bigint' : 'int'}[]`).join(', ')})
     ON CONFLICT (monitor_id, hour) DO UPDATE SET
       ${['total', 'successful', 'response_time_sum', 'response_time_count', ...TIMING_COLUMNS].map((c) => `${c} = monitor_rollups.${c} + EXCLUDED.${c}`).join(',\n       ')}`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.status),
      updates.map((u) => u.consecutiveFailures),
      updates.map((u) => u.last !== null),
      updates.map((u) => u.last?.timestamp ?? null),
      updates.map((u) => u.last?.status ?? null),
      updates.map((u) => u.last?.response_time_ms ?? null),
      updates.map((u) => u.last?.status_code ?? null),
      updates.map((u) => u.consecutiveSuccesses),
      [...affected.keys()],
      [...affected.values()],
      deltas.map((d) => d.monitorId),
      deltas.map((d) => d.hour),
      deltas.map((d) => d.total),
      deltas.map((d) => d.successful),
      deltas.map((d) => d.responseTimeSum),
      deltas.map((d) => d.responseTimeCount),
      ...CHECK_TIMING_PHASES.flatMap((p) => [deltas.map((d) => d.timings[p].sum), deltas.map((d) => d.timings[p].count)]),
      updates.map((u) => (u.last?.timings ? JSON.stringify(u.last.timings) : null)),
    ],
  );
}

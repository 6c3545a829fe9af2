import {
  JobName,
  MaintenanceWindow,
  activeMaintenance,
  writeOutbox,
  type AlertEventPayload,
  type CheckResult,
  type MonitorStatus,
  type OutboxMessage,
} from '@vigil/core';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { monitorAlertEvent, type AlertIncident, type AlertMonitor } from '../alerts/monitor-alert-events.js';
import { applyTransition, nextMonitorState, type MonitorState } from '../state/monitor-state-machine.js';
import { duplicateWindow } from './duplicate-window.js';
import { rollupDeltas } from './rollup-deltas.js';

/** One finished check, waiting to be recorded. */
export interface CheckRecord {
  monitorId: number;
  /** The BullMQ job id: a job delivered twice records one check (unique per monitor). */
  jobKey: string;
  /** A manual check runs on an active monitor even while it is paused. */
  manual: boolean;
  result: CheckResult;
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
}

interface MonitorRow {
  id: number;
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

interface IncidentRow {
  id: number;
  monitor_id: number;
  cause: string;
  started_at: Date;
  resolved_at: Date | null;
  duration_seconds: number | null;
  affected_checks: number;
}

interface StoredCheckRow {
  id: string;
  monitor_id: number;
  job_key: string;
  checked_at: Date;
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
}

const keyOf = (monitorId: number, jobKey: string) => `${monitorId}\u0000${jobKey}`;

/**
 * Records a batch of checks in one transaction and applies each to its monitor's state:
 *
 * 1. locks the batch's monitor rows (id order, so concurrent batches cannot deadlock) and drops
 *    checks of deleted, inactive and (unless manual) paused monitors;
 * 2. inserts the checks in one statement, skipping any (monitor, job key) already recorded
 *    within an hour of it (see duplicate-window.ts): only a check that was really inserted moves
 *    its monitor, so a job delivered twice records one check and applies it once;
 * 3. runs the state machine over each monitor's new checks in time order, opening, counting and
 *    resolving incidents (the monitor lock and the one-open-incident index keep it to one);
 * 4. writes every monitor's new status, failure and success counts and last-check facts in one statement,
 *    and the batch's hourly rollup sums in one upsert.
 *
 * 5. writes the alert events the state machine decided (down, up, degraded) to the outbox in the
 *    same transaction: they exist exactly when the state change does, and the outbox relay
 *    moves them to the alerts queue after commit (job id = event id), whatever fails between.
 *    A duplicate delivery therefore has nothing to re-derive.
 */
export async function recordChecks(db: DataSource, records: CheckRecord[]): Promise<RecordedBatch> {
  return db.transaction((em) => recordChecksIn(em, records));
}

/** recordChecks inside the caller's transaction (a heartbeat ping moves its own state with the check). */
export async function recordChecksIn(em: EntityManager, records: CheckRecord[]): Promise<RecordedBatch> {
  const batch = await recordInTransaction(em, records);
  await writeOutbox(em, batch.alerts.map(alertOutboxMessage));
  return batch;
}

/** An alert event as an outbox message: the event id is the job id, so relaying it twice adds one job. */
export function alertOutboxMessage(alert: AlertEventPayload): OutboxMessage {
  return { job: JobName.AlertEvent, payload: alert, jobId: alert.eventId, options: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } } };
}

async function recordInTransaction(em: EntityManager, records: CheckRecord[]): Promise<RecordedBatch> {
  const outcomes: RecordOutcome[] = new Array<RecordOutcome>(records.length);
  const alerts: AlertEventPayload[] = [];

  const ids = [...new Set(records.map((r) => r.monitorId))].sort((a, b) => a - b);
  const monitorRows = (await em.query(
    `SELECT id, account_id, name, url, status, consecutive_failures, consecutive_successes, alert_threshold,
            recovery_threshold, degraded_threshold_ms, is_active, last_checked_at
       FROM monitors WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  )) as MonitorRow[];
  const monitors = new Map(monitorRows.map((m) => [m.id, m]));

  // Which records go in: one per (monitor, job key), of monitors that may be checked.
  const firstOfKey = new Map<string, number>();
  const sameAs = new Map<number, number>();
  const candidates: number[] = [];
  records.forEach((r, i) => {
    const m = monitors.get(r.monitorId);
    if (!m) outcomes[i] = { kind: 'skipped', reason: 'deleted' };
    else if (!m.is_active) outcomes[i] = { kind: 'skipped', reason: 'inactive' };
    else if (m.status === 'paused' && !r.manual) outcomes[i] = { kind: 'skipped', reason: 'paused' };
    else {
      const key = keyOf(r.monitorId, r.jobKey);
      const first = firstOfKey.get(key);
      if (first === undefined) {
        firstOfKey.set(key, i);
        candidates.push(i);
      } else sameAs.set(i, first);
    }
  });

  const inMaintenance = await maintenanceFlags(em, records, monitors);
  const insertedIds = await insertChecks(
    em,
    candidates.map((i) => records[i]),
    candidates.map((i) => inMaintenance[i]),
  );
  const inserted: { index: number; checkId: string }[] = [];
  const conflicted: number[] = [];
  for (const i of candidates) {
    const checkId = insertedIds.get(keyOf(records[i].monitorId, records[i].jobKey));
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

  if (inserted.length) await applyStates(em, records, inserted, monitors, alerts, inMaintenance);

  for (const [i, first] of sameAs) {
    const o = outcomes[first];
    outcomes[i] = o.kind === 'skipped' ? o : { kind: 'duplicate', check: o.check };
  }
  return { outcomes, alerts };
}

/** Per record: whether a maintenance window of its account covered its monitor when it ran. */
async function maintenanceFlags(em: EntityManager, records: CheckRecord[], monitors: Map<number, MonitorRow>): Promise<boolean[]> {
  const accountIds = [...new Set([...monitors.values()].map((m) => m.account_id))];
  const windows = accountIds.length ? await em.getRepository(MaintenanceWindow).findBy({ accountId: In(accountIds) }) : [];
  if (!windows.length) return records.map(() => false);
  return records.map((r) => {
    const m = monitors.get(r.monitorId);
    if (!m) return false;
    const own = windows.filter((w) => w.accountId === m.account_id);
    return activeMaintenance(own, { monitorId: r.monitorId }, new Date(r.result.timestamp)).length > 0;
  });
}

function windowOf(records: CheckRecord[]): [Date, Date] {
  const { from, to } = duplicateWindow(records.map((r) => new Date(r.result.timestamp)));
  return [from, to];
}

async function insertChecks(em: EntityManager, records: CheckRecord[], inMaintenance: boolean[]): Promise<Map<string, string>> {
  if (!records.length) return new Map();
  const rows = (await em.query(
    // checks is partitioned by checked_at, so its unique key (monitor_id, job_key, checked_at)
    // catches only a replay of the same record; a redelivery probes again at a later time and is
    // found by the NOT EXISTS in the window (race-free: the batch holds its monitors' locks).
    `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                         timings, certificate_expires_at, details)
     SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::bool[],
                          $11::jsonb[], $12::timestamptz[], $13::jsonb[])
              AS n(monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, in_maintenance,
                   timings, certificate_expires_at, details)
      WHERE NOT EXISTS (SELECT 1 FROM checks c WHERE c.monitor_id = n.monitor_id AND c.job_key = n.job_key
                           AND c.checked_at >= $9 AND c.checked_at < $10)
     ON CONFLICT (monitor_id, job_key, checked_at) DO NOTHING
     RETURNING id, monitor_id, job_key`,
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
    ],
  )) as { id: string; monitor_id: number; job_key: string }[];
  return new Map(rows.map((r) => [keyOf(r.monitor_id, r.job_key), String(r.id)]));
}

function storedResult(row: StoredCheckRow): CheckResult {
  return {
    timestamp: row.checked_at.toISOString(),
    status: row.status,
    response_time_ms: row.response_time_ms,
    status_code: row.status_code,
    ...(row.error !== null ? { error: row.error } : {}),
  };
}

function alertMonitor(m: MonitorRow): AlertMonitor {
  return { id: m.id, accountId: m.account_id, name: m.name, url: m.url, degradedThresholdMs: m.degraded_threshold_ms };
}

function alertIncident(row: IncidentRow): AlertIncident {
  return {
    id: row.id,
    cause: row.cause,
    startedAt: row.started_at,
    resolvedAt: row.resolved_at,
    durationSeconds: row.duration_seconds,
    affectedChecks: row.affected_checks,
  };
}

/** The stored records of checks already recorded (what a redelivered job answers). */
async function storedChecks(em: EntityManager, records: CheckRecord[]): Promise<CheckResult[]> {
  const stored = (await em.query(
    `SELECT c.id, c.monitor_id, c.job_key, c.checked_at, c.status, c.response_time_ms, c.status_code, c.error
       FROM checks c JOIN unnest($1::int[], $2::text[]) AS d(monitor_id, job_key)
         ON c.monitor_id = d.monitor_id AND c.job_key = d.job_key
      WHERE c.checked_at >= $3 AND c.checked_at < $4`,
    [records.map((r) => r.monitorId), records.map((r) => r.jobKey), ...windowOf(records)],
  )) as StoredCheckRow[];
  const byKey = new Map(stored.map((s) => [keyOf(s.monitor_id, s.job_key), s]));
  // A stored row always exists for a conflict; the fallback only guards a concurrent prune.
  return records.map((r) => {
    const s = byKey.get(keyOf(r.monitorId, r.jobKey));
    return s ? storedResult(s) : r.result;
  });
}

interface MonitorUpdate {
  id: number;
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  last: CheckResult | null;
}

async function applyStates(
  em: EntityManager,
  records: CheckRecord[],
  inserted: { index: number; checkId: string }[],
  monitors: Map<number, MonitorRow>,
  alerts: AlertEventPayload[],
  inMaintenance: boolean[],
): Promise<void> {
  const byMonitor = new Map<number, { record: CheckRecord; checkId: string; at: Date; maintenance: boolean }[]>();
  for (const { index, checkId } of inserted) {
    const record = records[index];
    const list = byMonitor.get(record.monitorId) ?? [];
    list.push({ record, checkId, at: new Date(record.result.timestamp), maintenance: inMaintenance[index] });
    byMonitor.set(record.monitorId, list);
  }
  const monitorIds = [...byMonitor.keys()].sort((a, b) => a - b);
  const openRows = (await em.query(
    `SELECT id, monitor_id, cause, started_at, resolved_at, duration_seconds, affected_checks
       FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`,
    [monitorIds],
  )) as IncidentRow[];
  const openByMonitor = new Map(openRows.map((r) => [r.monitor_id, alertIncident(r)]));

  const updates: MonitorUpdate[] = [];
  const affected = new Map<number, number>();
  for (const monitorId of monitorIds) {
    const m = monitors.get(monitorId) as MonitorRow;
    const checks = (byMonitor.get(monitorId) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime());
    let incident = openByMonitor.get(monitorId) ?? null;
    let state: MonitorState = {
      status: m.status,
      consecutiveFailures: m.consecutive_failures,
      consecutiveSuccesses: m.consecutive_successes,
      alertThreshold: m.alert_threshold,
      recoveryThreshold: m.recovery_threshold,
      degradedThresholdMs: m.degraded_threshold_ms,
      openIncident: incident ? { startedAt: incident.startedAt, affectedChecks: incident.affectedChecks } : null,
    };
    for (const { record, checkId, at, maintenance } of checks) {
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
          `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks)
           VALUES ($1, $2, 'open', $3, $4, $5) RETURNING id`,
          [m.id, m.account_id, t.open.startedAt, t.open.cause, t.open.affectedChecks],
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

  if (affected.size) {
    await em.query(
      `UPDATE incidents i SET affected_checks = d.n FROM unnest($1::int[], $2::int[]) AS d(id, n) WHERE i.id = d.id`,
      [[...affected.keys()], [...affected.values()]],
    );
  }
  await updateMonitors(em, updates);
  await upsertRollups(
    em,
    inserted.map(({ index }) => records[index]),
  );
}

async function updateMonitors(em: EntityManager, updates: MonitorUpdate[]): Promise<void> {
  await em.query(
    `UPDATE monitors m SET
        status = d.status,
        consecutive_failures = d.failures,
        consecutive_successes = d.successes,
        last_checked_at = CASE WHEN d.touch THEN d.at ELSE m.last_checked_at END,
        last_check_status = CASE WHEN d.touch THEN d.check_status ELSE m.last_check_status END,
        last_response_time_ms = CASE WHEN d.touch THEN d.response_time_ms ELSE m.last_response_time_ms END,
        last_status_code = CASE WHEN d.touch THEN d.status_code ELSE m.last_status_code END
       FROM unnest($1::int[], $2::text[], $3::int[], $4::bool[], $5::timestamptz[], $6::text[], $7::int[], $8::int[], $9::int[])
         AS d(id, status, failures, touch, at, check_status, response_time_ms, status_code, successes)
      WHERE m.id = d.id`,
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
    ],
  );
}

async function upsertRollups(em: EntityManager, records: CheckRecord[]): Promise<void> {
  const deltas = rollupDeltas(
    records.map((r) => ({
      monitorId: r.monitorId,
      checkedAt: new Date(r.result.timestamp),
      status: r.result.status,
      responseTimeMs: r.result.response_time_ms,
    })),
  );
  await em.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count)
     SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::bigint[], $6::int[])
     ON CONFLICT (monitor_id, hour) DO UPDATE SET
       total = monitor_rollups.total + EXCLUDED.total,
       successful = monitor_rollups.successful + EXCLUDED.successful,
       response_time_sum = monitor_rollups.response_time_sum + EXCLUDED.response_time_sum,
       response_time_count = monitor_rollups.response_time_count + EXCLUDED.response_time_count`,
    [
      deltas.map((d) => d.monitorId),
      deltas.map((d) => d.hour),
      deltas.map((d) => d.total),
      deltas.map((d) => d.successful),
      deltas.map((d) => d.responseTimeSum),
      deltas.map((d) => d.responseTimeCount),
    ],
  );
}

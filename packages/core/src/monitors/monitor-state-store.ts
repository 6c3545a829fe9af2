import type { EntityManager } from 'typeorm';
import { numberArrayLiteral, textArrayLiteral } from '../db/array-literals.js';
import type { MonitorStatus } from '../db/entities/monitor.entity.js';
import { CHECK_TIMING_PHASES, type CheckResult } from '../queue/job-payloads.js';

/**
 * The store of a monitor's state as the check writer moves it (issue 30): the batch's read and
 * lock of its monitors, and the one statement that writes their states, the open incidents'
 * counts and the batch's hourly rollups.
 */

/** What the writer reads of a monitor: its state, thresholds, regions and alert facts. */
export interface WriterMonitorRow {
  id: number;
  regions: string[];
  min_failing_regions: number | null;
  /** Seconds. */
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
  /** The hour whose rollup sums the row keeps (the monitor's newest; null: none). */
  rollup_hour: Date | null;
}

export type WriterMonitorRows = Map<number, WriterMonitorRow>;

/** The columns of WriterMonitorRow (of `monitors m`). */
export const WRITER_MONITOR_COLUMNS = `m.id, m.account_id, m.name, m.url, m.status, m.consecutive_failures, m.consecutive_successes, m.alert_threshold,
            m.recovery_threshold, m.degraded_threshold_ms, m.is_active, m.last_checked_at, m.rollup_hour, m.regions, m.min_failing_regions, m.timeout`;

/**
 * Reads monitors (id order), with `lock` locking their rows: id order, so concurrent batches
 * cannot deadlock; NO KEY UPDATE, enough to serialize writers, and it leaves the key-share lock
 * of a check's foreign key free (a round's checks are inserted without locking the monitor).
 */
export async function readWriterMonitors(em: EntityManager, monitorIds: readonly number[], lock: boolean): Promise<WriterMonitorRows> {
  if (!monitorIds.length) return new Map();
  const ids = [...new Set(monitorIds)].sort((a, b) => a - b);
  const rows = await em.query<WriterMonitorRow[]>(
    `SELECT ${WRITER_MONITOR_COLUMNS}
       FROM monitors m WHERE m.id = ANY($1::int[]) ORDER BY m.id${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [numberArrayLiteral(ids)],
  );
  return new Map(rows.map((m) => [m.id, m]));
}

/** Locks the monitors' rows and reads them (see readWriterMonitors). */
export function lockWriterMonitors(em: EntityManager, monitorIds: readonly number[]): Promise<WriterMonitorRows> {
  return readWriterMonitors(em, monitorIds, true);
}

/** A monitor's state after a batch: one UPDATE per monitor per batch, whatever its number of checks. */
export interface MonitorStateUpdate {
  id: number;
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  /** The newest check, when it is newer than the monitor's last one. */
  last: CheckResult | null;
}

/**
 * Where a batch's sums of one (monitor, hour) go: added to the hour kept on the monitor's row,
 * replacing that hour (the one kept before moves to monitor_rollup_hours in the same
 * statement), or straight to monitor_rollup_hours.
 */
export type RollupRoute = 'add' | 'replace' | 'store';

/** What a batch adds to one (monitor, hour) of rollups, and where it goes. */
export interface RoutedRollup {
  monitorId: number;
  hour: Date;
  total: number;
  successful: number;
  responseTimeSum: number;
  responseTimeCount: number;
  timings: Record<(typeof CHECK_TIMING_PHASES)[number], { sum: number; count: number }>;
  route: RollupRoute;
}

/** The rollup sum columns (monitor_rollup_hours'; on monitors with the prefix rollup_): counts and sums, then each timing phase's sum and count. */
const SUMS = ['total', 'successful', 'response_time_sum', 'response_time_count', ...CHECK_TIMING_PHASES.flatMap((p) => [`${p}_sum`, `${p}_count`])];
/** Parameters of the rollup deltas: $12 on, in the order of SUMS after the monitor and hour. */
const DELTA_TYPES = ['int', 'timestamptz', ...SUMS.map((c) => (c.endsWith('_sum') ? 'bigint' : 'int')), 'text'];
const DELTAS_AT = 12;
const LAST_TIMINGS_AT = DELTAS_AT + DELTA_TYPES.length;
const kept = (a: string) => (c: string) => `rollup_${c} = CASE ${a}.route WHEN 'add' THEN m.rollup_${c} + ${a}.${c} WHEN 'replace' THEN ${a}.${c} ELSE m.rollup_${c} END`;

/**
 * The statement's parts before its final INSERT: the deltas (r), the monitors' update and the
 * incident counts. `versionsAt`: the parameter of the row versions (xmin) the update requires
 * (the unlocked batch, unlocked-batch-store.ts); absent, the caller holds the rows' locks.
 */
export function stateWriteCtes(versionsAt?: number): string {
  const version = versionsAt === undefined ? '' : `, $${versionsAt}::xid[]`;
  // With versions the rows of the update and their deltas are joined first (OFFSET 0): the
  // planner takes the version filter for a 1-in-200 one, and joined the deltas last, by a
  // nested loop over all of them for every monitor (500 × 500 comparisons per batch). The
  // subquery d then has the deltas' columns too (no name is in both).
  const a = versionsAt === undefined ? 'a' : 'd';
  const UPDATE_ROWS = `unnest($1::int[], $2::text[], $3::int[], $4::bool[], $5::timestamptz[], $6::text[], $7::int[], $8::int[], $9::int[], $${LAST_TIMINGS_AT}::jsonb[]${version})
                AS d(id, status, failures, touch, at, check_status, response_time_ms, status_code, successes, timings${version ? ', version' : ''})
         LEFT JOIN r a ON a.monitor_id = d.id AND a.route <> 'store'`;
  return `r AS MATERIALIZED (
       SELECT * FROM unnest(${DELTA_TYPES.map((t, i) => `$${DELTAS_AT + i}::${t}[]`).join(', ')}) AS r(monitor_id, hour, ${SUMS.join(', ')}, route)
     ), monitor_updates AS (
       UPDATE monitors m SET
          status = d.status,
          consecutive_failures = d.failures,
          consecutive_successes = d.successes,
          last_checked_at = CASE WHEN d.touch THEN d.at ELSE m.last_checked_at END,
          last_check_status = CASE WHEN d.touch THEN d.check_status ELSE m.last_check_status END,
          last_response_time_ms = CASE WHEN d.touch THEN d.response_time_ms ELSE m.last_response_time_ms END,
          last_status_code = CASE WHEN d.touch THEN d.status_code ELSE m.last_status_code END,
          last_timings = CASE WHEN d.touch THEN d.timings ELSE m.last_timings END,
          rollup_hour = COALESCE(${a}.hour, m.rollup_hour),
          ${SUMS.map(kept(a)).join(',\n          ')}
         FROM ${versionsAt === undefined ? UPDATE_ROWS : `(SELECT * FROM ${UPDATE_ROWS} OFFSET 0) d`}
        WHERE m.id = d.id${versionsAt === undefined ? '' : ' AND m.xmin = d.version'}
        RETURNING 1
     ), incident_counts AS (
       UPDATE incidents i SET affected_checks = d.n FROM unnest($10::int[], $11::int[]) AS d(id, n) WHERE i.id = d.id RETURNING 1
     )`;
}

/** The statement's final INSERT: the stored hours (see writeMonitorStates). */
export const STORE_HOURS = `INSERT INTO monitor_rollup_hours (monitor_id, hour, ${SUMS.join(', ')})
     SELECT monitor_id, hour, ${SUMS.map((c) => `sum(${c})`).join(', ')}
       FROM (SELECT monitor_id, hour, ${SUMS.join(', ')} FROM r WHERE route = 'store'
             UNION ALL
             SELECT m.id, m.rollup_hour, ${SUMS.map((c) => `m.rollup_${c}`).join(', ')}
               FROM monitors m JOIN r ON r.monitor_id = m.id AND r.route = 'replace' WHERE m.rollup_hour IS NOT NULL) s
      GROUP BY monitor_id, hour ORDER BY monitor_id, hour
     ON CONFLICT (monitor_id, hour) DO UPDATE SET
       ${SUMS.map((c) => `${c} = monitor_rollup_hours.${c} + EXCLUDED.${c}`).join(',\n       ')}`;

/** Parameters after the state statement's own (stateWriteParams): from here. */
export const STATE_PARAMS_END = LAST_TIMINGS_AT + 1;

/** Built once: the statement only depends on the columns. */
const WRITE_STATES = `WITH ${stateWriteCtes()}
     ${STORE_HOURS}`;

/** The parameters of stateWriteCtes, $1 to $(STATE_PARAMS_END - 1). */
export function stateWriteParams(updates: readonly MonitorStateUpdate[], affected: ReadonlyMap<number, number>, deltas: readonly RoutedRollup[]): unknown[] {
  return [
    numberArrayLiteral(updates.map((u) => u.id)),
    textArrayLiteral(updates.map((u) => u.status)),
    numberArrayLiteral(updates.map((u) => u.consecutiveFailures)),
    updates.map((u) => u.last !== null),
    textArrayLiteral(updates.map((u) => u.last?.timestamp ?? null)),
    textArrayLiteral(updates.map((u) => u.last?.status ?? null)),
    numberArrayLiteral(updates.map((u) => u.last?.response_time_ms ?? null)),
    numberArrayLiteral(updates.map((u) => u.last?.status_code ?? null)),
    numberArrayLiteral(updates.map((u) => u.consecutiveSuccesses)),
    numberArrayLiteral([...affected.keys()]),
    numberArrayLiteral([...affected.values()]),
    numberArrayLiteral(deltas.map((d) => d.monitorId)),
    textArrayLiteral(deltas.map((d) => d.hour.toISOString())),
    numberArrayLiteral(deltas.map((d) => d.total)),
    numberArrayLiteral(deltas.map((d) => d.successful)),
    numberArrayLiteral(deltas.map((d) => d.responseTimeSum)),
    numberArrayLiteral(deltas.map((d) => d.responseTimeCount)),
    ...CHECK_TIMING_PHASES.flatMap((p) => [numberArrayLiteral(deltas.map((d) => d.timings[p].sum)), numberArrayLiteral(deltas.map((d) => d.timings[p].count))]),
    textArrayLiteral(deltas.map((d) => d.route)),
    // The last check's timing phases, for the metrics export (monitors.last_timings).
    textArrayLiteral(updates.map((u) => (u.last?.timings ? JSON.stringify(u.last.timings) : null))),
  ];
}

/**
 * One statement: the monitors' new state and last-check facts, the open incidents'
 * affected-check counts, and the batch's hourly rollup sums: a monitor's newest hour added to
 * or replacing the one its row keeps (the replaced one moved to monitor_rollup_hours: the
 * statement reads the rows as they were before it), other hours upserted into
 * monitor_rollup_hours, one row per (monitor, hour) taken in that order, like the monitor lock.
 * Data-modifying CTEs on three tables. Callers hold the monitors' locks.
 */
export async function writeMonitorStates(
  em: EntityManager,
  updates: readonly MonitorStateUpdate[],
  affected: ReadonlyMap<number, number>,
  deltas: readonly RoutedRollup[],
): Promise<void> {
  await em.query(WRITE_STATES, stateWriteParams(updates, affected, deltas));
}

import { Monitor, type EscalationStep, type MonitorMethod, type MonitorStatus } from '../db/entities/monitor.entity.js';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import type { MonitorScheduleFacts } from '../scheduling/monitor-schedules.js';
import type { Assertion } from './assertions/assertion.js';
import { timingAverageColumns, timingAveragesOf, type RollupSums, type TimingAverageRow } from '../checks/rollup-store.js';
import type { CheckTimings } from '../queue/job-payloads.js';
import type { RecentIncidentRow } from '../incidents/incident-store.js';
import { listMaintenanceWindowOf, type ListMaintenanceRow, type ListMaintenanceWindow } from './monitor-list-store.js';
import type { MonitorConfig, MonitorType } from './monitor-types.js';

/**
 * One monitor's row as the API's writes and its detail read it (issue 35): a plain statement
 * each, mapped to the Monitor entity by hand. TypeORM's findOne built its query and hydrated
 * the entity through its metadata on every call, and save() read the row again to compute what
 * changed; those were a large part of a monitor write's CPU.
 */

/** Entity property, column, and whether the column is jsonb (written as JSON text). */
type ColumnOf = readonly [keyof Monitor, string, boolean];

/** Every column of the entity, in its order (not the rollup sums the check writer keeps on the row). */
const COLUMNS: readonly ColumnOf[] = [
  ['id', 'id', false],
  ['accountId', 'account_id', false],
  ['name', 'name', false],
  ['type', 'type', false],
  ['config', 'config', true],
  ['url', 'url', false],
  ['normalizedUrl', 'normalized_url', false],
  ['method', 'method', false],
  ['status', 'status', false],
  ['checkInterval', 'check_interval', false],
  ['timeout', 'timeout', false],
  ['expectedStatusCodes', 'expected_status_codes', false],
  ['expectedContent', 'expected_content', false],
  ['headers', 'headers', true],
  ['credentials', 'credentials', false],
  ['body', 'body', false],
  ['alertThreshold', 'alert_threshold', false],
  ['regions', 'regions', false],
  ['minFailingRegions', 'min_failing_regions', false],
  ['degradedThresholdMs', 'degraded_threshold_ms', false],
  ['recoveryThreshold', 'recovery_threshold', false],
  ['reminderIntervalMinutes', 'reminder_interval_minutes', false],
  ['escalation', 'escalation', true],
  ['sloTarget', 'slo_target', false],
  ['assertions', 'assertions', true],
  ['followRedirects', 'follow_redirects', false],
  ['verifySsl', 'verify_ssl', false],
  ['isActive', 'is_active', false],
  ['consecutiveFailures', 'consecutive_failures', false],
  ['consecutiveSuccesses', 'consecutive_successes', false],
  ['lastCheckedAt', 'last_checked_at', false],
  ['lastCheckStatus', 'last_check_status', false],
  ['lastResponseTimeMs', 'last_response_time_ms', false],
  ['lastStatusCode', 'last_status_code', false],
  ['pausedAt', 'paused_at', false],
  ['resumedAt', 'resumed_at', false],
  ['createdAt', 'created_at', false],
  ['updatedAt', 'updated_at', false],
];

const SELECT_LIST = COLUMNS.map(([, column]) => column).join(', ');

/** A monitors row as PostgreSQL answers it (numeric comes as text). */
export interface MonitorRow {
  id: number;
  account_id: number;
  name: string;
  type: MonitorType;
  config: MonitorConfig | null;
  url: string;
  normalized_url: string;
  method: MonitorMethod;
  status: MonitorStatus;
  check_interval: number;
  timeout: number;
  expected_status_codes: number[];
  expected_content: string | null;
  headers: Record<string, string>;
  credentials: string | null;
  body: string | null;
  alert_threshold: number;
  regions: string[];
  min_failing_regions: number | null;
  degraded_threshold_ms: number;
  recovery_threshold: number;
  reminder_interval_minutes: number | null;
  escalation: EscalationStep[];
  slo_target: string | null;
  assertions: Assertion[];
  follow_redirects: boolean;
  verify_ssl: boolean;
  is_active: boolean;
  consecutive_failures: number;
  consecutive_successes: number;
  last_checked_at: Date | null;
  last_check_status: 'success' | 'failure' | null;
  last_response_time_ms: number | null;
  last_status_code: number | null;
  paused_at: Date | null;
  resumed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The entity of a row, as TypeORM hydrated it (an instance: the audit reads its columns through the metadata). */
export function monitorOfRow(r: MonitorRow): Monitor {
  const fields: Monitor = {
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    type: r.type,
    config: r.config,
    url: r.url,
    normalizedUrl: r.normalized_url,
    method: r.method,
    status: r.status,
    checkInterval: r.check_interval,
    timeout: r.timeout,
    expectedStatusCodes: r.expected_status_codes,
    expectedContent: r.expected_content,
    headers: r.headers,
    credentials: r.credentials,
    body: r.body,
    alertThreshold: r.alert_threshold,
    regions: r.regions,
    minFailingRegions: r.min_failing_regions,
    degradedThresholdMs: r.degraded_threshold_ms,
    recoveryThreshold: r.recovery_threshold,
    reminderIntervalMinutes: r.reminder_interval_minutes,
    escalation: r.escalation,
    // The entity's transformer: numeric text to a number.
    sloTarget: r.slo_target === null ? null : Number(r.slo_target),
    assertions: r.assertions,
    followRedirects: r.follow_redirects,
    verifySsl: r.verify_ssl,
    isActive: r.is_active,
    consecutiveFailures: r.consecutive_failures,
    consecutiveSuccesses: r.consecutive_successes,
    lastCheckedAt: r.last_checked_at,
    lastCheckStatus: r.last_check_status,
    lastResponseTimeMs: r.last_response_time_ms,
    lastStatusCode: r.last_status_code,
    pausedAt: r.paused_at,
    resumedAt: r.resumed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  return Object.assign(new Monitor(), fields);
}

/**
 * The account's monitor `id` (null: missing or another account's); `lock`: FOR UPDATE, inside a
 * transaction, so that one monitor's changes (and their schedule changes) happen one after another.
 */
export async function readMonitorOfAccount(q: Queryable, id: number, accountId: number, lock: boolean): Promise<Monitor | null> {
  const [row] = await q.query<MonitorRow[]>(`SELECT ${SELECT_LIST} FROM monitors WHERE id = $1 AND account_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, accountId]);
  return row ? monitorOfRow(row) : null;
}

/** What a monitor's detail reads besides its row: the hours and how many recent incidents. */
export interface MonitorDetailQuery {
  /** The live hours' rollup sums: from `liveFrom` to `lastHour`, both included. */
  liveFrom: Date;
  lastHour: Date;
  /** The timing averages: the hours from `timingFrom` to `lastHour`, both included. */
  timingFrom: Date;
  /** How many of its latest incidents. */
  recent: number;
}

/** A monitor's detail as one statement reads it. */
export interface MonitorDetailRead {
  monitor: Monitor;
  /** The live hours' rollup sums. */
  live: RollupSums;
  timings: CheckTimings | null;
  /** Its latest incidents, newest first. */
  recentIncidents: RecentIncidentRow[];
  /** Every maintenance window of its account. */
  maintenance: ListMaintenanceWindow[];
}

interface DetailExtras {
  live: { total: number | null; successful: number | null; rtSum: number | null; rtCount: number | null } | null;
  timing: TimingAverageRow | null;
  recent: { id: number; startedMs: number; resolvedMs: number | null; durationSeconds: number | null; cause: string }[] | null;
  maintenance: ListMaintenanceRow[] | null;
}

/**
 * The account's monitor with what its detail shows besides the settled rollup hours, in ONE
 * statement (issue 35), where there were five: the row, the live hours' rollup sums, the 24 h
 * timing averages (rollups, never raw checks), the latest incidents (incidents_monitor_started_idx)
 * and the account's maintenance windows (each aggregate a JSON value: times as epoch
 * milliseconds or text, as the list statement writes them). Null: missing or another account's.
 */
const DETAIL = `
SELECT ${SELECT_LIST},
  (SELECT json_build_object('total', sum(r.total), 'successful', sum(r.successful), 'rtSum', sum(r.response_time_sum), 'rtCount', sum(r.response_time_count))
     FROM monitor_rollups r WHERE r.monitor_id = $1 AND r.hour >= $3 AND r.hour <= $4) AS live,
  (SELECT json_build_object(${timingAverageColumns(true)}) FROM monitor_rollups r WHERE r.monitor_id = $1 AND r.hour >= $5 AND r.hour <= $4) AS timing,
  (SELECT json_agg(i ORDER BY i.n) FROM (
     SELECT id, floor(extract(epoch FROM started_at) * 1000)::bigint AS "startedMs", floor(extract(epoch FROM resolved_at) * 1000)::bigint AS "resolvedMs",
            duration_seconds AS "durationSeconds", cause, row_number() OVER (ORDER BY started_at DESC, id DESC) AS n
       FROM incidents WHERE monitor_id = $1 ORDER BY started_at DESC, id DESC LIMIT $6) i) AS recent,
  (SELECT json_agg(w) FROM (
     SELECT applies_to_all AS "appliesToAll", monitor_ids AS "monitorIds", domain_ids AS "domainIds",
            starts_at AS "startsAt", ends_at AS "endsAt", rrule, duration_minutes AS "durationMinutes", timezone
       FROM maintenance_windows WHERE account_id = $2) w) AS maintenance
FROM monitors WHERE id = $1 AND account_id = $2`;

export async function readMonitorDetail(q: Queryable, accountId: number, id: number, d: MonitorDetailQuery): Promise<MonitorDetailRead | null> {
  const [row] = await q.query<(MonitorRow & DetailExtras)[]>(DETAIL, [id, accountId, d.liveFrom, d.lastHour, d.timingFrom, d.recent]);
  if (!row) return null;
  const { live, timing, recent, maintenance, ...monitor } = row;
  return {
    monitor: monitorOfRow(monitor),
    live: { total: Number(live?.total ?? 0), successful: Number(live?.successful ?? 0), responseTimeSum: Number(live?.rtSum ?? 0), responseTimeCount: Number(live?.rtCount ?? 0) },
    timings: timingAveragesOf(timing),
    recentIncidents: (recent ?? []).map((i) => ({
      id: i.id,
      startedAt: new Date(i.startedMs),
      resolvedAt: i.resolvedMs === null ? null : new Date(i.resolvedMs),
      durationSeconds: i.durationSeconds,
      cause: i.cause,
    })),
    maintenance: (maintenance ?? []).map(listMaintenanceWindowOf),
  };
}

/**
 * Deletes the account's monitor `id` (its checks, incidents, rollups and heartbeat row go with
 * it: ON DELETE CASCADE) and answers it as it was; null: missing or another account's. One
 * statement: the delete takes the row lock a read FOR UPDATE took before it.
 */
export async function deleteMonitorOfAccount(q: Queryable, id: number, accountId: number): Promise<Monitor | null> {
  const [[row]] = await q.query<WriteResult<MonitorRow>>(`DELETE FROM monitors WHERE id = $1 AND account_id = $2 RETURNING ${SELECT_LIST}`, [id, accountId]);
  return row ? monitorOfRow(row) : null;
}

/**
 * The caller's monitor (as readMonitorOfAccount, without a lock) and its row version (xmin, as
 * text): what monitorColumnsUpdateAtVersion and monitorDeleteAtVersion write against.
 */
export async function readMonitorVersionOfAccount(q: Queryable, id: number, accountId: number): Promise<{ monitor: Monitor; version: string } | null> {
  const [row] = await q.query<(MonitorRow & { row_version: string })[]>(`SELECT ${SELECT_LIST}, xmin::text AS row_version FROM monitors WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return row ? { monitor: monitorOfRow(row), version: row.row_version } : null;
}

/** Deletes the account's monitor `id` while it is the version read (see monitorColumnsUpdateAtVersion); RETURNING its id (no row: deleted or changed since). */
export function monitorDeleteAtVersion(id: number, accountId: number, version: string): Statement {
  return { sql: `DELETE FROM monitors WHERE id = $1 AND account_id = $2 AND xmin = $3::text::xid RETURNING id`, params: [id, accountId, version] };
}

/** The columns a monitor's schedule follows, as read. */
export interface MonitorScheduleFactsRow {
  id: number;
  type: MonitorType;
  check_interval: number;
  is_active: boolean;
  status: MonitorStatus;
  regions: string[];
}

/** A statement reading the schedule facts of monitor $1 FOR SHARE (also a subquery of a larger statement). */
export const MONITOR_SCHEDULE_FACTS_FOR_SHARE = `SELECT id, type, check_interval, is_active, status, regions FROM monitors WHERE id = $1 FOR SHARE`;

export function monitorScheduleFactsOf(row: MonitorScheduleFactsRow): MonitorScheduleFacts & { regions: string[] } {
  return { id: row.id, type: row.type, checkInterval: row.check_interval, isActive: row.is_active, status: row.status, regions: row.regions };
}

/** What a monitor's schedule follows, read FOR SHARE (an update of the row waits until its schedule is written); null: gone. */
export async function monitorScheduleFactsFor(q: Queryable, id: number): Promise<MonitorScheduleFacts & { regions: string[] } | null> {
  const [row] = await q.query<MonitorScheduleFactsRow[]>(MONITOR_SCHEDULE_FACTS_FOR_SHARE, [id]);
  return row ? monitorScheduleFactsOf(row) : null;
}

/**
 * Inserts a monitor of the properties `set` gives (the others take their column defaults) and
 * answers its whole row: one INSERT ... RETURNING, where save() built the statement and read the
 * generated columns back through the entity's metadata.
 */
export async function insertMonitorRow(q: Queryable, set: Partial<Monitor>): Promise<Monitor> {
  const insert = monitorRowInsert(set);
  const [row] = await q.query<MonitorRow[]>(insert.sql, [...insert.params]);
  return monitorOfRow(row);
}

/** insertMonitorRow's statement (`INSERT ... RETURNING` the whole row), to send as the main query of a larger one (insertAudited). */
export function monitorRowInsert(set: Partial<Monitor>): Statement {
  const columns: string[] = [];
  const params: unknown[] = [];
  for (const [property, column, json] of COLUMNS) {
    const value = set[property];
    if (value === undefined) continue;
    params.push(json && value !== null ? JSON.stringify(value) : value);
    columns.push(column);
  }
  return { sql: `INSERT INTO monitors (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${SELECT_LIST}`, params };
}

/**
 * The columns the database fills when an INSERT leaves them out: NOT NULL with a default (the
 * migrations'), each with whether it is a time. A create's entry tells them as the row has them.
 */
const DEFAULTED: readonly (readonly [keyof Monitor, string, boolean])[] = [
  ['id', 'id', false],
  ['type', 'type', false],
  ['method', 'method', false],
  ['status', 'status', false],
  ['checkInterval', 'check_interval', false],
  ['timeout', 'timeout', false],
  ['expectedStatusCodes', 'expected_status_codes', false],
  ['headers', 'headers', false],
  ['alertThreshold', 'alert_threshold', false],
  ['regions', 'regions', false],
  ['degradedThresholdMs', 'degraded_threshold_ms', false],
  ['recoveryThreshold', 'recovery_threshold', false],
  ['escalation', 'escalation', false],
  ['assertions', 'assertions', false],
  ['followRedirects', 'follow_redirects', false],
  ['verifySsl', 'verify_ssl', false],
  ['isActive', 'is_active', false],
  ['consecutiveFailures', 'consecutive_failures', false],
  ['consecutiveSuccesses', 'consecutive_successes', false],
  ['createdAt', 'created_at', true],
];

/** The defaulted columns (DEFAULTED's), for a test to hold the list to the schema. */
export const MONITOR_DEFAULTED_COLUMNS: readonly string[] = DEFAULTED.map(([, column]) => column);

/**
 * insertAudited's `generated` for monitorRowInsert(set): the entry's fields the INSERT makes,
 * every defaulted column `set` leaves out (updated_at is never told).
 */
export function monitorInsertGenerated(set: Partial<Monitor>): Record<string, { column: string; time: boolean }> {
  return Object.fromEntries(DEFAULTED.filter(([property]) => set[property] === undefined).map(([, column, time]) => [column, { column, time }]));
}

/** A value as compared for "changed": dates by their instant, the rest by their JSON. */
function comparable(value: unknown): string | undefined {
  return JSON.stringify(value instanceof Date ? value.toISOString() : value);
}

/**
 * Writes the properties of `set` that differ from `current` (the row as read under its lock)
 * and stamps updated_at, as save() did: no statement, and updated_at kept, when nothing differs.
 * Assigns the written values and the new updated_at to `current`; returns whether it wrote.
 */
export async function updateMonitorColumns(q: Queryable, current: Monitor, set: Partial<Monitor>): Promise<boolean> {
  const update = monitorColumnsUpdate(current, set);
  if (!update) return false;
  const [[row]] = await q.query<WriteResult<{ updated_at: Date }>>(update.sql, [...update.params]);
  if (row) current.updatedAt = row.updated_at;
  return true;
}

/**
 * updateMonitorColumns' statement (`UPDATE ... RETURNING updated_at`), to send with the
 * transaction's other writes as their main query (recordAuditAlong); null when nothing differs.
 * Assigns `set` to `current`; the caller assigns the updated_at the statement answers.
 */
export function monitorColumnsUpdate(current: Monitor, set: Partial<Monitor>): Statement | null {
  return columnsUpdate(current, set);
}

/**
 * monitorColumnsUpdate of a row read without its lock (readMonitorVersionOfAccount): it writes
 * only while the row is the version read (`version`, its xmin: any UPDATE, the check writer's
 * included, makes a new one), else it writes nothing and answers no row, so what the caller
 * decided from that read (its entry's `before`, the interval of its schedule change) still holds
 * when it writes (issue 35: one statement where a transaction read under the lock and wrote).
 */
export function monitorColumnsUpdateAtVersion(current: Monitor, set: Partial<Monitor>, version: string): Statement | null {
  return columnsUpdate(current, set, version);
}

function columnsUpdate(current: Monitor, set: Partial<Monitor>, version?: string): Statement | null {
  const assignments: string[] = [];
  const params: unknown[] = [current.id];
  for (const [property, column, json] of COLUMNS) {
    const value = set[property];
    if (value === undefined || comparable(value) === comparable(current[property])) continue;
    params.push(json && value !== null ? JSON.stringify(value) : value);
    assignments.push(`${column} = $${params.length}`);
  }
  Object.assign(current, set);
  if (!assignments.length) return null;
  let where = 'id = $1';
  if (version !== undefined) {
    params.push(version);
    where += ` AND xmin = $${params.length}::text::xid`;
  }
  return { sql: `UPDATE monitors SET ${assignments.join(', ')}, updated_at = CURRENT_TIMESTAMP WHERE ${where} RETURNING updated_at`, params };
}

import type { DataSource } from 'typeorm';
import type { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import type { Monitor, MonitorStatus } from '../db/entities/monitor.entity.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Queryable } from '../db/queryable.js';
import type { RollupSums } from '../checks/rollup-store.js';

/**
 * The monitor list's reads (GET /uptime/monitors and the aggregate status): a hot read, on a
 * prepared statement, one JSON value per page.
 */

/** How many of the account's monitors are in one state. */
export interface StatusCountRow {
  status: MonitorStatus;
  n: number;
}

const STATUS_COUNTS = 'SELECT status, count(*)::int AS n FROM monitors WHERE account_id = $1 GROUP BY status';

/** The account's monitors counted by state (states without monitors are absent). */
export function monitorStatusCounts(em: Queryable, accountId: number): Promise<StatusCountRow[]> {
  return em.query<StatusCountRow[]>(STATUS_COUNTS, [accountId]);
}

/** The columns of a listed monitor. */
export type ListedMonitor = Pick<Monitor, 'id' | 'name' | 'type' | 'url' | 'method' | 'status' | 'checkInterval' | 'timeout' | 'isActive' | 'lastCheckedAt' | 'lastResponseTimeMs' | 'createdAt' | 'updatedAt'>;

/**
 * A listed monitor as the list statement writes it (JSON): timestamps as epoch milliseconds, which
 * `new Date` reads far faster than pg parses timestamp text, and its live-hour rollup sums.
 */
export interface MonitorListRow {
  id: number;
  name: string;
  type: Monitor['type'];
  url: string;
  method: Monitor['method'];
  status: MonitorStatus;
  checkInterval: number;
  timeout: number;
  isActive: boolean;
  lastCheckedMs: number | null;
  lastResponseTimeMs: number | null;
  createdMs: number;
  updatedMs: number;
  liveTotal: number | null;
  liveSuccessful: number | null;
  liveRtSum: number | null;
  liveRtCount: number | null;
}

type MaintenanceFields = 'appliesToAll' | 'monitorIds' | 'domainIds' | 'endsAt' | 'rrule' | 'durationMinutes' | 'timezone' | 'startsAt';

/** A maintenance window as the list statement writes it (JSON: times are strings). */
export type ListMaintenanceRow = Omit<Pick<MaintenanceWindow, MaintenanceFields>, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null };

/** The fields of a window that say when and what it covers. */
export type ListMaintenanceWindow = Pick<MaintenanceWindow, MaintenanceFields>;

/** The list statement's one value (pg parses the json column; an empty aggregate is null). */
interface ListAnswer {
  rows: MonitorListRow[] | null;
  matching: number;
  summary: StatusCountRow[] | null;
  maintenance: ListMaintenanceRow[] | null;
}

/**
 * The page, how many monitors match, the account's status counts, its maintenance windows and
 * each listed monitor's live-hour rollup sums, in one statement that answers one JSON value.
 * One value instead of a row per monitor with a column per field: pg decodes one string and
 * JSON.parse builds the objects, about half the CPU.
 */
const LIST = `
SELECT json_build_object(
  'rows', (SELECT json_agg(p ORDER BY p.id) FROM (
    SELECT m.id, m.name, m.type, m.url, m.method, m.status, m.check_interval AS "checkInterval", m.timeout, m.is_active AS "isActive",
           floor(extract(epoch FROM m.last_checked_at) * 1000)::bigint AS "lastCheckedMs", m.last_response_time_ms AS "lastResponseTimeMs",
           floor(extract(epoch FROM m.created_at) * 1000)::bigint AS "createdMs", floor(extract(epoch FROM m.updated_at) * 1000)::bigint AS "updatedMs",
           l.total AS "liveTotal", l.successful AS "liveSuccessful", l.rt_sum AS "liveRtSum", l.rt_count AS "liveRtCount"
    FROM (SELECT * FROM monitors WHERE account_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY id LIMIT $3 OFFSET $4) m
    LEFT JOIN LATERAL (
      SELECT sum(total) AS total, sum(successful) AS successful, sum(response_time_sum) AS rt_sum, sum(response_time_count) AS rt_count
      FROM monitor_rollups r WHERE r.monitor_id = m.id AND r.hour >= $5 AND r.hour <= $6
    ) l ON true) p),
  'matching', (SELECT count(*) FROM monitors WHERE account_id = $1 AND ($2::text IS NULL OR status = $2)),
  'summary', (SELECT json_agg(s) FROM (${STATUS_COUNTS}) s),
  'maintenance', (SELECT json_agg(w) FROM (
     SELECT applies_to_all AS "appliesToAll", monitor_ids AS "monitorIds", domain_ids AS "domainIds",
            starts_at AS "startsAt", ends_at AS "endsAt", rrule, duration_minutes AS "durationMinutes", timezone
     FROM maintenance_windows WHERE account_id = $1) w)
) AS answer`;

export interface MonitorListQuery {
  accountId: number;
  /** Only monitors in this state (all when undefined). */
  status: MonitorStatus | undefined;
  limit: number;
  offset: number;
  /** The live hours whose rollups the page's rows carry: from `liveFrom` to `liveTo`, both included. */
  liveFrom: Date;
  liveTo: Date;
}

/** A listed monitor and its live hours' rollup sums. */
export interface MonitorListEntry {
  monitor: ListedMonitor;
  live: RollupSums;
}

export interface MonitorListPage {
  entries: MonitorListEntry[];
  /** How many of the account's monitors match the filter. */
  matching: number;
  summary: StatusCountRow[];
  maintenance: ListMaintenanceWindow[];
}

function entryOf(r: MonitorListRow): MonitorListEntry {
  return {
    monitor: {
      id: r.id,
      name: r.name,
      type: r.type,
      url: r.url,
      method: r.method,
      status: r.status,
      checkInterval: r.checkInterval,
      timeout: r.timeout,
      isActive: r.isActive,
      lastCheckedAt: r.lastCheckedMs === null ? null : new Date(r.lastCheckedMs),
      lastResponseTimeMs: r.lastResponseTimeMs,
      createdAt: new Date(r.createdMs),
      updatedAt: new Date(r.updatedMs),
    },
    live: { total: r.liveTotal ?? 0, successful: r.liveSuccessful ?? 0, responseTimeSum: r.liveRtSum ?? 0, responseTimeCount: r.liveRtCount ?? 0 },
  };
}

/** A window as the list statement wrote it, its times as dates. */
export const listMaintenanceWindowOf = (w: ListMaintenanceRow): ListMaintenanceWindow => ({ ...w, startsAt: new Date(w.startsAt), endsAt: w.endsAt === null ? null : new Date(w.endsAt) });

/** One page of the account's monitors (by id), with the counts and windows the list shows. */
export async function monitorListPage(db: DataSource, q: MonitorListQuery): Promise<MonitorListPage> {
  // Prepared: planning this statement costs about as much as running it.
  const [{ answer }] = await preparedQuery<{ answer: ListAnswer }>(db, 'vigil_list_monitors', LIST, [q.accountId, q.status ?? null, q.limit, q.offset, q.liveFrom, q.liveTo]);
  return {
    entries: (answer.rows ?? []).map(entryOf),
    matching: answer.matching,
    summary: answer.summary ?? [],
    maintenance: (answer.maintenance ?? []).map(listMaintenanceWindowOf),
  };
}

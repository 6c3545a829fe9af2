import { Monitor, MONITOR_STATUSES, ValidationError, occurrenceAt, preparedQuery, scheduleOf, windowCovers, type Context, type MaintenanceWindow, type MonitorStatus } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { queryValue } from '../http/validate.js';
import { listMonitorView } from './monitor-views.js';
import type { ListedMonitor } from './views/index.js';
import { EMPTY_WINDOWS, liveStart, type RollupWindows } from './rollup-totals.js';
import { startOfHour, type RollupTotals } from './uptime-math.js';

export type StatusCounts = Record<MonitorStatus, number> & { total: number };

function countsFrom(rows: { status: MonitorStatus; n: number }[]): StatusCounts {
  const counts: StatusCounts = { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}

const STATUS_COUNTS = 'SELECT status, count(*)::int AS n FROM monitors WHERE account_id = $1 GROUP BY status';

/** How many of the account's monitors are in each state (the list's and the aggregate's summary). */
export async function statusCounts(ctx: Context, accountId: number): Promise<StatusCounts> {
  return countsFrom((await ctx.readDb.query(STATUS_COUNTS, [accountId])) as { status: MonitorStatus; n: number }[]);
}

function statusFilter(raw: unknown): MonitorStatus | undefined {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  const status = text.toLowerCase();
  if (!(MONITOR_STATUSES as readonly string[]).includes(status)) {
    throw new ValidationError('Invalid status: must be one of up, down, degraded, paused, pending');
  }
  return status as MonitorStatus;
}

/** Timestamps come as epoch milliseconds: a number and `new Date` cost far less than pg's parse of timestamp text. */
type ListRow = Pick<Monitor, 'id' | 'name' | 'type' | 'url' | 'method' | 'status' | 'checkInterval' | 'timeout' | 'isActive' | 'lastResponseTimeMs'> & {
    lastCheckedMs: number | null;
    createdMs: number;
    updatedMs: number;
    matching: string;
    summary: { status: MonitorStatus; n: number }[] | null;
    live_total: string | null;
    live_successful: string | null;
    live_rt_sum: string | null;
    live_rt_count: string | null;
    maintenance: MaintenanceRow[] | null;
  };

type MaintenanceFields = 'appliesToAll' | 'monitorIds' | 'domainIds' | 'endsAt' | 'rrule' | 'durationMinutes' | 'timezone' | 'startsAt';
/** A maintenance window as the list statement reads it (JSON: times are strings). */
type MaintenanceRow = Omit<Pick<MaintenanceWindow, MaintenanceFields>, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null };

/** Whether a maintenance window of the account covers a monitor right now (as maintenanceNow answers). */
function maintenanceCoverage(rows: MaintenanceRow[], now: Date): (monitorId: number) => boolean {
  const windows = rows.map((w) => ({ ...w, startsAt: new Date(w.startsAt), endsAt: w.endsAt === null ? null : new Date(w.endsAt) }));
  return (monitorId) => windows.some((w) => windowCovers(w, { monitorId }) && occurrenceAt(scheduleOf(w), now) !== null);
}

/**
 * The page, how many monitors match, the account's status counts, its maintenance windows and
 * each listed monitor's live-hour rollup sums, in one statement (the settled hours come from
 * RollupWindows' memory).
 */
const LIST = `
SELECT p.*, l.*,
       (SELECT json_agg(s) FROM (${STATUS_COUNTS}) s) AS summary,
       (SELECT json_agg(w) FROM (
          SELECT applies_to_all AS "appliesToAll", monitor_ids AS "monitorIds", domain_ids AS "domainIds",
                 starts_at AS "startsAt", ends_at AS "endsAt", rrule, duration_minutes AS "durationMinutes", timezone
          FROM maintenance_windows WHERE account_id = $1) w) AS maintenance
FROM (
  SELECT id, name, type, url, method, status, check_interval AS "checkInterval", timeout, is_active AS "isActive",
         floor(extract(epoch FROM last_checked_at) * 1000)::float8 AS "lastCheckedMs", last_response_time_ms AS "lastResponseTimeMs",
         floor(extract(epoch FROM created_at) * 1000)::float8 AS "createdMs", floor(extract(epoch FROM updated_at) * 1000)::float8 AS "updatedMs",
         count(*) OVER () AS matching
  FROM monitors WHERE account_id = $1 AND ($2::text IS NULL OR status = $2)
  ORDER BY id LIMIT $3 OFFSET $4
) p
LEFT JOIN LATERAL (
  SELECT sum(total) AS live_total, sum(successful) AS live_successful,
         sum(response_time_sum) AS live_rt_sum, sum(response_time_count) AS live_rt_count
  FROM monitor_rollups r WHERE r.monitor_id = p.id AND r.hour >= $5 AND r.hour <= $6
) l ON true
ORDER BY p.id`;

function listed(r: ListRow): ListedMonitor {
  return {
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
  };
}

/**
 * GET /uptime/monitors: the page of the account's monitors (oldest first), optionally of one
 * status, with uptime from the hourly rollups; summary counts all of the account's monitors.
 */
export async function listMonitors(ctx: Context, windows: RollupWindows, accountId: number, query: Record<string, unknown>) {
  const status = statusFilter(query.status);
  const page = parsePagination(query, { defaultPerPage: 20, maxPerPage: 100 });
  const now = ctx.clock.now();
  // Prepared: planning this statement costs about as much as running it.
  const rows = await preparedQuery<ListRow>(ctx.readDb, 'vigil_list_monitors', LIST, [accountId, status ?? null, page.perPage, page.offset, liveStart(now), startOfHour(now)]);
  if (!rows.length) {
    // A page past the end (or no monitors): the counts without a page.
    const [total, counts] = await Promise.all([
      ctx.readDb.getRepository(Monitor).countBy({ accountId, ...(status ? { status } : {}) }),
      statusCounts(ctx, accountId),
    ]);
    return { monitors: [], summary: counts, pagination: paginationBody(page, total) };
  }
  const live = new Map<number, RollupTotals>(
    rows.map((r) => [
      r.id,
      {
        total: Number(r.live_total ?? 0),
        successful: Number(r.live_successful ?? 0),
        responseTimeSum: Number(r.live_rt_sum ?? 0),
        responseTimeCount: Number(r.live_rt_count ?? 0),
      },
    ]),
  );
  const totals = await windows.totals(ctx.readDb, rows.map((r) => r.id), now, live);
  const inMaintenance = maintenanceCoverage(rows[0].maintenance ?? [], now);
  return {
    monitors: rows.map((m) => listMonitorView(listed(m), totals.get(m.id) ?? EMPTY_WINDOWS, inMaintenance(m.id))),
    summary: countsFrom(rows[0].summary ?? []),
    pagination: paginationBody(page, Number(rows[0].matching)),
  };
}

import Joi from 'joi';
import { MONITOR_STATUSES, ValidationError, occurrenceAt, preparedQuery, scheduleOf, windowCovers, type Context, type MaintenanceWindow, type Monitor, type MonitorStatus } from '@vigil/core';
import { paginationBody, parsePagination, type PageRequest } from '../http/pagination.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import { validateQuery } from '../http/validate.js';
import { listMonitorView } from './monitor-views.js';
import type { ListedMonitor } from './views/index.js';
import { EMPTY_WINDOWS, liveStart, type RollupWindows, type WindowTotals } from './rollup-totals.js';
import { startOfHour, type RollupTotals } from './uptime-math.js';

/** The list's page sizes (the route documents the same). */
export const MONITOR_LIST_PAGE = { defaultPerPage: 20, maxPerPage: 100 };

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

/** The list's status filter. */
export const MONITOR_LIST_FILTERS = Joi.object<{ status?: MonitorStatus }>({
  status: Joi.string()
    .valid(...MONITOR_STATUSES)
    .insensitive()
    .empty('')
    .error(new ValidationError('Invalid status: must be one of up, down, degraded, paused, pending')),
});

/**
 * A listed monitor as the list statement writes it (JSON): timestamps as epoch milliseconds, which
 * `new Date` reads far faster than pg parses timestamp text, and its live-hour rollup sums.
 */
interface ListRow {
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

/** The list statement's one value. */
interface ListAnswer {
  rows: ListRow[] | null;
  matching: number;
  summary: { status: MonitorStatus; n: number }[] | null;
  maintenance: MaintenanceRow[] | null;
}

type MaintenanceFields = 'appliesToAll' | 'monitorIds' | 'domainIds' | 'endsAt' | 'rrule' | 'durationMinutes' | 'timezone' | 'startsAt';
/** A maintenance window as the list statement reads it (JSON: times are strings). */
type MaintenanceRow = Omit<Pick<MaintenanceWindow, MaintenanceFields>, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string | null };

/** Whether a maintenance window of the account covers a monitor right now (as maintenanceNow answers). */
function maintenanceCoverage(rows: MaintenanceRow[], now: Date): (monitorId: number) => boolean {
  if (!rows.length) return () => false;
  const windows = rows.map((w) => ({ ...w, startsAt: new Date(w.startsAt), endsAt: w.endsAt === null ? null : new Date(w.endsAt) }));
  return (monitorId) => windows.some((w) => windowCovers(w, { monitorId }) && occurrenceAt(scheduleOf(w), now) !== null);
}

/**
 * The page, how many monitors match, the account's status counts, its maintenance windows and
 * each listed monitor's live-hour rollup sums, in one statement that answers one JSON text (the
 * settled hours come from RollupWindows' memory). One value instead of a row per monitor with a
 * column per field: pg decodes one string and JSON.parse builds the objects, about half the CPU.
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
)::text AS answer`;

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
export async function listMonitors(ctx: Context, reads: MonitorListReads, accountId: number, query: Record<string, unknown>) {
  const { status } = validateQuery(MONITOR_LIST_FILTERS, query);
  const page = parsePagination(query, MONITOR_LIST_PAGE);
  return reads.coalescer.read(`${accountId}:${status ?? ''}:${page.page}:${page.perPage}`, () => readPage(ctx, reads.windows, accountId, status, page));
}

/** What the list reads through: the settled rollup sums in memory, and the coalescer of identical reads. */
export interface MonitorListReads {
  windows: RollupWindows;
  coalescer: ReadCoalescer<MonitorList>;
}

export type MonitorList = Awaited<ReturnType<typeof readPage>>;

export function monitorListReads(windows: RollupWindows): MonitorListReads {
  return { windows, coalescer: new ReadCoalescer() };
}

async function readPage(ctx: Context, windows: RollupWindows, accountId: number, status: MonitorStatus | undefined, page: PageRequest) {
  const now = ctx.clock.now();
  // Prepared: planning this statement costs about as much as running it.
  const [{ answer }] = await preparedQuery<{ answer: string }>(ctx.readDb, 'vigil_list_monitors', LIST, [
    accountId,
    status ?? null,
    page.perPage,
    page.offset,
    liveStart(now),
    startOfHour(now),
  ]);
  const list = JSON.parse(answer) as ListAnswer;
  const rows = list.rows ?? [];
  const live = new Map<number, RollupTotals>(
    rows.map((r) => [r.id, { total: r.liveTotal ?? 0, successful: r.liveSuccessful ?? 0, responseTimeSum: r.liveRtSum ?? 0, responseTimeCount: r.liveRtCount ?? 0 }]),
  );
  const totals = rows.length ? await windows.totals(ctx.readDb, rows.map((r) => r.id), now, live) : new Map<number, WindowTotals>();
  const inMaintenance = maintenanceCoverage(list.maintenance ?? [], now);
  return {
    monitors: rows.map((m) => listMonitorView(listed(m), totals.get(m.id) ?? EMPTY_WINDOWS, inMaintenance(m.id))),
    summary: countsFrom(list.summary ?? []),
    pagination: paginationBody(page, list.matching),
  };
}

import Joi from 'joi';
import {
  MONITOR_STATUSES,
  ValidationError,
  monitorListPage,
  monitorStatusCounts,
  occurrenceAt,
  scheduleOf,
  windowCovers,
  type Context,
  type ListMaintenanceWindow,
  type MonitorStatus,
  type StatusCountRow,
} from '@vigil/core';
import { paginationBody, parsePagination, type PageRequest } from '../http/pagination.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import { validateQuery } from '../http/validate.js';
import { listMonitorView } from './monitor-views.js';
import { EMPTY_WINDOWS, liveStart, type RollupWindows, type WindowTotals } from './rollup-totals.js';
import { startOfHour, type RollupTotals } from './uptime-math.js';

/** The list's page sizes (the route documents the same). */
export const MONITOR_LIST_PAGE = { defaultPerPage: 20, maxPerPage: 100 };

export type StatusCounts = Record<MonitorStatus, number> & { total: number };

function countsFrom(rows: StatusCountRow[]): StatusCounts {
  const counts: StatusCounts = { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/** How many of the account's monitors are in each state (the list's and the aggregate's summary). */
export async function statusCounts(ctx: Context, accountId: number): Promise<StatusCounts> {
  return countsFrom(await monitorStatusCounts(ctx.readDb, accountId));
}

/** The list's status filter. */
export const MONITOR_LIST_FILTERS = Joi.object<{ status?: MonitorStatus }>({
  status: Joi.string()
    .valid(...MONITOR_STATUSES)
    .insensitive()
    .empty('')
    .error(new ValidationError('Invalid status: must be one of up, down, degraded, paused, pending')),
});

/** Whether a maintenance window of the account covers a monitor right now (as maintenanceNow answers). */
export function maintenanceCoverage(windows: ListMaintenanceWindow[], now: Date): (monitorId: number) => boolean {
  if (!windows.length) return () => false;
  return (monitorId) => windows.some((w) => windowCovers(w, { monitorId }) && occurrenceAt(scheduleOf(w), now) !== null);
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
  const list = await monitorListPage(ctx.readDb, { accountId, status, limit: page.perPage, offset: page.offset, liveFrom: liveStart(now), liveTo: startOfHour(now) });
  const ids = list.entries.map((e) => e.monitor.id);
  const live = new Map<number, RollupTotals>(list.entries.map((e) => [e.monitor.id, e.live]));
  const totals = ids.length ? await windows.totals(ctx.readDb, ids, now, live) : new Map<number, WindowTotals>();
  const inMaintenance = maintenanceCoverage(list.maintenance, now);
  return {
    monitors: list.entries.map(({ monitor }) => listMonitorView(monitor, totals.get(monitor.id) ?? EMPTY_WINDOWS, inMaintenance(monitor.id))),
    summary: countsFrom(list.summary),
    pagination: paginationBody(page, list.matching),
  };
}

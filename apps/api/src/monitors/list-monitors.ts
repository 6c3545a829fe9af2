import { Monitor, MONITOR_STATUSES, ValidationError, type Context, type MonitorStatus } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { queryValue } from '../http/validate.js';
import { listMonitorView } from './monitor-views.js';
import { EMPTY_WINDOWS, rollupTotals } from './rollup-totals.js';

export type StatusCounts = Record<MonitorStatus, number> & { total: number };

/** How many of the account's monitors are in each state (the list's and the aggregate's summary). */
export async function statusCounts(ctx: Context, accountId: number): Promise<StatusCounts> {
  const rows = (await ctx.readDb.query('SELECT status, count(*)::int AS n FROM monitors WHERE account_id = $1 GROUP BY status', [accountId])) as {
    status: MonitorStatus;
    n: number;
  }[];
  const counts: StatusCounts = { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 };
  for (const r of rows) {
    counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
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

/**
 * GET /uptime/monitors: the page of the account's monitors (oldest first), optionally of one
 * status, with uptime from the hourly rollups; summary counts all of the account's monitors.
 */
export async function listMonitors(ctx: Context, accountId: number, query: Record<string, unknown>) {
  const status = statusFilter(query.status);
  const page = parsePagination(query, { defaultPerPage: 20, maxPerPage: 100 });
  const [monitors, total] = await ctx.readDb.getRepository(Monitor).findAndCount({
    where: { accountId, ...(status ? { status } : {}) },
    order: { id: 'ASC' },
    skip: page.offset,
    take: page.perPage,
  });
  const [totals, counts] = await Promise.all([
    rollupTotals(ctx.readDb, monitors.map((m) => m.id), ctx.clock.now()),
    statusCounts(ctx, accountId),
  ]);
  return {
    monitors: monitors.map((m) => listMonitorView(m, totals.get(m.id) ?? EMPTY_WINDOWS)),
    summary: counts,
    pagination: paginationBody(page, total),
  };
}

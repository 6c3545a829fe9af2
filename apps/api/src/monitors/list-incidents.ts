import Joi from 'joi';
import { incidentListPage, incidentWindowSummary, ValidationError, type Context } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { validateQuery } from '../http/validate.js';
import { dateRangeQuery, parseDateRange } from './date-query.js';
import { findOwnMonitorId } from './find-own-monitor.js';
import { incidentView } from './monitor-views.js';

/** The list's page sizes (the route documents the same). */
export const INCIDENT_LIST_PAGE = { defaultPerPage: 20, maxPerPage: 100 };

const DAY_MS = 86_400_000;

/** The list's status filter (validated before the dates). */
export const INCIDENT_LIST_FILTERS = Joi.object<{ status?: 'open' | 'resolved' }>({
  status: Joi.string().valid('open', 'resolved').insensitive().empty('').error(new ValidationError('Invalid status: must be open or resolved')),
});

export const INCIDENT_LIST_DATES = dateRangeQuery('incidents started');

/**
 * GET /uptime/monitors/{id}/incidents (decisions §4): status, from_date/to_date (on started_at),
 * page, per_page (default 20, max 100); newest first. The summary covers the last 30 days
 * whatever the filters.
 */
export async function listIncidents(ctx: Context, accountId: number, rawId: string | string[] | undefined, query: Record<string, unknown>) {
  const monitorId = await findOwnMonitorId(ctx.db, accountId, rawId);
  const { status } = validateQuery(INCIDENT_LIST_FILTERS, query);
  const dates = validateQuery(INCIDENT_LIST_DATES, query);
  const range = parseDateRange(dates.from_date, dates.to_date);
  const page = parsePagination(query, INCIDENT_LIST_PAGE);
  const now = ctx.clock.now();
  const windowFrom = new Date(now.getTime() - 30 * DAY_MS);
  const [{ incidents, total }, window] = await Promise.all([
    incidentListPage(ctx.readDb, { monitorId, status, from: range.from, toExclusive: range.toExclusive }, page.perPage, page.offset),
    incidentWindowSummary(ctx.readDb, monitorId, windowFrom, now),
  ]);
  return {
    monitor_id: monitorId,
    incidents: incidents.map(incidentView),
    summary: { total_incidents_30d: window.started, total_downtime_30d_seconds: window.downtimeSeconds, mttr_seconds: window.mttrSeconds },
    pagination: paginationBody(page, total),
  };
}

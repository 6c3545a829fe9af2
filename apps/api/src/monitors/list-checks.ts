import Joi from 'joi';
import { checkListPage, REGION_NAME_PATTERN, ValidationError, type Context } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { validateQuery } from '../http/validate.js';
import { dateRangeQuery, parseDateRange } from './date-query.js';
import { findOwnMonitorId } from './find-own-monitor.js';
import type { CheckTotals } from './check-totals.js';
import { checkView } from './monitor-views.js';

/** The list's page sizes (the route documents the same). */
export const CHECK_LIST_PAGE = { defaultPerPage: 100, maxPerPage: 1000 };

export const CHECK_LIST_DATES = dateRangeQuery('checks');

/** The list's filters besides the dates (validated after them). */
export const CHECK_LIST_FILTERS = Joi.object<{ status?: 'success' | 'failure'; region?: string }>({
  status: Joi.string().valid('success', 'failure').insensitive().empty('').error(new ValidationError('Invalid status: must be success or failure')),
  region: Joi.string()
    .pattern(REGION_NAME_PATTERN)
    .empty('')
    .error(new ValidationError('Invalid region: must be a region name (lower-case letters, digits and -, starting with a letter)'))
    .description('Only the checks of this region'),
});

/** GET /uptime/monitors/{id}/checks: check records, newest first, filtered by time range and result; the total of a full page from `totals`. */
export async function listChecks(ctx: Context, totals: CheckTotals, accountId: number, rawId: string | string[] | undefined, query: Record<string, unknown>) {
  const monitorId = await findOwnMonitorId(ctx.db, accountId, rawId);
  const dates = validateQuery(CHECK_LIST_DATES, query);
  const range = parseDateRange(dates.from_date, dates.to_date);
  const { status, region } = validateQuery(CHECK_LIST_FILTERS, query);
  const page = parsePagination(query, CHECK_LIST_PAGE);
  const filter = { monitorId, from: range.from, toExclusive: range.toExclusive, status, region };
  const { checks, total } = await checkListPage(ctx.readDb, filter, page.perPage, page.offset, () => totals.count(filter));
  return { monitor_id: monitorId, checks: checks.map((c) => checkView(c)), pagination: paginationBody(page, total) };
}

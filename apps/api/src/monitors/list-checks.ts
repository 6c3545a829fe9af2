import { Check, ValidationError, isRegionName, type Context } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { queryValue } from '../http/validate.js';
import { parseDateRange } from './date-query.js';
import { findOwnMonitor } from './find-own-monitor.js';
import { checkView } from './monitor-views.js';

function checkStatus(raw: unknown): 'success' | 'failure' | undefined {
  const text = queryValue(raw)?.toLowerCase();
  if (text === undefined || text === '') return undefined;
  if (text !== 'success' && text !== 'failure') throw new ValidationError('Invalid status: must be success or failure');
  return text;
}

function checkRegion(raw: unknown): string | undefined {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  if (!isRegionName(text)) throw new ValidationError('Invalid region: must be a region name (lower-case letters, digits and -, starting with a letter)');
  return text;
}

/** GET /uptime/monitors/{id}/checks: check records, newest first, filtered by time range and result. */
export async function listChecks(ctx: Context, accountId: number, rawId: string | string[] | undefined, query: Record<string, unknown>) {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  const range = parseDateRange(queryValue(query.from_date), queryValue(query.to_date));
  const status = checkStatus(query.status);
  const region = checkRegion(query.region);
  const page = parsePagination(query, { defaultPerPage: 100, maxPerPage: 1000 });
  const qb = ctx.readDb
    .getRepository(Check)
    .createQueryBuilder('c')
    .select([
      'c.id',
      'c.checkedAt',
      'c.status',
      'c.responseTimeMs',
      'c.statusCode',
      'c.error',
      'c.inMaintenance',
      'c.timings',
      'c.certificateExpiresAt',
      'c.details',
      'c.region',
      'c.pingBody',
    ])
    .where('c.monitor_id = :id', { id: monitor.id });
  if (range.from) qb.andWhere('c.checked_at >= :from', { from: range.from });
  if (range.toExclusive) qb.andWhere('c.checked_at < :to', { to: range.toExclusive });
  if (status) qb.andWhere('c.status = :status', { status });
  if (region !== undefined) qb.andWhere('c.region = :region', { region });
  const [checks, total] = await qb
    .orderBy('c.checked_at', 'DESC')
    .addOrderBy('c.id', 'DESC')
    .offset(page.offset)
    .limit(page.perPage)
    .getManyAndCount();
  return { monitor_id: monitor.id, checks: checks.map((c) => checkView(c)), pagination: paginationBody(page, total) };
}

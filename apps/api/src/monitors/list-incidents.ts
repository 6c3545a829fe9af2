import { Incident, ValidationError, type Context } from '@vigil/core';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { queryValue } from '../http/validate.js';
import { parseDateRange } from './date-query.js';
import { findOwnMonitor } from './find-own-monitor.js';
import { incidentView } from './monitor-views.js';
import { incidentSummary } from './uptime-math.js';

const DAY_MS = 86_400_000;

function incidentStatus(raw: unknown): 'open' | 'resolved' | undefined {
  const text = queryValue(raw)?.toLowerCase();
  if (text === undefined || text === '') return undefined;
  if (text !== 'open' && text !== 'resolved') throw new ValidationError('Invalid status: must be open or resolved');
  return text;
}

/**
 * GET /uptime/monitors/{id}/incidents (decisions §4): status, from_date/to_date (on started_at),
 * page, per_page (default 20, max 100); newest first. The summary covers the last 30 days
 * whatever the filters.
 */
export async function listIncidents(ctx: Context, accountId: number, rawId: string | string[] | undefined, query: Record<string, unknown>) {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  const status = incidentStatus(query.status);
  const range = parseDateRange(queryValue(query.from_date), queryValue(query.to_date));
  const page = parsePagination(query, { defaultPerPage: 20, maxPerPage: 100 });
  const repo = ctx.readDb.getRepository(Incident);
  const qb = repo.createQueryBuilder('i').where('i.monitor_id = :id', { id: monitor.id });
  if (status) qb.andWhere('i.status = :status', { status });
  if (range.from) qb.andWhere('i.started_at >= :from', { from: range.from });
  if (range.toExclusive) qb.andWhere('i.started_at < :to', { to: range.toExclusive });
  const now = ctx.clock.now();
  const windowFrom = new Date(now.getTime() - 30 * DAY_MS);
  const [[incidents, total], inWindow] = await Promise.all([
    qb.orderBy('i.started_at', 'DESC').addOrderBy('i.id', 'DESC').offset(page.offset).limit(page.perPage).getManyAndCount(),
    repo
      .createQueryBuilder('i')
      .where('i.monitor_id = :id', { id: monitor.id })
      .andWhere('i.started_at <= :now', { now })
      .andWhere('(i.resolved_at IS NULL OR i.resolved_at >= :from)', { from: windowFrom })
      .getMany(),
  ]);
  return {
    monitor_id: monitor.id,
    incidents: incidents.map(incidentView),
    summary: incidentSummary(inWindow, windowFrom, now),
    pagination: paginationBody(page, total),
  };
}

import type { Check } from '../db/entities/check.entity.js';
import { pageTotal } from '../db/page-total.js';
import { DAY_MS } from '../db/partitions/check-partition-plan.js';
import type { Queryable } from '../db/queryable.js';

/**
 * The list of a monitor's checks (GET /uptime/monitors/{id}/checks): one page, newest first,
 * read as plain rows (no entity hydration), and its total.
 */

export interface CheckListFilter {
  monitorId: number;
  /** checked_at from (included) and to (excluded). */
  from?: Date;
  toExclusive?: Date;
  status?: Check['status'];
  region?: string;
}

/** A listed check: the columns the list shows. */
export type ListedCheck = Pick<
  Check,
  'checkedAt' | 'status' | 'responseTimeMs' | 'statusCode' | 'error' | 'inMaintenance' | 'timings' | 'certificateExpiresAt' | 'details' | 'region' | 'pingBody'
>;

/** The filter's conditions and their values (only the filters given: each statement is planned with its partitions pruned). */
function conditions(f: CheckListFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [f.monitorId];
  const parts = ['monitor_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value);
    parts.push(sql(`$${values.length}`));
  };
  if (f.from) add((p) => `checked_at >= ${p}`, f.from);
  if (f.toExclusive) add((p) => `checked_at < ${p}`, f.toExclusive);
  if (f.status) add((p) => `status = ${p}`, f.status);
  if (f.region !== undefined) add((p) => `region = ${p}`, f.region);
  return { where: parts.join(' AND '), values };
}

/**
 * One page of the monitor's checks matching the filter, newest first, and how many match: from
 * the page when it tells (pageTotal), else from `countAll` (by default countChecks).
 */
export async function checkListPage(
  em: Queryable,
  filter: CheckListFilter,
  limit: number,
  offset: number,
  countAll: () => Promise<number> = () => countChecks(em, filter),
): Promise<{ checks: ListedCheck[]; total: number }> {
  const { where, values } = conditions(filter);
  const checks = await em.query<ListedCheck[]>(
    `SELECT checked_at AS "checkedAt", status, response_time_ms AS "responseTimeMs", status_code AS "statusCode", error,
            in_maintenance AS "inMaintenance", timings, certificate_expires_at AS "certificateExpiresAt", details, region, ping_body AS "pingBody"
     FROM checks WHERE ${where} ORDER BY checked_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, limit, offset],
  );
  return { checks, total: await pageTotal(offset, limit, checks.length, countAll) };
}

/** How many of the monitor's checks match the filter: a count of the rows. */
export async function countChecks(em: Queryable, filter: CheckListFilter): Promise<number> {
  const { where, values } = conditions(filter);
  const [{ n }] = await em.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM checks WHERE ${where}`, values);
  return n;
}

/** How many checks a monitor has of one region and status on one UTC day (days since 1970-01-01). */
export interface CheckDayCount {
  monitor_id: number;
  day: number;
  region: string;
  status: Check['status'];
  n: number;
}

/** The checks of these monitors on UTC days `fromDay` to before `untilDay`, counted by day, region and status. */
export function checkDayCounts(em: Queryable, monitorIds: readonly number[], fromDay: number, untilDay: number): Promise<CheckDayCount[]> {
  if (!monitorIds.length || fromDay >= untilDay) return Promise.resolve([]);
  return em.query<CheckDayCount[]>(
    `SELECT monitor_id, floor(date_part('epoch', checked_at) / 86400)::int AS day, region, status, count(*)::int AS n
       FROM checks WHERE monitor_id = ANY($1::int[]) AND checked_at >= $2 AND checked_at < $3
      GROUP BY 1, 2, 3, 4`,
    [monitorIds, new Date(fromDay * DAY_MS), new Date(untilDay * DAY_MS)],
  );
}

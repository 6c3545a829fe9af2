import type { Queryable } from '../db/queryable.js';
import { UNFINISHED_SCAN } from '../domains/scan-store.js';

/**
 * What an account uses (issue 30: the usage and billing answers' SQL in one module). The
 * answers read their counts in one statement each (accountUsageCounts, limitUse); the settled
 * hours' checks are cached by the API's SettledCounts over accountSettledChecks.
 */

async function count(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: string | number }[]>(sql, params);
  return Number(row?.n ?? 0);
}

export function countMonitors(db: Queryable, accountId: number): Promise<number> {
  return count(db, 'SELECT count(*) AS n FROM monitors WHERE account_id = $1', [accountId]);
}

export function countStatusPages(db: Queryable, accountId: number): Promise<number> {
  return count(db, 'SELECT count(*) AS n FROM status_pages WHERE account_id = $1', [accountId]);
}

export function countDomains(db: Queryable, accountId: number): Promise<number> {
  return count(db, 'SELECT count(*) AS n FROM domains WHERE account_id = $1', [accountId]);
}

/**
 * SQL, over the alias `m` of the account's monitors rows, of a text that changes whenever that
 * set of rows changes: ids come from one sequence, so a create raises the maximum and a delete
 * lowers the count. Keys what is cached per account over its monitors.
 */
export const MONITOR_SET_VERSION_SQL = `count(m.id) || ':' || coalesce(max(m.id), 0) || ':' || coalesce(sum(m.id), 0)`;

export interface AccountUsageCounts {
  scans: number;
  alerts: number;
  monitors: number;
  domains: number;
  /** Checks of the account's monitors over the hours from `liveFromHour` to before `to`. */
  liveChecks: number;
  /** MONITOR_SET_VERSION_SQL of the monitors counted. */
  monitorSet: string;
}

/**
 * The usage and billing answers' counts in one statement: scans requested and alerts delivered
 * successfully in [from, to) (alert_deliveries has one row per attempt, at most one successful
 * per delivery; `test` events are not alerts), monitors and domains now, and the checks of the live hours from
 * the rollups (one index range scan per monitor, of a few hours), with the monitor set's version.
 */
export async function accountUsageCounts(db: Queryable, accountId: number, range: { from: Date; liveFromHour: Date; to: Date }): Promise<AccountUsageCounts> {
  const [row] = await db.query<{ scans: string; alerts: string; domains: string; monitors: string; live: string; monitor_set: string }[]>(
    `SELECT (SELECT count(*) FROM scans WHERE account_id = $1 AND created_at >= $2 AND created_at < $4) AS scans,
            (SELECT count(*) FROM alert_deliveries WHERE account_id = $1 AND status = 'success' AND event <> 'test'
               AND created_at >= $2 AND created_at < $4) AS alerts,
            (SELECT count(*) FROM domains WHERE account_id = $1) AS domains,
            count(m.id) AS monitors,
            coalesce(sum((SELECT sum(r.total) FROM monitor_rollups r WHERE r.monitor_id = m.id AND r.hour >= $3 AND r.hour < $4)), 0) AS live,
            ${MONITOR_SET_VERSION_SQL} AS monitor_set
       FROM monitors m WHERE m.account_id = $1`,
    [accountId, range.from, range.liveFromHour, range.to],
  );
  return {
    scans: Number(row?.scans ?? 0),
    alerts: Number(row?.alerts ?? 0),
    monitors: Number(row?.monitors ?? 0),
    domains: Number(row?.domains ?? 0),
    liveChecks: Number(row?.live ?? 0),
    monitorSet: row?.monitor_set ?? '0:0:0',
  };
}

/** Checks of the account's monitors over the hours from `fromHour` to before `toHour`, with the version of the set summed. */
export async function accountSettledChecks(db: Queryable, accountId: number, fromHour: Date, toHour: Date): Promise<{ total: number; monitorSet: string }> {
  const [row] = await db.query<{ total: string; monitor_set: string }[]>(
    `SELECT coalesce(sum((SELECT sum(r.total) FROM monitor_rollups r WHERE r.monitor_id = m.id AND r.hour >= $2 AND r.hour < $3)), 0) AS total,
            ${MONITOR_SET_VERSION_SQL} AS monitor_set
       FROM monitors m WHERE m.account_id = $1`,
    [accountId, fromHour, toHour],
  );
  return { total: Number(row?.total ?? 0), monitorSet: row?.monitor_set ?? '0:0:0' };
}

/** What GET /usage/limits shows an account uses against its plan. */
export interface LimitUse {
  monitors: number;
  domains: number;
  unfinishedScans: number;
}

/** The account's monitors, domains and unfinished scans counted in one statement (issue 35: one round trip, not three). */
export async function limitUse(db: Queryable, accountId: number): Promise<LimitUse> {
  const [row] = await db.query<LimitUse[]>(
    `SELECT (SELECT count(*)::int FROM monitors WHERE account_id = $1) AS monitors,
            (SELECT count(*)::int FROM domains WHERE account_id = $1) AS domains,
            (SELECT count(*)::int FROM scans WHERE account_id = $1 AND ${UNFINISHED_SCAN}) AS "unfinishedScans"`,
    [accountId],
  );
  return row;
}

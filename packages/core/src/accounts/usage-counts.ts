import type { Queryable } from '../db/queryable.js';
import { UNFINISHED_SCAN } from '../domains/scan-store.js';

/**
 * What an account uses, counted where each thing is stored (issue 30: the usage and billing
 * answers' SQL in one module; unfinished scans are counted by the scan store, checks from the
 * rollups by the API's SettledCounts over rollup-store's reads). Every count is
 * one statement.
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

/** Scans requested by the account in [from, to). */
export function countScans(db: Queryable, accountId: number, from: Date, to: Date): Promise<number> {
  return count(db, 'SELECT count(*) AS n FROM scans WHERE account_id = $1 AND created_at >= $2 AND created_at < $3', [accountId, from, to]);
}

/**
 * Alerts delivered successfully for the account in [from, to): alert_deliveries has one row
 * per attempt and at most one successful attempt per delivery; `test` events are not alerts.
 */
export function countAlerts(db: Queryable, accountId: number, from: Date, to: Date): Promise<number> {
  return count(
    db,
    `SELECT count(*) AS n FROM alert_deliveries WHERE account_id = $1 AND status = 'success' AND event <> 'test'
     AND created_at >= $2 AND created_at < $3`,
    [accountId, from, to],
  );
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

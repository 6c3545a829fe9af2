import type { Queryable } from '../db/queryable.js';

/**
 * What an account uses, counted where each thing is stored (issue 30: the usage and billing
 * answers' SQL in one module; unfinished scans are counted by the scan store). Every count is
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

/**
 * Checks run for the account's monitors in [from, to), counted from the hourly rollups (they
 * outlive check retention and are 60x fewer rows): whole hours, so `from` should be the start
 * of an hour (callers pass UTC day starts); the hour containing `to` counts up to now.
 */
export function countChecks(db: Queryable, accountId: number, from: Date, to: Date): Promise<number> {
  return count(
    db,
    `SELECT COALESCE(sum(r.total), 0) AS n FROM monitor_rollups r JOIN monitors m ON m.id = r.monitor_id
     WHERE m.account_id = $1 AND r.hour >= $2 AND r.hour < $3`,
    [accountId, from, to],
  );
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

import type { DataSource } from 'typeorm';

/**
 * Counts that belong to the feature modules (monitors, domains, scans, checks, alerts). Each
 * is a real query; while a feature's table does not exist yet the count is 0. Feature owners
 * keep these queries in step with their schema.
 */
async function countIfTable(db: DataSource, table: string, sql: string, params: unknown[]): Promise<number> {
  const [{ present }] = (await db.query('SELECT to_regclass($1) IS NOT NULL AS present', [table])) as { present: boolean }[];
  if (!present) return 0;
  const [{ n }] = (await db.query(sql, params)) as { n: string | number }[];
  return Number(n);
}

export function countMonitors(db: DataSource, accountId: number): Promise<number> {
  return countIfTable(db, 'public.monitors', 'SELECT count(*) AS n FROM monitors WHERE account_id = $1', [accountId]);
}

export function countDomains(db: DataSource, accountId: number): Promise<number> {
  return countIfTable(db, 'public.domains', 'SELECT count(*) AS n FROM domains WHERE account_id = $1', [accountId]);
}

export function countRunningScans(db: DataSource, accountId: number): Promise<number> {
  return countIfTable(
    db,
    'public.scans',
    `SELECT count(*) AS n FROM scans WHERE account_id = $1 AND status IN ('queued', 'running')`,
    [accountId],
  );
}

/**
 * Checks run for the account's monitors in [from, to), counted from the hourly rollups (they
 * outlive check retention and are 60x fewer rows): whole hours, so `from` should be the start
 * of an hour (callers pass UTC day starts); the hour containing `to` counts up to now.
 */
export function countChecks(db: DataSource, accountId: number, from: Date, to: Date): Promise<number> {
  return countIfTable(
    db,
    'public.monitor_rollups',
    `SELECT COALESCE(sum(r.total), 0) AS n FROM monitor_rollups r JOIN monitors m ON m.id = r.monitor_id
     WHERE m.account_id = $1 AND r.hour >= $2 AND r.hour < $3`,
    [accountId, from, to],
  );
}

/** Scans requested by the account in [from, to). */
export function countScans(db: DataSource, accountId: number, from: Date, to: Date): Promise<number> {
  return countIfTable(
    db,
    'public.scans',
    'SELECT count(*) AS n FROM scans WHERE account_id = $1 AND created_at >= $2 AND created_at < $3',
    [accountId, from, to],
  );
}

/**
 * Alerts delivered successfully for the account in [from, to): alert_deliveries has one row
 * per attempt and at most one successful attempt per delivery; `test` events are not alerts.
 */
export function countAlerts(db: DataSource, accountId: number, from: Date, to: Date): Promise<number> {
  return countIfTable(
    db,
    'public.alert_deliveries',
    `SELECT count(*) AS n FROM alert_deliveries WHERE account_id = $1 AND status = 'success' AND event <> 'test'
     AND created_at >= $2 AND created_at < $3`,
    [accountId, from, to],
  );
}

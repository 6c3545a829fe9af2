import type { MonitorMethod, MonitorStatus } from '../db/entities/monitor.entity.js';
import type { Queryable } from '../db/queryable.js';
import type { Assertion } from './assertions/assertion.js';
import type { MonitorConfig, MonitorType } from './monitor-types.js';

/**
 * Reads of monitors that the checker and its scheduler make before a check (issue 30): what a
 * check probes, whose account a monitor is, and which monitors are checked periodically.
 */

/** A monitor as a check job probes it (credentials still sealed). */
export interface MonitorToCheckRow {
  id: number;
  account_id: number;
  status: MonitorStatus;
  is_active: boolean;
  type: MonitorType;
  config: MonitorConfig | null;
  url: string;
  method: MonitorMethod;
  headers: Record<string, string> | null;
  credentials: string | null;
  body: string | null;
  timeout: number;
  follow_redirects: boolean;
  verify_ssl: boolean;
  expected_status_codes: number[] | null;
  expected_content: string | null;
  assertions: Assertion[] | null;
  regions: string[];
  check_interval: number;
}

const SELECT_TO_CHECK = `SELECT m.id, m.account_id, m.status, m.is_active, m.type, m.config, m.url, m.method, m.headers, m.credentials, m.body, m.timeout, m.follow_redirects,
            m.verify_ssl, m.expected_status_codes, m.expected_content, m.assertions, m.regions, m.check_interval
       FROM monitors m JOIN accounts a ON a.id = m.account_id
      WHERE a.is_active AND a.tier = ANY($1::text[])`;

/** The monitors of these ids that exist and belong to an active account on one of `tiers` (one statement). */
export function monitorsToCheck(em: Queryable, ids: readonly number[], tiers: readonly string[]): Promise<MonitorToCheckRow[]> {
  return em.query<MonitorToCheckRow[]>(`${SELECT_TO_CHECK} AND m.id = ANY($2::int[])`, [tiers, ids]);
}

/** Up to `limit` scheduled monitors (active, not paused, of an account on one of `tiers`) with an id above `after`, in id order. */
export function scheduledMonitorsPage(em: Queryable, tiers: readonly string[], after: number, limit: number): Promise<MonitorToCheckRow[]> {
  return em.query<MonitorToCheckRow[]>(`${SELECT_TO_CHECK} AND m.is_active AND m.status <> 'paused' AND m.id > $2 ORDER BY m.id LIMIT $3`, [tiers, after, limit]);
}

/** The account of each of these monitors that exists. */
export async function accountsOfMonitors(em: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await em.query<{ id: number; account_id: number }[]>('SELECT id, account_id FROM monitors WHERE id = ANY($1::int[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.account_id]));
}

/** A monitor checked periodically in a region, as the scheduler reads it. */
export interface PeriodicMonitorRow {
  id: number;
  check_interval: number;
  account_id: number;
  /** Its last check or, never checked, its creation (epoch ms). */
  seen_ms: number;
}

/**
 * Monitors checked periodically in `region`: active, not paused, not of the `pushTypes`, of an
 * active account on one of `tiers`. One statement; times come as numbers, not dates (a million
 * rows a minute at scale).
 */
export function periodicMonitors(em: Queryable, tiers: readonly string[], pushTypes: readonly MonitorType[], region: string): Promise<PeriodicMonitorRow[]> {
  return em.query<PeriodicMonitorRow[]>(
    `SELECT m.id, m.check_interval, m.account_id,
            (extract(epoch FROM greatest(m.last_checked_at, m.created_at)) * 1000)::float8 AS seen_ms
       FROM monitors m JOIN accounts a ON a.id = m.account_id
      WHERE m.is_active AND m.status <> 'paused' AND m.type <> ALL($2::text[]) AND a.is_active AND a.tier = ANY($1::text[])
        AND $3 = ANY(m.regions)`,
    [tiers, pushTypes, region],
  );
}

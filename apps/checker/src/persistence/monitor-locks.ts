import type { MonitorStatus } from '@vigil/core';
import type { EntityManager } from 'typeorm';

/** What the writer reads of a monitor: its state, thresholds, regions and alert facts. */
export interface MonitorRow {
  id: number;
  regions: string[];
  min_failing_regions: number | null;
  /** Seconds. */
  timeout: number;
  account_id: number;
  name: string;
  url: string;
  status: MonitorStatus;
  consecutive_failures: number;
  consecutive_successes: number;
  alert_threshold: number;
  recovery_threshold: number;
  degraded_threshold_ms: number;
  is_active: boolean;
  last_checked_at: Date | null;
  /** The hour whose rollup sums the row keeps (the monitor's newest; null: none). */
  rollup_hour: Date | null;
}

export type MonitorRows = Map<number, MonitorRow>;

/**
 * Reads monitors (id order), with `lock` locking their rows: id order, so concurrent batches
 * cannot deadlock; NO KEY UPDATE, enough to serialize writers, and it leaves the key-share lock
 * of a check's foreign key free (a round's checks are inserted without locking the monitor).
 */
export async function readMonitors(em: EntityManager, monitorIds: readonly number[], lock: boolean): Promise<MonitorRows> {
  if (!monitorIds.length) return new Map();
  const ids = [...new Set(monitorIds)].sort((a, b) => a - b);
  const rows = await em.query<MonitorRow[]>(
    `SELECT m.id, m.account_id, m.name, m.url, m.status, m.consecutive_failures, m.consecutive_successes, m.alert_threshold,
            m.recovery_threshold, m.degraded_threshold_ms, m.is_active, m.last_checked_at, m.rollup_hour, m.regions, m.min_failing_regions, m.timeout
       FROM monitors m WHERE m.id = ANY($1::int[]) ORDER BY m.id${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [ids],
  );
  return new Map(rows.map((m) => [m.id, m]));
}

/** Locks the monitors' rows and reads them (see readMonitors). */
export function lockMonitors(em: EntityManager, monitorIds: readonly number[]): Promise<MonitorRows> {
  return readMonitors(em, monitorIds, true);
}

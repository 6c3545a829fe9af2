import type { DataSource, EntityManager } from 'typeorm';
import { EMPTY_TOTALS, WINDOW_HOURS, startOfHour, windowStart, type RollupTotals, type WindowName } from './uptime-math.js';

export type WindowTotals = Record<WindowName, RollupTotals>;

export const EMPTY_WINDOWS: WindowTotals = { '24h': EMPTY_TOTALS, '7d': EMPTY_TOTALS, '30d': EMPTY_TOTALS };

type Row = Record<string, string | number | null> & { monitor_id: number };

const sums = (suffix: string, filter: string) =>
  ['total', 'successful', 'response_time_sum', 'response_time_count']
    .map((c) => `COALESCE(sum(${c}) FILTER (WHERE ${filter}), 0) AS ${c}_${suffix}`)
    .join(',\n       ');

/**
 * Rollup sums of the 24 h, 7 d and 30 d windows for each monitor, from monitor_rollups only
 * (one index range scan of at most 720 rows per monitor). Monitors without rows get zeros.
 */
export async function rollupTotals(db: DataSource | EntityManager, monitorIds: number[], now: Date): Promise<Map<number, WindowTotals>> {
  const result = new Map<number, WindowTotals>(monitorIds.map((id) => [id, EMPTY_WINDOWS]));
  if (!monitorIds.length) return result;
  const rows = (await db.query(
    `SELECT monitor_id,
       ${sums('24h', 'hour >= $2')},
       ${sums('7d', 'hour >= $3')},
       ${sums('30d', 'true')}
     FROM monitor_rollups
     WHERE monitor_id = ANY($1) AND hour >= $4 AND hour <= $5
     GROUP BY monitor_id`,
    [
      monitorIds,
      windowStart(now, WINDOW_HOURS['24h']),
      windowStart(now, WINDOW_HOURS['7d']),
      windowStart(now, WINDOW_HOURS['30d']),
      startOfHour(now),
    ],
  )) as Row[];
  for (const r of rows) {
    const of = (w: WindowName): RollupTotals => ({
      total: Number(r[`total_${w}`]),
      successful: Number(r[`successful_${w}`]),
      responseTimeSum: Number(r[`response_time_sum_${w}`]),
      responseTimeCount: Number(r[`response_time_count_${w}`]),
    });
    result.set(Number(r.monitor_id), { '24h': of('24h'), '7d': of('7d'), '30d': of('30d') });
  }
  return result;
}

/** 24 h sums of each of an account's monitors that has rollups in the window. */
export async function uptime24hByMonitor(db: DataSource, accountId: number, now: Date): Promise<Map<number, { total: number; successful: number }>> {
  const rows = (await db.query(
    `SELECT r.monitor_id, sum(r.total) AS total, sum(r.successful) AS successful
     FROM monitor_rollups r JOIN monitors m ON m.id = r.monitor_id
     WHERE m.account_id = $1 AND r.hour >= $2 AND r.hour <= $3
     GROUP BY r.monitor_id`,
    [accountId, windowStart(now, WINDOW_HOURS['24h']), startOfHour(now)],
  )) as { monitor_id: number; total: string; successful: string }[];
  return new Map(rows.map((r) => [Number(r.monitor_id), { total: Number(r.total), successful: Number(r.successful) }]));
}

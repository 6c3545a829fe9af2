import type { DataSource, EntityManager } from 'typeorm';
import { EMPTY_TOTALS, HOUR_MS, WINDOW_HOURS, startOfHour, windowStart, type RollupTotals, type WindowName } from './uptime-math.js';

export type WindowTotals = Record<WindowName, RollupTotals>;

export const EMPTY_WINDOWS: WindowTotals = { '24h': EMPTY_TOTALS, '7d': EMPTY_TOTALS, '30d': EMPTY_TOTALS };

type Row = Record<string, string | number | null> & { monitor_id: number };

const sums = (suffix: string, filter: string) =>
  ['total', 'successful', 'response_time_sum', 'response_time_count']
    .map((c) => `COALESCE(sum(${c}) FILTER (WHERE ${filter}), 0) AS ${c}_${suffix}`)
    .join(',\n       ');

function totalsOf(r: Row, w: WindowName): RollupTotals {
  return {
    total: Number(r[`total_${w}`]),
    successful: Number(r[`successful_${w}`]),
    responseTimeSum: Number(r[`response_time_sum_${w}`]),
    responseTimeCount: Number(r[`response_time_count_${w}`]),
  };
}

/**
 * Rollup sums of the 24 h, 7 d and 30 d windows for each monitor, from monitor_rollups only
 * (one index range scan of at most 720 rows per monitor), counting hours up to `lastHour`
 * (default: now's hour). Monitors without rows get zeros.
 */
export async function rollupTotals(
  db: DataSource | EntityManager,
  monitorIds: number[],
  now: Date,
  lastHour: Date = startOfHour(now),
): Promise<Map<number, WindowTotals>> {
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
    [monitorIds, windowStart(now, WINDOW_HOURS['24h']), windowStart(now, WINDOW_HOURS['7d']), windowStart(now, WINDOW_HOURS['30d']), lastHour],
  )) as Row[];
  for (const r of rows) result.set(Number(r.monitor_id), { '24h': totalsOf(r, '24h'), '7d': totalsOf(r, '7d'), '30d': totalsOf(r, '30d') });
  return result;
}

/**
 * Hours still written to: now's hour and the two before it (the checker writes a check's
 * rollup within seconds of the check; two hours of slack cover a late batch). Older hours are
 * settled and never change.
 */
const LIVE_HOURS = 3;

/** First hour of the live part (the rest of each window is settled). */
export function liveStart(now: Date): Date {
  return new Date(startOfHour(now).getTime() - (LIVE_HOURS - 1) * HOUR_MS);
}

/** The live hours' sums of each monitor (they lie in every window). */
async function liveTotals(db: DataSource | EntityManager, monitorIds: number[], now: Date): Promise<Map<number, RollupTotals>> {
  if (!monitorIds.length) return new Map();
  const rows = (await db.query(
    `SELECT monitor_id, sum(total) AS total, sum(successful) AS successful,
            sum(response_time_sum) AS response_time_sum, sum(response_time_count) AS response_time_count
     FROM monitor_rollups WHERE monitor_id = ANY($1) AND hour >= $2 AND hour <= $3 GROUP BY monitor_id`,
    [monitorIds, liveStart(now), startOfHour(now)],
  )) as Record<string, string | number>[];
  return new Map(
    rows.map((r) => [
      Number(r.monitor_id),
      { total: Number(r.total), successful: Number(r.successful), responseTimeSum: Number(r.response_time_sum), responseTimeCount: Number(r.response_time_count) },
    ]),
  );
}

function plus(a: RollupTotals, b: RollupTotals): RollupTotals {
  return {
    total: a.total + b.total,
    successful: a.successful + b.successful,
    responseTimeSum: a.responseTimeSum + b.responseTimeSum,
    responseTimeCount: a.responseTimeCount + b.responseTimeCount,
  };
}

/** Bounds the memory of the settled sums; past it the cache starts over. */
const MAX_CACHED_MONITORS = 200_000;

/**
 * Window totals = the settled hours' sums, computed once per monitor and hour and kept in
 * memory (they cannot change), plus the live hours' sums read on every request. A list of 20
 * monitors then reads 60 rollup rows instead of 14,400.
 */
export class RollupWindows {
  private settled = new Map<number, { hourMs: number; totals: WindowTotals }>();

  /** `live`: the live hours' sums when the caller read them already (the list's one statement). */
  async totals(db: DataSource | EntityManager, monitorIds: number[], now: Date, live?: Map<number, RollupTotals>): Promise<Map<number, WindowTotals>> {
    const hourMs = startOfHour(now).getTime();
    const missing = monitorIds.filter((id) => this.settled.get(id)?.hourMs !== hourMs);
    const [fresh, liveSums] = await Promise.all([
      missing.length ? rollupTotals(db, missing, now, new Date(liveStart(now).getTime() - HOUR_MS)) : new Map<number, WindowTotals>(),
      live ?? liveTotals(db, monitorIds, now),
    ]);
    if (this.settled.size + fresh.size > MAX_CACHED_MONITORS) this.settled.clear();
    for (const [id, totals] of fresh) this.settled.set(id, { hourMs, totals });
    const result = new Map<number, WindowTotals>();
    for (const id of monitorIds) {
      const settled = fresh.get(id) ?? this.settled.get(id)?.totals ?? EMPTY_WINDOWS;
      const recent = liveSums.get(id) ?? EMPTY_TOTALS;
      result.set(id, { '24h': plus(settled['24h'], recent), '7d': plus(settled['7d'], recent), '30d': plus(settled['30d'], recent) });
    }
    return result;
  }
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

import type { DataSource, EntityManager } from 'typeorm';
import { rollupSumsByMonitor, rollupWindowSums } from '@vigil/core';
import { SettledCounts } from './settled-counts.js';
import { EMPTY_TOTALS, HOUR_MS, WINDOW_HOURS, startOfHour, windowStart, type RollupTotals, type WindowName } from './uptime-math.js';

export type WindowTotals = Record<WindowName, RollupTotals>;

export const EMPTY_WINDOWS: WindowTotals = { '24h': EMPTY_TOTALS, '7d': EMPTY_TOTALS, '30d': EMPTY_TOTALS };

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
  const sums = await rollupWindowSums(db, monitorIds, [windowStart(now, WINDOW_HOURS['24h']), windowStart(now, WINDOW_HOURS['7d']), windowStart(now, WINDOW_HOURS['30d'])], lastHour);
  for (const [id, [h24, d7, d30]] of sums) result.set(id, { '24h': h24, '7d': d7, '30d': d30 });
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
function liveTotals(db: DataSource | EntityManager, monitorIds: number[], now: Date): Promise<Map<number, RollupTotals>> {
  return rollupSumsByMonitor(db, monitorIds, liveStart(now), startOfHour(now));
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
  /** Checks and successes over other periods (usage, billing, SLA), settled hours cached alike. */
  readonly counts = new SettledCounts();
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

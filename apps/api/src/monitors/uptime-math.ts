import { EMPTY_ROLLUP_SUMS, type RollupSums } from '@vigil/core';
/**
 * Uptime arithmetic, pure. Statistics read hourly rollups, so windows are whole hours: the
 * "24 h" window is the current (partial) hour plus the 23 hours before it, i.e. it starts at
 * the top of the hour 23 hours before now's hour; likewise 7 d = 168 hours, 30 d = 720 hours.
 * A window therefore covers between N - 1 and N hours of checks.
 */

export const HOUR_MS = 3_600_000;

export const WINDOW_HOURS = { '24h': 24, '7d': 168, '30d': 720 } as const;
export type WindowName = keyof typeof WINDOW_HOURS;

export function startOfHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** First rollup hour inside a window of `hours` hours that ends with now's hour. */
export function windowStart(now: Date, hours: number): Date {
  return new Date(startOfHour(now).getTime() - (hours - 1) * HOUR_MS);
}

/** Rollup sums over a window (the rollup store's sums). */
export type RollupTotals = RollupSums;

export const EMPTY_TOTALS: RollupTotals = EMPTY_ROLLUP_SUMS;

/** successful / total × 100, two decimals (half up); null when the window has no checks. */
export function uptimePercent(successful: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((successful * 10_000) / total) / 100;
}

/** Mean response time in whole ms (half up); null when no successful check has one. */
export function averageMs(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round(sum / count);
}

export interface MonitorStatistics {
  uptime_24h: number | null;
  uptime_7d: number | null;
  uptime_30d: number | null;
  avg_response_time_24h_ms: number | null;
  avg_response_time_7d_ms: number | null;
  total_checks_24h: number;
  successful_checks_24h: number;
  failed_checks_24h: number;
}

/** The detail view's statistics object from the three windows' rollup sums. */
export function statisticsFromTotals(w: Record<WindowName, RollupTotals>): MonitorStatistics {
  return {
    uptime_24h: uptimePercent(w['24h'].successful, w['24h'].total),
    uptime_7d: uptimePercent(w['7d'].successful, w['7d'].total),
    uptime_30d: uptimePercent(w['30d'].successful, w['30d'].total),
    avg_response_time_24h_ms: averageMs(w['24h'].responseTimeSum, w['24h'].responseTimeCount),
    avg_response_time_7d_ms: averageMs(w['7d'].responseTimeSum, w['7d'].responseTimeCount),
    total_checks_24h: w['24h'].total,
    successful_checks_24h: w['24h'].successful,
    failed_checks_24h: w['24h'].total - w['24h'].successful,
  };
}

export type AggregateStatus = 'operational' | 'degraded' | 'outage';

/**
 * decisions §6: outage when any active monitor is down, degraded when none is down and any is
 * degraded, else operational. Inactive monitors are not checked, so their status does not count.
 */
export function aggregateStatus(monitors: { status: string; isActive: boolean }[]): AggregateStatus {
  const active = monitors.filter((m) => m.isActive);
  if (active.some((m) => m.status === 'down')) return 'outage';
  if (active.some((m) => m.status === 'degraded')) return 'degraded';
  return 'operational';
}

import { EMPTY_ROLLUP_SUMS, latestRoundOutcomes, regionRollupSums, type Context, type RollupSums } from '@vigil/core';
import { averageMs, startOfHour, uptimePercent, WINDOW_HOURS, windowStart } from './uptime-math.js';

/** One region's last 24 h of a monitor (statistics.regions). */
export interface RegionStatistics {
  region: string;
  uptime_24h: number | null;
  avg_response_time_24h_ms: number | null;
  total_checks_24h: number;
}

/**
 * Per-region sums of a monitor in more than one region over the 24 h window of the other
 * statistics (the hourly rollups from 23 hours before now's hour through now's hour, as the
 * monitor's own 24 h figures), from its per-region hours (at most regions × 24 rows). A
 * monitor in one region has none: its region's figures are its own (regionStatistics).
 */
export async function regionSums24h(ctx: Context, monitor: { id: number; regions: string[] }, now: Date): Promise<Map<string, RollupSums>> {
  if (monitor.regions.length <= 1) return new Map();
  return regionRollupSums(ctx.readDb, monitor.id, windowStart(now, WINDOW_HOURS['24h']), startOfHour(now));
}

/**
 * Pure: statistics.regions in the monitor's region order, from the regions' sums; a monitor in
 * one region answers its own 24 h sums (`own`, its monitor rollups) for it.
 */
export function regionStatistics(regions: readonly string[], byRegion: ReadonlyMap<string, RollupSums>, own: RollupSums): RegionStatistics[] {
  return regions.map((region) => {
    const s = regions.length === 1 ? own : (byRegion.get(region) ?? EMPTY_ROLLUP_SUMS);
    return {
      region,
      uptime_24h: uptimePercent(s.successful, s.total),
      avg_response_time_24h_ms: averageMs(s.responseTimeSum, s.responseTimeCount),
      total_checks_24h: s.total,
    };
  });
}

/**
 * Monitors whose latest judged round failed in some regions but fewer than the quorum: the
 * aggregate status counts them as degraded (their own status stays what the rounds made it).
 */
export async function partiallyFailing(ctx: Context, monitorIds: number[]): Promise<Set<number>> {
  if (!monitorIds.length) return new Set();
  const rows = await latestRoundOutcomes(ctx.readDb, monitorIds);
  return new Set(rows.filter((r) => !r.failed && r.failing > 0).map((r) => r.monitor_id));
}

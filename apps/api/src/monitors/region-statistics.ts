import { latestRoundOutcomes, regionCheckCounts, type Context } from '@vigil/core';
import { uptimePercent } from './uptime-math.js';

const DAY_MS = 86_400_000;

/** One region's last 24 h of a monitor (statistics.regions). */
export interface RegionStatistics {
  region: string;
  uptime_24h: number | null;
  avg_response_time_24h_ms: number | null;
  total_checks_24h: number;
}

/**
 * Per-region uptime and average response time of a monitor over the last 24 h, from its raw
 * checks (one index range scan: at most regions × 1440 rows), in the monitor's region order.
 */
export async function regionStatistics24h(ctx: Context, monitor: { id: number; regions: string[] }, now: Date): Promise<RegionStatistics[]> {
  const rows = await regionCheckCounts(ctx.readDb, monitor.id, new Date(now.getTime() - DAY_MS), now);
  const byRegion = new Map(rows.map((r) => [r.region, r]));
  return monitor.regions.map((region) => {
    const r = byRegion.get(region);
    return {
      region,
      uptime_24h: r ? uptimePercent(r.successful, r.total) : null,
      avg_response_time_24h_ms: r?.avg_ms ?? null,
      total_checks_24h: r?.total ?? 0,
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

import { recentIncidentsOf, type Context } from '@vigil/core';
import { heartbeatFields } from '../heartbeats/heartbeat-store.js';
import { maintenanceNow } from '../maintenance/maintenance-now.js';
import { averageTimings24h } from './average-timings.js';
import { findOwnMonitor } from './find-own-monitor.js';
import { detailMonitorView, isMultiRegion } from './monitor-views.js';
import { regionStatistics, regionSums24h } from './region-statistics.js';
import { EMPTY_WINDOWS, type RollupWindows } from './rollup-totals.js';
import { statisticsFromTotals } from './uptime-math.js';

export const RECENT_INCIDENTS = 5;

/**
 * GET /uptime/monitors/{id}: configuration, state, last check, statistics from rollups (and the
 * average timing breakdown of the last 24 h of http checks, and per-region figures), recent incidents.
 */
export async function monitorDetail(ctx: Context, windows: RollupWindows, accountId: number, rawId: string | string[] | undefined) {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  const now = ctx.clock.now();
  const [totals, incidents, maintenance, timings, regionSums] = await Promise.all([
    windows.totals(ctx.db, [monitor.id], now),
    recentIncidentsOf(ctx.db, monitor.id, RECENT_INCIDENTS),
    maintenanceNow(ctx, accountId),
    averageTimings24h(ctx, monitor.id, now),
    // Only for monitors placed outside the lone default region: one-region answers stay as they were.
    isMultiRegion(monitor) ? regionSums24h(ctx, monitor, now) : undefined,
  ]);
  const own = totals.get(monitor.id) ?? EMPTY_WINDOWS;
  const statistics = {
    ...statisticsFromTotals(own),
    avg_timings_24h_ms: timings,
    ...(regionSums ? { regions: regionStatistics(monitor.regions, regionSums, own['24h']) } : {}),
  };
  return { ...detailMonitorView(monitor, statistics, incidents, maintenance.monitor(monitor.id)), ...(await heartbeatFields(ctx, ctx.db.manager, monitor)) };
}

import { NotFoundError, readMonitorDetail, type Context } from '@vigil/core';
import { heartbeatFields } from '../heartbeats/heartbeat-store.js';
import { parseId } from '../http/validate.js';
import { MONITOR_NOT_FOUND } from './find-own-monitor.js';
import { maintenanceCoverage } from './list-monitors.js';
import { detailMonitorView, isMultiRegion } from './monitor-views.js';
import { regionStatistics, regionSums24h } from './region-statistics.js';
import { EMPTY_WINDOWS, liveStart, type RollupWindows } from './rollup-totals.js';
import { startOfHour, statisticsFromTotals, WINDOW_HOURS, windowStart } from './uptime-math.js';

export const RECENT_INCIDENTS = 5;

/**
 * GET /uptime/monitors/{id}: configuration, state, last check, statistics from rollups (and the
 * average timing breakdown of the last 24 h of http checks, and per-region figures), recent
 * incidents. One statement reads the row, the live hours' sums, the timing averages, the recent
 * incidents and the account's maintenance windows (readMonitorDetail); the settled hours' sums
 * come from memory (RollupWindows: read once per monitor and hour).
 */
export async function monitorDetail(ctx: Context, windows: RollupWindows, accountId: number, rawId: string | string[] | undefined) {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const now = ctx.clock.now();
  const lastHour = startOfHour(now);
  const read = await readMonitorDetail(ctx.db, accountId, id, { liveFrom: liveStart(now), lastHour, timingFrom: windowStart(now, WINDOW_HOURS['24h']), recent: RECENT_INCIDENTS });
  if (!read) throw new NotFoundError(MONITOR_NOT_FOUND);
  const { monitor } = read;
  const [totals, regionSums] = await Promise.all([
    windows.totals(ctx.db, [monitor.id], now, new Map([[monitor.id, read.live]])),
    // Only for monitors placed outside the lone default region: one-region answers stay as they were.
    isMultiRegion(monitor) ? regionSums24h(ctx, monitor, now) : undefined,
  ]);
  const own = totals.get(monitor.id) ?? EMPTY_WINDOWS;
  const statistics = {
    ...statisticsFromTotals(own),
    avg_timings_24h_ms: read.timings,
    ...(regionSums ? { regions: regionStatistics(monitor.regions, regionSums, own['24h']) } : {}),
  };
  const inMaintenance = maintenanceCoverage(read.maintenance, now)(monitor.id);
  return { ...detailMonitorView(monitor, statistics, read.recentIncidents, inMaintenance), ...(await heartbeatFields(ctx, ctx.db.manager, monitor)) };
}

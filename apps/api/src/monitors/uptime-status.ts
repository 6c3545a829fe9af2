import { monitorsForStatus, type Context } from '@vigil/core';
import { iso } from '../http/iso.js';
import { maintenanceNow } from '../maintenance/maintenance-now.js';
import type { RollupWindows } from './rollup-totals.js';
import { statusCounts } from './list-monitors.js';
import { partiallyFailing } from './region-statistics.js';
import { aggregateStatus, uptimePercent } from './uptime-math.js';

/**
 * GET /api/v1/uptime/status (decisions §4, §6): the account's overall state, counts by status,
 * the 24 h uptime over all its monitors, and each monitor's state and 24 h uptime (the 24 h
 * window of the monitor list's rollup totals: settled hours cached, live hours read).
 */
export async function uptimeStatus(ctx: Context, windows: RollupWindows, accountId: number) {
  const now = ctx.clock.now();
  const monitors = await monitorsForStatus(ctx.readDb, accountId);
  const [counts, perMonitor, maintenance, partial] = await Promise.all([
    statusCounts(ctx, accountId),
    windows.totals(ctx.readDb, monitors.map((m) => m.id), now),
    maintenanceNow(ctx, accountId),
    partiallyFailing(ctx, monitors.map((m) => m.id)),
  ]);
  let total = 0;
  let successful = 0;
  for (const t of perMonitor.values()) {
    total += t['24h'].total;
    successful += t['24h'].successful;
  }
  return {
    // A monitor up by quorum but failing in some of its regions counts as degraded here.
    status: aggregateStatus(monitors.map((m) => (m.status === 'up' && partial.has(m.id) ? { ...m, status: 'degraded' } : m))),
    summary: counts,
    uptime_24h: uptimePercent(successful, total),
    monitors: monitors.map((m) => {
      const t = perMonitor.get(m.id)?.['24h'];
      return {
        id: m.id,
        name: m.name,
        url: m.url,
        status: m.status,
        last_check: iso(m.lastCheckedAt),
        uptime_24h: t ? uptimePercent(t.successful, t.total) : null,
        in_maintenance: maintenance.monitor(m.id),
      };
    }),
  };
}

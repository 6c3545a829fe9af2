import { Incident, type Context } from '@vigil/core';
import { heartbeatFields } from '../heartbeats/heartbeat-store.js';
import { maintenanceNow } from '../maintenance/maintenance-now.js';
import { findOwnMonitor } from './find-own-monitor.js';
import { detailMonitorView } from './monitor-views.js';
import { EMPTY_WINDOWS, type RollupWindows } from './rollup-totals.js';
import { statisticsFromTotals } from './uptime-math.js';

export const RECENT_INCIDENTS = 5;

/** GET /uptime/monitors/{id}: configuration, state, last check, statistics from rollups, recent incidents. */
export async function monitorDetail(ctx: Context, windows: RollupWindows, accountId: number, rawId: string | string[] | undefined) {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  const [totals, incidents, maintenance] = await Promise.all([
    windows.totals(ctx.db, [monitor.id], ctx.clock.now()),
    ctx.db.getRepository(Incident).find({
      where: { monitorId: monitor.id },
      order: { startedAt: 'DESC', id: 'DESC' },
      take: RECENT_INCIDENTS,
    }),
    maintenanceNow(ctx, accountId),
  ]);
  return {
    ...detailMonitorView(monitor, statisticsFromTotals(totals.get(monitor.id) ?? EMPTY_WINDOWS), incidents, maintenance.monitor(monitor.id)),
    ...(await heartbeatFields(ctx, ctx.db.manager, monitor)),
  };
}

import { enqueueImmediateCheck, isPushMonitorType, OUTBOX_RELAY_DEFAULTS, withTimeout, type Context, type MonitorType } from '@vigil/core';
import { publicRegionsOf } from './region-policy.js';

/**
 * One check now in each of the monitor's regions (after create, after resume); the next
 * scheduled run follows at its time. None for a push type (heartbeat): nothing to probe. A
 * Redis that neither answers nor refuses holds the request at most the outbox relay's enqueue
 * timeout (5 s). (Schedule changes go through the schedule outbox: applyScheduleNow.)
 */
export async function checkNow(ctx: Context, m: { id: number; type: MonitorType; regions: string[] }, reason: 'created' | 'resumed'): Promise<void> {
  if (isPushMonitorType(m.type)) return;
  const monitorId = m.id;
  try {
    const regions = await publicRegionsOf(ctx, m.regions);
    // Only at private locations: its first due run there is its first check.
    if (regions.length) {
      await withTimeout(enqueueImmediateCheck(ctx.queues, monitorId, reason, regions), OUTBOX_RELAY_DEFAULTS.enqueueTimeoutMs, 'Redis timed out');
    }
  } catch (e) {
    ctx.logger.warn('immediate check not queued; the schedule will check the monitor', { monitorId, error: (e as Error).message });
  }
}

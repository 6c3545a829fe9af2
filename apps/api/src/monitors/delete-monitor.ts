import { type Account, type Context } from '@vigil/core';
import { findOwnMonitor } from './find-own-monitor.js';
import { applyMonitorSchedule } from './schedule-effects.js';

/**
 * Deletes a monitor with all its checks, incidents and rollups (the foreign keys cascade) and
 * takes it out of its schedule, in one request. Irreversible.
 */
export async function deleteMonitor(ctx: Context, account: Account, rawId: string | string[] | undefined): Promise<number> {
  return ctx.db.transaction(async (m) => {
    const monitor = await findOwnMonitor(m, account.id, rawId, { lock: true });
    await m.query('DELETE FROM monitors WHERE id = $1 AND account_id = $2', [monitor.id, account.id]);
    await applyMonitorSchedule(ctx, { id: monitor.id, checkInterval: monitor.checkInterval, deleted: true });
    return monitor.id;
  });
}

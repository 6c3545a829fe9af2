import { activeMaintenance, maintenanceWindowsOfAccount, type AlertEventName, type AlertEventPayload, type Context } from '@vigil/core';

/**
 * Domain events that planned work can cause (an SSL or security-header grade that changes while
 * the site is reconfigured, a scan during it). Certificate expiry notices are never held back: planned work does not make
 * a certificate expire, and each threshold is sent only once.
 */
const HELD_DURING_MAINTENANCE: ReadonlySet<AlertEventName> = new Set(['domain.grade_changed', 'headers.grade_changed', 'scan.completed']);

/** Whether a maintenance window covering the event's domain was under way when the event happened. */
export async function heldByMaintenance(ctx: Context, p: AlertEventPayload): Promise<boolean> {
  if (p.domainId === undefined || !HELD_DURING_MAINTENANCE.has(p.event)) return false;
  const windows = await maintenanceWindowsOfAccount(ctx.db, p.accountId);
  return windows.length > 0 && activeMaintenance(windows, { domainId: p.domainId }, new Date(p.createdAt)).length > 0;
}

import { activeMaintenance, maintenanceWindowsOfAccount, type Context } from '@vigil/core';

/** Which of the account's monitors and domains a maintenance window covers right now (one query). */
export async function maintenanceNow(ctx: Context, accountId: number) {
  const windows = await maintenanceWindowsOfAccount(ctx.db, accountId);
  const now = ctx.clock.now();
  return {
    monitor: (monitorId: number) => windows.length > 0 && activeMaintenance(windows, { monitorId }, now).length > 0,
    domain: (domainId: number) => windows.length > 0 && activeMaintenance(windows, { domainId }, now).length > 0,
  };
}

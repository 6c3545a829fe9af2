import { maintenanceLookup, NO_MAINTENANCE, windowsOfMonitorAccounts, type MaintenanceLookup } from '@vigil/core';
import type { DataSource } from 'typeorm';

/**
 * How far before the earliest instant asked about a lookup reaches: a judged round's time is one
 * of its checks' (minutes old at most, until its deadline); a check recorded later than this
 * after it was made is not flagged in_maintenance.
 */
export const MAINTENANCE_LOOKBACK_MS = 86_400_000;
const AHEAD_MS = 60_000;

/**
 * The maintenance windows of the monitors' accounts as a lookup over the instants a write will
 * ask about (and the day before them): read and evaluated here, BEFORE the caller opens its
 * write transaction, so that no RRULE is expanded while monitor rows are locked (issue 28).
 * One statement; no window, no evaluation.
 */
export async function loadMaintenance(db: DataSource, monitorIds: readonly number[], instants: readonly Date[]): Promise<MaintenanceLookup> {
  if (!monitorIds.length || !instants.length) return NO_MAINTENANCE;
  const windows = await windowsOfMonitorAccounts(db.manager, monitorIds);
  const times = instants.map((t) => t.getTime());
  return maintenanceLookup(windows, new Date(Math.min(...times) - MAINTENANCE_LOOKBACK_MS), new Date(Math.max(...times) + AHEAD_MS));
}

import type { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { occurrenceAt, type MaintenanceSchedule, type Occurrence } from './recurrence.js';

/** The fields of a window that say when it happens. */
export function scheduleOf(w: Pick<MaintenanceWindow, 'startsAt' | 'endsAt' | 'rrule' | 'durationMinutes' | 'timezone'>): MaintenanceSchedule {
  return { startsAt: w.startsAt, endsAt: w.endsAt, rrule: w.rrule, durationMinutes: w.durationMinutes, timezone: w.timezone };
}

export type MaintenanceTarget = { monitorId: number } | { domainId: number };

/** Whether a window names the monitor or domain (or covers all of the account's). */
export function windowCovers(w: Pick<MaintenanceWindow, 'appliesToAll' | 'monitorIds' | 'domainIds'>, target: MaintenanceTarget): boolean {
  if (w.appliesToAll) return true;
  return 'monitorId' in target ? w.monitorIds.includes(target.monitorId) : w.domainIds.includes(target.domainId);
}

export interface ActiveMaintenance {
  window: MaintenanceWindow;
  occurrence: Occurrence;
}

/**
 * The windows of an account that cover a target and are under way at an instant. The caller
 * passes the account's windows; when several cover it, all are returned.
 */
export function activeMaintenance(windows: readonly MaintenanceWindow[], target: MaintenanceTarget, at: Date): ActiveMaintenance[] {
  const active: ActiveMaintenance[] = [];
  for (const window of windows) {
    if (!windowCovers(window, target)) continue;
    const occurrence = occurrenceAt(scheduleOf(window), at);
    if (occurrence) active.push({ window, occurrence });
  }
  return active;
}

import type { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { occurrencesOfDay, type Occurrence } from './recurrence.js';
import { scheduleOf, windowCovers } from './window-coverage.js';

const DAY_MS = 86_400_000;

/**
 * Whether windows cover a monitor at an instant, answered from occurrences computed when the
 * lookup was made: asking evaluates no rule. Made before a write transaction opens, so the
 * transaction never expands an RRULE (issue 28); an instant outside the span it was made for
 * is answered false.
 */
export interface MaintenanceLookup {
  covers(accountId: number, monitorId: number, at: Date): boolean;
}

/** No window anywhere. */
export const NO_MAINTENANCE: MaintenanceLookup = { covers: () => false };

/**
 * The lookup of `windows` over [from, to): each window's occurrences of the UTC days the span
 * touches (one cached expansion a schedule and day, shared with occurrenceAt).
 */
export function maintenanceLookup(windows: readonly MaintenanceWindow[], from: Date, to: Date): MaintenanceLookup {
  if (!windows.length) return NO_MAINTENANCE;
  const byAccount = new Map<number, { window: MaintenanceWindow; occurrences: Occurrence[] }[]>();
  const firstDay = Math.floor(from.getTime() / DAY_MS) * DAY_MS;
  for (const window of windows) {
    const schedule = scheduleOf(window);
    const occurrences: Occurrence[] = [];
    for (let day = firstDay; day < to.getTime(); day += DAY_MS) occurrences.push(...occurrencesOfDay(schedule, new Date(day)));
    byAccount.set(window.accountId, [...(byAccount.get(window.accountId) ?? []), { window, occurrences }]);
  }
  return {
    covers(accountId, monitorId, at) {
      const t = at.getTime();
      if (t < from.getTime() || t >= to.getTime()) return false;
      return (byAccount.get(accountId) ?? []).some(
        ({ window, occurrences }) => windowCovers(window, { monitorId }) && occurrences.some((o) => o.start.getTime() <= t && o.end.getTime() > t),
      );
    },
  };
}

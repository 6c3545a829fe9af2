import { DAY_MS } from '@vigil/core';
import { firstUnfinishedDay, type DayRange } from '../monitors/finished-days.js';

/**
 * The finished whole UTC days strictly after the first day of a monitor's monitored part of a
 * report's period ([greatest(from, created), least(to, now))) and before its last day: the part
 * an SLA report sums from finished days (incidentSlaDays), the rest (at least the part's first
 * day, and the unfinished or partial last days) being read live. Null when there are none.
 * The first day is always live, so the incidents running into the part from before it are
 * counted there.
 */
export function interiorDays(period: { from: Date; to: Date }, now: Date, createdAt: Date): DayRange | null {
  const start = Math.max(period.from.getTime(), createdAt.getTime());
  const end = Math.max(start, Math.min(period.to.getTime(), now.getTime()));
  const from = Math.floor(start / DAY_MS) + 1;
  const until = Math.min(Math.floor(end / DAY_MS), firstUnfinishedDay(now));
  return from < until ? { from, until } : null;
}

/** A day range as epoch milliseconds. */
export function daySpan(range: DayRange): { start: number; end: number } {
  return { start: range.from * DAY_MS, end: range.until * DAY_MS };
}

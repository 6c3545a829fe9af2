import { LATE_WRITES_MS } from '../monitors/finished-days.js';

const DAY_MS = 86_400_000;

/** Whole UTC days (numbers of days since 1970-01-01), `from` included, `until` not. */
export interface DayRange {
  from: number;
  until: number;
}

/** The first day that is not finished at `now`: days before it can no longer change. */
export function firstUnfinishedDay(now: Date): number {
  return Math.floor((now.getTime() - LATE_WRITES_MS) / DAY_MS);
}

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

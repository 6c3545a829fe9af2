import { occurrencesBetween, type MaintenanceSchedule } from '@vigil/core';
import type { Interval } from './intervals.js';

/** Bounds the memory of the expansions kept (schedules × periods); the oldest goes first. */
const MAX_KEPT = 10_000;

/**
 * Recurring schedules' occurrences over a report's period, by schedule content (rule, start,
 * end, duration, zone: an edit is a new key) and period. Expanding a rule was a quarter of a
 * monitor report's time, and the same month is asked for again and again. The intervals are
 * shared: callers never change them.
 */
const kept = new Map<string, readonly Interval[]>();

/** The occurrences of `s` overlapping [from, to), as epoch-millisecond intervals (occurrencesBetween's). */
export function periodIntervals(s: MaintenanceSchedule, from: Date, to: Date): readonly Interval[] {
  if (!s.rrule) return intervalsOf(s, from, to);
  const key = `${s.rrule}\u0000${s.startsAt.getTime()}\u0000${s.endsAt?.getTime() ?? ''}\u0000${s.durationMinutes}\u0000${s.timezone}\u0000${from.getTime()}\u0000${to.getTime()}`;
  let intervals = kept.get(key);
  if (!intervals) {
    intervals = intervalsOf(s, from, to);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? key);
    kept.set(key, intervals);
  }
  return intervals;
}

function intervalsOf(s: MaintenanceSchedule, from: Date, to: Date): Interval[] {
  return occurrencesBetween(s, from, to).map((o) => ({ start: o.start.getTime(), end: o.end.getTime() }));
}

/**
 * Which daily partitions of `checks` should exist and which may go. Pure: the I/O is in
 * check-partitions.ts. A partition `checks_pYYYYMMDD` holds the checks of one UTC day
 * [00:00, next 00:00); `checks_default` catches any row no daily partition covers.
 */

export const CHECKS_TABLE = 'checks';
export const CHECKS_DEFAULT_PARTITION = 'checks_default';
export const DAY_MS = 86_400_000;

const NAME = /^checks_p(\d{4})(\d{2})(\d{2})$/;

/** 00:00 UTC of the day `at` falls in. */
export function dayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The partition holding the checks of the UTC day that starts at `day`. */
export function partitionName(day: Date): string {
  const iso = dayStart(day).toISOString();
  return `checks_p${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** The day a partition name stands for; null for the default partition and any other name. */
export function partitionDay(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const day = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00.000Z`);
  return Number.isNaN(day.getTime()) || partitionName(day) !== name ? null : day;
}

/** Every day from the one holding `from` to the one holding `to`, both included (none if to < from). */
export function daysCovering(from: Date, to: Date): Date[] {
  const days: Date[] = [];
  for (let t = dayStart(from).getTime(); t <= to.getTime(); t += DAY_MS) days.push(new Date(t));
  return days;
}

/** The days whose partitions the maintenance job keeps ready around `now`. */
export function daysAround(now: Date, daysBack: number, daysAhead: number): Date[] {
  return daysCovering(new Date(now.getTime() - daysBack * DAY_MS), new Date(now.getTime() + daysAhead * DAY_MS));
}

/**
 * Daily partitions that hold nothing at or after `cutoff` (their day ends at or before it),
 * oldest first: they may be dropped whole. The partition the cutoff falls in stays, so raw
 * checks are kept at least the retention period and at most one day longer.
 */
export function partitionsBefore(names: string[], cutoff: Date): string[] {
  return names
    .map((name) => ({ name, day: partitionDay(name) }))
    .filter((p): p is { name: string; day: Date } => p.day !== null && p.day.getTime() + DAY_MS <= cutoff.getTime())
    .sort((a, b) => a.day.getTime() - b.day.getTime())
    .map((p) => p.name);
}

/** Half-open time intervals [start, end) in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** The part of each interval inside [from, to); empty ones dropped. */
export function clipAll(intervals: readonly Interval[], from: number, to: number): Interval[] {
  const out: Interval[] = [];
  for (const i of intervals) {
    const start = Math.max(i.start, from);
    const end = Math.min(i.end, to);
    if (end > start) out.push({ start, end });
  }
  return out;
}

/** Overlapping or touching intervals merged, sorted by start. */
export function union(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** Total length of the intervals, overlaps counted once. */
export function coveredMs(intervals: readonly Interval[]): number {
  return union(intervals).reduce((sum, i) => sum + (i.end - i.start), 0);
}

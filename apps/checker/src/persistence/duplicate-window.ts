/**
 * How far apart in time two deliveries of one job may record their checks and still count as
 * the same check. A redelivery probes again, so its check carries a later time than the first:
 * check jobs have one attempt, so the only redelivery is a stalled job re-run (BullMQ's lock
 * of 30 s plus its stall check of 30 s, plus queue wait). An hour covers that with a wide
 * margin, and clock skew between checkers; it keeps the duplicate lookup to one daily
 * partition (two around midnight). Measured: a day-wide window (three partitions) cost the
 * writer a fifth of its throughput (docs/benchmarks.md).
 */
export const DUPLICATE_WINDOW_MS = 3_600_000;

/** The checked_at range in which earlier deliveries of a batch's jobs are looked for. */
export function duplicateWindow(checkedAt: Date[]): { from: Date; to: Date } {
  const times = checkedAt.map((d) => d.getTime());
  return { from: new Date(Math.min(...times) - DUPLICATE_WINDOW_MS), to: new Date(Math.max(...times) + DUPLICATE_WINDOW_MS) };
}

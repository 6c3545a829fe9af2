/**
 * How far apart in time two deliveries of one job may record their checks and still count as
 * the same check. A redelivery probes again, so its check carries a later time than the first
 * (BullMQ redelivers a stalled job within seconds, a retried one within minutes); a day covers
 * that with room for clock skew between checkers, and bounds the duplicate lookup to the
 * two or three daily partitions around the batch.
 */
export const DUPLICATE_WINDOW_MS = 86_400_000;

/** The checked_at range in which earlier deliveries of a batch's jobs are looked for. */
export function duplicateWindow(checkedAt: Date[]): { from: Date; to: Date } {
  const times = checkedAt.map((d) => d.getTime());
  return { from: new Date(Math.min(...times) - DUPLICATE_WINDOW_MS), to: new Date(Math.max(...times) + DUPLICATE_WINDOW_MS) };
}

import { CHECK_TIMING_PHASES, type CheckTimings, type RoutedRollup } from '@vigil/core';

const HOUR_MS = 3_600_000;

/** The start of the UTC hour of a moment. */
export function utcHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

export interface RolledCheck {
  monitorId: number;
  checkedAt: Date;
  status: 'success' | 'failure';
  responseTimeMs: number | null;
  timings: CheckTimings | null;
}

/** Per phase: the sum of its milliseconds and how many checks had it. */
export type TimingSums = RoutedRollup['timings'];

/**
 * What a batch adds to one monitor_rollups row: the state store's routed rollup before its
 * route is chosen (response times of successful checks; timing phases of every status).
 */
export type RollupDelta = Omit<RoutedRollup, 'route'>;

const emptyTimingSums = (): TimingSums => ({
  dns: { sum: 0, count: 0 },
  connect: { sum: 0, count: 0 },
  tls: { sum: 0, count: 0 },
  first_byte: { sum: 0, count: 0 },
  download: { sum: 0, count: 0 },
});

/**
 * The per-(monitor, UTC hour) sums of a batch of checks, ordered by monitor and hour (so
 * concurrent upserts take row locks in one order).
 */
export function rollupDeltas(checks: RolledCheck[]): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>();
  for (const c of checks) {
    const hour = utcHour(c.checkedAt);
    const key = `${c.monitorId}|${hour.getTime()}`;
    let d = byKey.get(key);
    if (!d) {
      d = { monitorId: c.monitorId, hour, total: 0, successful: 0, responseTimeSum: 0, responseTimeCount: 0, timings: emptyTimingSums() };
      byKey.set(key, d);
    }
    d.total++;
    for (const p of CHECK_TIMING_PHASES) {
      const ms = c.timings?.[p];
      if (typeof ms === 'number') {
        d.timings[p].sum += ms;
        d.timings[p].count++;
      }
    }
    if (c.status === 'success') {
      d.successful++;
      if (c.responseTimeMs !== null) {
        d.responseTimeSum += c.responseTimeMs;
        d.responseTimeCount++;
      }
    }
  }
  return [...byKey.values()].sort((a, b) => a.monitorId - b.monitorId || a.hour.getTime() - b.hour.getTime());
}

import type { CheckTimings } from '@vigil/core';
import { rollupDeltas, utcHour } from './rollup-deltas.js';

describe('utcHour', () => {
  it('truncates to the start of the UTC hour', () => {
    expect(utcHour(new Date('2025-01-01T10:59:59.999Z'))).toEqual(new Date('2025-01-01T10:00:00Z'));
    expect(utcHour(new Date('2025-01-01T11:00:00.000Z'))).toEqual(new Date('2025-01-01T11:00:00Z'));
    expect(utcHour(new Date('2024-12-31T23:30:00-02:00'))).toEqual(new Date('2025-01-01T01:00:00Z'));
  });
});

describe('rollupDeltas', () => {
  const c = (monitorId: number, iso: string, status: 'success' | 'failure', ms: number | null, timings: CheckTimings | null = null) => ({
    monitorId,
    checkedAt: new Date(iso),
    status,
    responseTimeMs: ms,
    timings,
  });
  const none = { sum: 0, count: 0 };
  const noTimings = { dns: none, connect: none, tls: none, first_byte: none, download: none };

  it('sums totals, successes and success response times per monitor and hour, ordered', () => {
    const deltas = rollupDeltas([
      c(2, '2025-01-01T10:10:00Z', 'success', 100),
      c(1, '2025-01-01T11:00:00Z', 'failure', null),
      c(1, '2025-01-01T10:59:00Z', 'success', 40),
      c(1, '2025-01-01T10:01:00Z', 'failure', null),
      c(1, '2025-01-01T10:30:00Z', 'success', 60),
      c(2, '2025-01-01T10:20:00Z', 'success', null),
    ]);
    expect(deltas).toEqual([
      { monitorId: 1, hour: new Date('2025-01-01T10:00:00Z'), total: 3, successful: 2, responseTimeSum: 100, responseTimeCount: 2, timings: noTimings },
      { monitorId: 1, hour: new Date('2025-01-01T11:00:00Z'), total: 1, successful: 0, responseTimeSum: 0, responseTimeCount: 0, timings: noTimings },
      // A success without a response time counts as successful but not in the average.
      { monitorId: 2, hour: new Date('2025-01-01T10:00:00Z'), total: 2, successful: 2, responseTimeSum: 100, responseTimeCount: 1, timings: noTimings },
    ]);
  });

  it('sums each timing phase over the checks that had it, failures included', () => {
    const [d] = rollupDeltas([
      c(1, '2025-01-01T10:10:00Z', 'success', 100, { dns: 4, connect: 10, tls: 20, first_byte: 50, download: 16 }),
      c(1, '2025-01-01T10:20:00Z', 'failure', null, { dns: 6, connect: 12, tls: null, first_byte: 30, download: 2 }),
      c(1, '2025-01-01T10:30:00Z', 'failure', null),
    ]);
    expect(d.timings).toEqual({
      dns: { sum: 10, count: 2 },
      connect: { sum: 22, count: 2 },
      tls: { sum: 20, count: 1 },
      first_byte: { sum: 80, count: 2 },
      download: { sum: 18, count: 2 },
    });
  });

  it('nothing in, nothing out', () => {
    expect(rollupDeltas([])).toEqual([]);
  });
});

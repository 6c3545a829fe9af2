import { nextDueMs } from '@vigil/core';
import { CATCH_UP_MS, dispatchFrom, runsBetween } from './location-runs.js';

describe('runs of private locations', () => {
  it('finds each monitor\'s run due in the window at its buckets\' due times, earliest first', () => {
    const from = 1_000_000_000_000;
    const runs = runsBetween([{ monitorId: 1, everyMs: 60_000 }, { monitorId: 2, everyMs: 60_000 }], from, from + 60_000);
    expect(runs).toEqual(
      [
        { monitorId: 1, dueMs: nextDueMs(1, 60_000, from) },
        { monitorId: 2, dueMs: nextDueMs(2, 60_000, from) },
      ].sort((a, b) => a.dueMs - b.dueMs),
    );
  });

  it('offers nothing not yet due, and after a gap only the latest missed run', () => {
    const due = nextDueMs(7, 2_000, 5_000_000);
    expect(runsBetween([{ monitorId: 7, everyMs: 2_000 }], due, due + 1_999)).toEqual([]);
    expect(runsBetween([{ monitorId: 7, everyMs: 2_000 }], due - 1, due + 9_000)).toEqual([{ monitorId: 7, dueMs: due + 8_000 }]);
  });

  it('starts after the last dispatch, never further back than the catch-up window, and now on the first', () => {
    expect(dispatchFrom(null, 100_000)).toBe(100_000);
    expect(dispatchFrom(99_000, 100_000)).toBe(99_000);
    expect(dispatchFrom(1_000, 100_000)).toBe(100_000 - CATCH_UP_MS);
  });
});

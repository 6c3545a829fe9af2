import { monitorScheduleOffsetMs, nextDueMs } from '@vigil/core';
import { catchUpJobId, missedRuns, runKeyOf, scheduledRunJobId } from './missed-runs.js';

const NOW = Date.parse('2026-03-01T12:00:30.000Z');

describe('missedRuns', () => {
  const id = 7;
  const interval = 60;
  const lastDue = nextDueMs(id, interval * 1000, NOW) - interval * 1000;

  it('the latest due run is the last slot of the monitor at or before now', () => {
    expect(lastDue).toBeLessThanOrEqual(NOW);
    expect(lastDue).toBeGreaterThan(NOW - 60_000);
    expect(lastDue % 60_000).toBe(monitorScheduleOffsetMs(id, interval));
  });

  it('is missed when the last check (or the creation of a monitor never checked) is older than that run', () => {
    expect(missedRuns([{ id, everyMs: interval * 1000, seenMs: lastDue - 1 }], NOW)).toEqual([
      { monitorId: id, everyMs: interval * 1000, dueMs: lastDue },
    ]);
    expect(missedRuns([{ id, everyMs: interval * 1000, seenMs: lastDue - 3_600_000 }], NOW)).toHaveLength(1);
  });

  it('is not missed when a check was made at or after it', () => {
    expect(missedRuns([{ id, everyMs: interval * 1000, seenMs: lastDue }], NOW)).toEqual([]);
    expect(missedRuns([{ id, everyMs: interval * 1000, seenMs: lastDue + 500 }], NOW)).toEqual([]);
  });

  it('uses each monitor its own interval and phase', () => {
    const monitors = [1, 2, 3].map((n) => ({ id: n, everyMs: n * 300_000, seenMs: 0 }));
    const missed = missedRuns(monitors, NOW);
    expect(missed.map((m) => m.monitorId)).toEqual([1, 2, 3]);
    for (const [i, m] of missed.entries()) {
      const everyMs = (i + 1) * 300_000;
      expect(m.dueMs % everyMs).toBe(monitorScheduleOffsetMs(m.monitorId, (i + 1) * 300));
      expect(NOW - m.dueMs).toBeLessThan(everyMs);
      expect(m.dueMs).toBeLessThanOrEqual(NOW);
    }
  });
});

describe('job ids of runs', () => {
  it('a scheduled run has the id BullMQ gives it; its catch-up another id of three parts', () => {
    expect(scheduledRunJobId(42, 1_700_000_060_000)).toBe('repeat:monitor-42:1700000060000');
    expect(catchUpJobId(42, 1_700_000_060_000)).toBe('catchup:monitor-42:1700000060000');
  });

  it('a catch-up is recorded under the key of the run it replaces; other jobs under their own id', () => {
    expect(runKeyOf(catchUpJobId(42, 1_700_000_060_000))).toBe(scheduledRunJobId(42, 1_700_000_060_000));
    expect(runKeyOf('repeat:monitor-42:1700000060000')).toBe('repeat:monitor-42:1700000060000');
    expect(runKeyOf('check-42-manual-1700000060000-0a1b2c3d')).toBe('check-42-manual-1700000060000-0a1b2c3d');
    expect(runKeyOf('catchup-42')).toBe('catchup-42');
  });
});

import type { CheckResult, WriterMonitorRow } from '@vigil/core';
import { admitRecords, batchOutcomes } from './admit-records.js';
import type { CheckRecord } from './check-record.js';

const ok = (s: number): CheckResult => ({ timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString(), status: 'success', response_time_ms: 10, status_code: 200 });
const rec = (monitorId: number, jobKey: string, over: Partial<CheckRecord> = {}): CheckRecord => ({ monitorId, jobKey, manual: false, result: ok(0), ...over });
type Facts = Pick<WriterMonitorRow, 'is_active' | 'status'>;
const live: Facts = { is_active: true, status: 'up' };

describe('admitRecords', () => {
  const monitors = new Map<number, Facts>([
    [1, live],
    [2, { is_active: false, status: 'up' }],
    [3, { is_active: true, status: 'paused' }],
  ]);

  it('skips deleted, inactive and paused monitors, but runs a manual check of a paused one', () => {
    const a = admitRecords([rec(9, 'a'), rec(2, 'b'), rec(3, 'c'), rec(3, 'd', { manual: true }), rec(1, 'e')], monitors);
    expect([...a.skipped]).toEqual([
      [0, 'deleted'],
      [1, 'inactive'],
      [2, 'paused'],
    ]);
    expect(a.candidates).toEqual([3, 4]);
    expect(a.sameAs.size).toBe(0);
  });

  it('admits one record per monitor, job key and region: a region is part of the key', () => {
    const a = admitRecords([rec(1, 'k', { region: 'eu' }), rec(1, 'k', { region: 'us' }), rec(1, 'k', { region: 'eu' }), rec(1, 'k'), rec(1, 'k', { region: 'default' })], monitors);
    expect(a.candidates).toEqual([0, 1, 3]);
    expect([...a.sameAs]).toEqual([
      [2, 0],
      [4, 3],
    ]);
  });
});

describe('batchOutcomes', () => {
  it('answers each record in order: recorded, duplicate of a stored check, like its first in the batch, skipped', () => {
    const records = [rec(1, 'a', { result: ok(1) }), rec(1, 'b', { result: ok(2) }), rec(1, 'a', { result: ok(3) }), rec(9, 'c'), rec(9, 'c')];
    const admission = admitRecords(records, new Map([[1, live]]));
    const stored = ok(0);
    expect(batchOutcomes(records, admission, new Map([[1, stored]]))).toEqual([
      { kind: 'recorded', check: ok(1) },
      { kind: 'duplicate', check: stored },
      { kind: 'duplicate', check: ok(1) },
      { kind: 'skipped', reason: 'deleted' },
      { kind: 'skipped', reason: 'deleted' },
    ]);
  });
});

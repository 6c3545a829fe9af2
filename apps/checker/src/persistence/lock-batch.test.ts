import type { CheckResult } from '@vigil/core';
import type { CheckRecord } from './check-record.js';
import { planLocks } from './lock-batch.js';

const result: CheckResult = { timestamp: '2026-01-01T00:00:00.000Z', status: 'success', response_time_ms: 10, status_code: 200 };
const rec = (monitorId: number, deadlineTracked?: boolean): CheckRecord => ({ monitorId, jobKey: `j${monitorId}`, manual: false, result, region: 'eu', ...(deadlineTracked ? { deadlineTracked } : {}) });

describe('planLocks', () => {
  it('locks the monitors of every record whose round deadline Redis does not keep', () => {
    const { locked, loose } = planLocks([rec(1), rec(2, true), rec(3)]);
    expect([...locked]).toEqual([1, 3]);
    expect(loose.map((r) => r.monitorId)).toEqual([2]);
  });

  it('a tracked record of a monitor the batch locks anyway is not loose', () => {
    const { locked, loose } = planLocks([rec(4, true), rec(4)]);
    expect([...locked]).toEqual([4]);
    expect(loose).toEqual([]);
  });

  it('a batch of tracked records only locks no monitor', () => {
    const { locked, loose } = planLocks([rec(5, true), rec(6, true)]);
    expect([...locked]).toEqual([]);
    expect(loose.map((r) => r.monitorId)).toEqual([5, 6]);
  });
});

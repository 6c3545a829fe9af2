import type { CheckResult } from '@vigil/core';
import { CheckBuffer } from './check-buffer.js';
import type { CheckRecord } from './record-checks.js';

const rec = (jobKey: string, second: number): CheckRecord => {
  const result: CheckResult = { timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString(), status: 'success', response_time_ms: 1, status_code: 200 };
  return { monitorId: 1, jobKey, manual: false, result };
};
const keys = (b: CheckBuffer) => b.peek(b.size).map((r) => r.jobKey);

describe('CheckBuffer', () => {
  it('keeps results in check-time order, a late arrival slotted in by its time', () => {
    const b = new CheckBuffer(10);
    b.add(rec('a', 1));
    b.add(rec('c', 3));
    b.add(rec('b', 2));
    b.add(rec('d', 4));
    expect(keys(b)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps arrival order among results of the same time', () => {
    const b = new CheckBuffer(10);
    b.add(rec('x', 5));
    b.add(rec('y', 5));
    b.add(rec('w', 4));
    expect(keys(b)).toEqual(['w', 'x', 'y']);
  });

  it('refuses past its limit and takes from the front', () => {
    const b = new CheckBuffer(2);
    expect(b.add(rec('a', 1))).toBe(true);
    expect(b.add(rec('b', 2))).toBe(true);
    expect(b.add(rec('c', 3))).toBe(false);
    expect(b.peek(1).map((r) => r.jobKey)).toEqual(['a']);
    b.take(1);
    expect(keys(b)).toEqual(['b']);
    expect(b.add(rec('c', 3))).toBe(true);
    expect(b.size).toBe(2);
  });
});

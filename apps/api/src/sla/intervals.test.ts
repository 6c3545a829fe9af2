import { clipAll, coveredMs, union } from './intervals.js';

const i = (start: number, end: number) => ({ start, end });

describe('clipAll', () => {
  it('keeps the parts inside the bounds and drops the rest', () => {
    expect(clipAll([i(0, 10), i(5, 15), i(20, 30), i(-5, 0), i(12, 12)], 2, 22)).toEqual([i(2, 10), i(5, 15), i(20, 22)]);
    expect(clipAll([], 0, 10)).toEqual([]);
  });
});

describe('union', () => {
  it('merges overlapping and touching intervals, sorted', () => {
    expect(union([i(20, 30), i(0, 10), i(5, 12), i(12, 15), i(40, 40)])).toEqual([i(0, 15), i(20, 30)]);
  });
  it('keeps a contained interval inside its container', () => {
    expect(union([i(0, 100), i(10, 20)])).toEqual([i(0, 100)]);
  });
  it('does not change its input', () => {
    const input = [i(0, 10), i(5, 20)];
    union(input);
    expect(input).toEqual([i(0, 10), i(5, 20)]);
  });
});

describe('coveredMs', () => {
  it('counts overlaps once', () => {
    expect(coveredMs([i(0, 10), i(5, 15), i(20, 25)])).toBe(20);
    expect(coveredMs([])).toBe(0);
  });
});

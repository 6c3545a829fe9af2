import { ManualClock, isoWithOffset, nextUtcMidnight, utcDay } from './clock.js';

describe('clock helpers', () => {
  it.each([
    ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
    ['2026-11-21T23:59:59.999Z', '2026-11-22T00:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['2028-02-28T10:00:00.000Z', '2028-02-29T00:00:00.000Z'],
  ])('next midnight after %s is %s', (at, next) => expect(nextUtcMidnight(new Date(at)).toISOString()).toBe(next));

  it('formats the UTC day and an offset timestamp', () => {
    expect(utcDay(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(isoWithOffset(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22T00:00:00+00:00');
  });

  it('writes each moment its own UTC day, across midnights and back (the last day is remembered), before 1970 too; an invalid date throws', () => {
    const moments = ['2026-11-21T23:59:59.999Z', '2026-11-22T00:00:00.000Z', '2026-11-21T12:00:00Z', '2026-11-21T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z', '2026-11-22T23:59:59Z'];
    for (const at of moments) expect(utcDay(new Date(at))).toBe(at.slice(0, 10));
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('ManualClock moves only when told', () => {
    const c = new ManualClock('2026-01-01T00:00:00Z');
    c.advance(1500);
    expect(c.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
    c.set('2026-02-01T00:00:00Z');
    expect(c.now().toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

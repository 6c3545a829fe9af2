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

  it('ManualClock moves only when told', () => {
    const c = new ManualClock('2026-01-01T00:00:00Z');
    c.advance(1500);
    expect(c.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
    c.set('2026-02-01T00:00:00Z');
    expect(c.now().toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

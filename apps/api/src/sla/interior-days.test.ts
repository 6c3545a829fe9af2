import { DAY_MS } from '@vigil/core';
import { firstUnfinishedDay, LATE_WRITES_MS } from '../monitors/finished-days.js';
import { daySpan, interiorDays } from './interior-days.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const at = (iso: string) => new Date(iso);
const november = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') };
const OLD = at('2026-01-01T00:00:00Z');

describe('interiorDays', () => {
  it('keeps the first day of the part live, and ends before the last day of a finished period', () => {
    expect(interiorDays(november, at('2026-12-15T00:00:00Z'), OLD)).toEqual({ from: day('2026-11-02'), until: day('2026-12-01') });
  });

  it('ends at the first unfinished day: today, or yesterday within LATE_WRITES_MS of midnight', () => {
    expect(interiorDays(november, at('2026-11-20T10:00:00Z'), OLD)).toEqual({ from: day('2026-11-02'), until: day('2026-11-20') });
    const justAfterMidnight = new Date(Date.parse('2026-11-20T00:00:00Z') + LATE_WRITES_MS - 1);
    expect(interiorDays(november, justAfterMidnight, OLD)).toEqual({ from: day('2026-11-02'), until: day('2026-11-19') });
    const later = new Date(Date.parse('2026-11-20T00:00:00Z') + LATE_WRITES_MS);
    expect(interiorDays(november, later, OLD)?.until).toBe(day('2026-11-20'));
  });

  it("starts the day after the monitor's creation, or after a period start within a day", () => {
    expect(interiorDays(november, at('2026-12-15T00:00:00Z'), at('2026-11-10T13:00:00Z'))).toEqual({ from: day('2026-11-11'), until: day('2026-12-01') });
    const mid = { from: at('2026-11-03T06:00:00Z'), to: at('2026-11-09T18:00:00Z') };
    expect(interiorDays(mid, at('2026-12-15T00:00:00Z'), OLD)).toEqual({ from: day('2026-11-04'), until: day('2026-11-09') });
  });

  it('has none when the part spans fewer than two whole days beyond its first, or has not begun', () => {
    expect(interiorDays({ from: at('2026-11-03T00:00:00Z'), to: at('2026-11-05T00:00:00Z') }, at('2026-12-15T00:00:00Z'), OLD)).toEqual({ from: day('2026-11-04'), until: day('2026-11-05') });
    expect(interiorDays({ from: at('2026-11-03T00:00:00Z'), to: at('2026-11-04T23:59:59Z') }, at('2026-12-15T00:00:00Z'), OLD)).toBeNull();
    expect(interiorDays(november, at('2026-11-01T12:00:00Z'), OLD)).toBeNull();
    expect(interiorDays(november, at('2026-12-15T00:00:00Z'), at('2026-12-10T00:00:00Z'))).toBeNull();
  });

  it('gives day ranges as epoch milliseconds, and the first unfinished day', () => {
    expect(daySpan({ from: 2, until: 5 })).toEqual({ start: 2 * DAY_MS, end: 5 * DAY_MS });
    expect(firstUnfinishedDay(at('2026-11-20T10:00:00Z'))).toBe(day('2026-11-20'));
  });
});

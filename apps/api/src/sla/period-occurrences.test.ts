import { occurrencesBetween, type MaintenanceSchedule } from '@vigil/core';
import { periodIntervals } from './period-occurrences.js';

const weekly: MaintenanceSchedule = { startsAt: new Date('2026-11-02T03:00:00Z'), endsAt: null, rrule: 'FREQ=WEEKLY', durationMinutes: 60, timezone: 'Europe/Berlin' };
const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-12-01T00:00:00Z');
const asIntervals = (s: MaintenanceSchedule, a: Date, b: Date) => occurrencesBetween(s, a, b).map((o) => ({ start: o.start.getTime(), end: o.end.getTime() }));

describe('periodIntervals', () => {
  it("answers occurrencesBetween's occurrences, a repeated period from what it kept", () => {
    const first = periodIntervals(weekly, from, to);
    expect(first).toEqual(asIntervals(weekly, from, to));
    expect(first).toHaveLength(5);
    expect(periodIntervals({ ...weekly }, new Date(from), new Date(to))).toBe(first);
  });

  it('expands an edited schedule or another period anew', () => {
    const daily = { ...weekly, rrule: 'FREQ=DAILY' };
    expect(periodIntervals(daily, from, to)).toEqual(asIntervals(daily, from, to));
    const longer = { ...weekly, durationMinutes: 90 };
    expect(periodIntervals(longer, from, to)).toEqual(asIntervals(longer, from, to));
    const december = new Date('2027-01-01T00:00:00Z');
    expect(periodIntervals(weekly, to, december)).toEqual(asIntervals(weekly, to, december));
  });

  it('expands a one-off window every time (nothing to keep)', () => {
    const once: MaintenanceSchedule = { startsAt: new Date('2026-11-10T10:00:00Z'), endsAt: new Date('2026-11-10T12:00:00Z'), rrule: null, durationMinutes: null, timezone: 'UTC' };
    expect(periodIntervals(once, from, to)).toEqual([{ start: Date.parse('2026-11-10T10:00:00Z'), end: Date.parse('2026-11-10T12:00:00Z') }]);
  });
});

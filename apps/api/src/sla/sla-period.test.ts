import { ValidationError } from '@vigil/core';
import { parseMonitorSlaPeriod, parseSlaMonth } from './sla-period.js';

const now = new Date('2026-11-21T10:30:00Z');
const iso = (p: { from: Date; to: Date }) => [p.from.toISOString(), p.to.toISOString()];

describe('parseMonitorSlaPeriod', () => {
  it('defaults to the current UTC month (the report stops at now; the budget is the month\'s)', () => {
    expect(iso(parseMonitorSlaPeriod({}, now))).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(iso(parseMonitorSlaPeriod({ from: '2026-11-10' }, now))).toEqual(['2026-11-10T00:00:00.000Z', '2026-11-21T10:30:00.000Z']);
  });
  it('takes month=YYYY-MM as the account report does, but not together with from or to', () => {
    expect(iso(parseMonitorSlaPeriod({ month: '2026-10' }, now))).toEqual(['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(() => parseMonitorSlaPeriod({ month: '2026-10', from: '2026-10-02' }, now)).toThrow(new ValidationError('Invalid month: give either month or from and to, not both'));
    expect(() => parseMonitorSlaPeriod({ month: 'October' }, now)).toThrow(new ValidationError('Invalid month: must be YYYY-MM, e.g. 2026-11'));
  });
  it('reads dates (a bare to covers its whole day) and date-times', () => {
    expect(iso(parseMonitorSlaPeriod({ from: '2026-10-01', to: '2026-10-31' }, now))).toEqual(['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);
    expect(iso(parseMonitorSlaPeriod({ from: '2026-10-01T06:00:00+02:00', to: '2026-10-02T00:00:00Z' }, now))).toEqual(['2026-10-01T04:00:00.000Z', '2026-10-02T00:00:00.000Z']);
  });
  it.each([
    ['yesterday', undefined, 'Invalid from: must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z'],
    [undefined, '2026-02-30', 'Invalid to: must be an ISO 8601 date or date-time, e.g. 2026-11-30 or 2026-12-01T00:00:00Z'],
    ['2026-10-02', '2026-10-01', 'Invalid date range: from must be before to'],
    ['2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z', 'Invalid date range: from must be before to'],
    ['2024-01-01', '2025-01-02', 'Invalid date range: at most 366 days'],
  ])('refuses from=%p to=%p', (from, to, message) => {
    expect(() => parseMonitorSlaPeriod({ from, to }, now)).toThrow(new ValidationError(message));
  });
  it('takes a leap year whole', () => {
    expect(iso(parseMonitorSlaPeriod({ from: '2028-01-01', to: '2028-12-31' }, now))).toEqual(['2028-01-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z']);
  });
});

describe('parseSlaMonth', () => {
  it('defaults to the current month and reads YYYY-MM, across the year end', () => {
    expect(parseSlaMonth(undefined, now)).toEqual({ month: '2026-11', from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    expect(parseSlaMonth('2026-12', now)).toEqual({ month: '2026-12', from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
  });
  it.each(['2026-13', '2026-1', '26-11', '2026-11-01', '1969-12'])('refuses %p', (raw) => {
    expect(() => parseSlaMonth(raw, now)).toThrow(new ValidationError('Invalid month: must be YYYY-MM, e.g. 2026-11'));
  });
});

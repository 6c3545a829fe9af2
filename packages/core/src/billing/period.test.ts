import { ValidationError } from '../errors/errors.js';
import { billingPeriodFromKey, billingPeriodOf, previousBillingPeriod } from './period.js';

describe('billingPeriodOf', () => {
  it('is the UTC calendar month of the moment, half-open', () => {
    const p = billingPeriodOf(new Date('2026-01-15T12:34:56Z'));
    expect(p.key).toBe('2026-01');
    expect(p.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(p.days).toBe(31);
  });

  it('puts the first instant of a month in that month and the last millisecond in the one before', () => {
    expect(billingPeriodOf(new Date('2026-02-01T00:00:00.000Z')).key).toBe('2026-02');
    expect(billingPeriodOf(new Date('2026-01-31T23:59:59.999Z')).key).toBe('2026-01');
  });

  it('uses UTC, not the local time of an offset', () => {
    expect(billingPeriodOf(new Date('2026-03-01T01:00:00+02:00')).key).toBe('2026-02');
  });

  it('ends December at the next year', () => {
    const p = billingPeriodOf(new Date('2026-12-31T23:00:00Z'));
    expect(p.key).toBe('2026-12');
    expect(p.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(p.days).toBe(31);
  });

  it('counts 28, 29, 30 and 31 day months, leap years included', () => {
    const days = (key: string) => billingPeriodFromKey(key).days;
    expect(days('2026-02')).toBe(28);
    expect(days('2028-02')).toBe(29);
    expect(days('2000-02')).toBe(29);
    expect(days('2100-02')).toBe(28);
    expect(days('2026-04')).toBe(30);
    expect(days('2026-11')).toBe(30);
    expect(days('2026-07')).toBe(31);
    expect([...Array(12)].map((_, i) => days(`2026-${String(i + 1).padStart(2, '0')}`))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });

  it('refuses an invalid date', () => {
    expect(() => billingPeriodOf(new Date('nope'))).toThrow(RangeError);
  });
});

describe('billingPeriodFromKey', () => {
  it('parses YYYY-MM', () => {
    const p = billingPeriodFromKey('2028-02');
    expect(p).toEqual({ key: '2028-02', start: new Date('2028-02-01T00:00:00Z'), end: new Date('2028-03-01T00:00:00Z'), days: 29 });
  });

  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '', ' 2026-01', '0999-01', '2026/01'])(
    'refuses %p with a ValidationError',
    (key) => {
      expect(() => billingPeriodFromKey(key)).toThrow(ValidationError);
    },
  );
});

describe('previousBillingPeriod', () => {
  it('steps back one month, across a year', () => {
    expect(previousBillingPeriod(billingPeriodFromKey('2026-03')).key).toBe('2026-02');
    const dec = previousBillingPeriod(billingPeriodFromKey('2027-01'));
    expect(dec.key).toBe('2026-12');
    expect(dec.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

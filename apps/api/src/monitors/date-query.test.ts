import { ValidationError } from '@vigil/core';
import { parseDateRange, parseIsoDate } from './date-query.js';

describe('parseIsoDate', () => {
  it.each([
    ['2025-01-31', '2025-01-31T00:00:00.000Z', true],
    ['2024-02-29', '2024-02-29T00:00:00.000Z', true],
    ['2025-01-31T12:34', '2025-01-31T12:34:00.000Z', false],
    ['2025-01-31T12:34:56', '2025-01-31T12:34:56.000Z', false],
    ['2025-01-31T12:34:56Z', '2025-01-31T12:34:56.000Z', false],
    ['2025-01-31t12:34:56z', '2025-01-31T12:34:56.000Z', false],
    ['2025-01-31 12:34:56Z', '2025-01-31T12:34:56.000Z', false],
    ['2025-01-31T12:34:56.789Z', '2025-01-31T12:34:56.789Z', false],
    ['2025-01-31T12:34:56.7Z', '2025-01-31T12:34:56.700Z', false],
    ['2025-01-31T12:34:56.123456Z', '2025-01-31T12:34:56.123Z', false],
    ['2025-01-31T12:00:00+02:00', '2025-01-31T10:00:00.000Z', false],
    ['2025-01-31T12:00:00-0530', '2025-01-31T17:30:00.000Z', false],
    ['2025-01-31T12:00:00+01', '2025-01-31T11:00:00.000Z', false],
    ['2025-01-01T00:30:00+01:00', '2024-12-31T23:30:00.000Z', false],
  ])('%s -> %s', (text, expected, dateOnly) => {
    expect(parseIsoDate(text)).toEqual({ at: new Date(expected), dateOnly });
  });

  it.each([
    '',
    'yesterday',
    '2025',
    '2025-1-5',
    '2025-13-01',
    '2025-02-29',
    '2025-04-31',
    '2025-00-10',
    '2025-01-00',
    '2025-01-31T24:00:00Z',
    '2025-01-31T12:60:00Z',
    '2025-01-31T12:00:61Z',
    '2025-01-31T12Z',
    '2025-01-31T12:00:00+25:00',
    '2025-01-31T12:00:00 UTC',
    '1700000000',
    '31/01/2025',
    '1969-12-31',
    '2025-01-31T12:00:00.Z',
  ])('refuses %j', (text) => {
    expect(parseIsoDate(text)).toBeNull();
  });
});

describe('parseDateRange', () => {
  it('is empty without values', () => {
    expect(parseDateRange(undefined, undefined)).toEqual({});
    expect(parseDateRange('', '')).toEqual({});
  });

  it('takes a bare to_date as the whole UTC day, a date-time to the millisecond', () => {
    expect(parseDateRange('2025-01-01', '2025-01-31')).toEqual({
      from: new Date('2025-01-01T00:00:00Z'),
      toExclusive: new Date('2025-02-01T00:00:00Z'),
    });
    expect(parseDateRange(undefined, '2025-01-31T10:00:00Z')).toEqual({ toExclusive: new Date('2025-01-31T10:00:00.001Z') });
  });

  it('allows from_date equal to to_date', () => {
    expect(parseDateRange('2025-01-31', '2025-01-31').toExclusive).toEqual(new Date('2025-02-01T00:00:00Z'));
    expect(() => parseDateRange('2025-01-31T10:00:00Z', '2025-01-31T10:00:00Z')).not.toThrow();
  });

  it.each([
    ['nope', undefined, 'Invalid from_date: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
    [undefined, '2025-02-30', 'Invalid to_date: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
    ['2025-02-01', '2025-01-31', 'Invalid date range: from_date must not be after to_date'],
    ['2025-01-31T10:00:01Z', '2025-01-31T10:00:00Z', 'Invalid date range: from_date must not be after to_date'],
  ])('%j..%j is a 400: %s', (from, to, message) => {
    expect(() => parseDateRange(from, to)).toThrow(new ValidationError(message));
  });
});

import { daysUntilExpiry, expiryNotice, expiryThresholds, reachedThresholds } from './expiry.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const inDays = (d: number, extraMs = 0) => new Date(NOW.getTime() + d * 86_400_000 + extraMs);

describe('daysUntilExpiry', () => {
  it.each([
    [inDays(30), 30],
    [inDays(30, -1), 29],
    [inDays(0, 3_600_000), 0],
    [inDays(0), 0],
    [inDays(0, -1), -1],
    [inDays(-3), -3],
  ])('%s -> %i', (validTo, expected) => {
    expect(daysUntilExpiry(validTo, NOW)).toBe(expected);
  });
});

describe('expiryThresholds', () => {
  it.each([
    [30, [30, 7, 1, 0]],
    [7, [7, 1, 0]],
    [1, [7, 1, 0]],
    [3, [7, 3, 1, 0]],
    [90, [90, 7, 1, 0]],
  ])('alert_days %i -> %j', (alert, expected) => {
    expect(expiryThresholds(alert)).toEqual(expected);
  });
});

describe('reachedThresholds', () => {
  it.each([
    [inDays(31), 30, []],
    [inDays(31, -1), 30, [30]],
    [inDays(30), 30, [30]],
    [inDays(8), 30, [30]],
    [inDays(7, 5000), 30, [30, 7]],
    [inDays(2), 30, [30, 7]],
    [inDays(1, 1000), 30, [30, 7, 1]],
    [inDays(0, 1000), 30, [30, 7, 1]],
    [inDays(0), 30, [30, 7, 1, 0]],
    [inDays(-10), 30, [30, 7, 1, 0]],
    [inDays(10), 7, []],
    [inDays(5), 3, [7]],
  ])('valid_to %s with alert_days %i reaches %j', (validTo, alert, expected) => {
    expect(reachedThresholds(validTo, NOW, alert)).toEqual(expected);
  });
});

describe('expiryNotice', () => {
  it('sends nothing when nothing new was reached', () => {
    expect(expiryNotice([])).toBeNull();
  });

  it('sends the most urgent newly reached threshold once', () => {
    expect(expiryNotice([30])).toEqual({ event: 'certificate.expiring', threshold: 30 });
    expect(expiryNotice([30, 7])).toEqual({ event: 'certificate.expiring', threshold: 7 });
    expect(expiryNotice([1])).toEqual({ event: 'certificate.expiring', threshold: 1 });
  });

  it('calls threshold 0 expired', () => {
    expect(expiryNotice([30, 7, 1, 0])).toEqual({ event: 'certificate.expired', threshold: 0 });
    expect(expiryNotice([0])).toEqual({ event: 'certificate.expired', threshold: 0 });
  });
});

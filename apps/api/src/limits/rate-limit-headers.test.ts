import { dailyQuotaBody, perMinuteRetryAfter, quotaHeaders } from './rate-limit-headers.js';
import type { QuotaDecision } from './account-quota.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const nowSec = now.getTime() / 1000;
const decision = (d: Partial<QuotaDecision>): QuotaDecision => ({
  outcome: 'allowed',
  minuteCount: 1,
  dailyCount: 1,
  oldestMs: now.getTime(),
  token: 't',
  ...d,
});

describe('quotaHeaders', () => {
  it('counts remaining after this request and resets now while some remain', () => {
    expect(quotaHeaders(decision({ minuteCount: 3, dailyCount: 40 }), { perMinute: 10, perDay: 1000 }, now)).toEqual({
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '7',
      'X-RateLimit-Reset': String(nowSec),
      'X-Daily-Limit': '1000',
      'X-Daily-Remaining': '960',
    });
  });

  it('resets when the oldest request leaves the window once none remain', () => {
    const h = quotaHeaders(decision({ minuteCount: 10, oldestMs: now.getTime() - 15_000 }), { perMinute: 10, perDay: 1000 }, now);
    expect(h['X-RateLimit-Remaining']).toBe('0');
    expect(h['X-RateLimit-Reset']).toBe(String(nowSec + 45));
  });

  it('uses the window reset on a rejected request too', () => {
    const h = quotaHeaders(decision({ outcome: 'per_minute', minuteCount: 10, oldestMs: now.getTime() - 59_500 }), { perMinute: 10, perDay: null }, now);
    expect(h['X-RateLimit-Reset']).toBe(String(nowSec + 1));
  });

  it('omits the daily pair for unlimited tiers and never goes below zero', () => {
    expect(quotaHeaders(decision({}), { perMinute: 10, perDay: null }, now)['X-Daily-Limit']).toBeUndefined();
    expect(quotaHeaders(decision({ dailyCount: 1200 }), { perMinute: 10, perDay: 1000 }, now)['X-Daily-Remaining']).toBe('0');
  });
});

describe('perMinuteRetryAfter', () => {
  it.each([
    [0, 60],
    [1, 60],
    [30_000, 30],
    [59_001, 1],
    [60_000, 1],
  ])('oldest %i ms ago -> %i s', (ago, expected) => {
    expect(perMinuteRetryAfter(decision({ oldestMs: now.getTime() - ago }), now)).toBe(expected);
  });
});

describe('dailyQuotaBody', () => {
  it('names the next midnight UTC with an offset', () => {
    expect(dailyQuotaBody(decision({ outcome: 'daily', dailyCount: 1000 }), 1000, new Date('2026-11-21T23:59:59.999Z'))).toEqual({
      error: 'Rate limit exceeded',
      rate_limit: 1000,
      requests_today: 1000,
      reset_at: '2026-11-22T00:00:00+00:00',
    });
  });
});

import { isoWithOffset, nextUtcMidnight } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import type { DailyQuotaExceededSchema } from '../http/error.schema.js';
import { QUOTA_WINDOW_MS, type QuotaDecision } from './account-quota.js';

export interface QuotaLimits {
  perMinute: number;
  perDay: number | null;
}

/**
 * The headers every authenticated response carries (decisions §2): remaining counts after this
 * request; X-RateLimit-Reset is the Unix time at which one more request is allowed (now while
 * any remain, else when the oldest request leaves the window). The daily pair is omitted for
 * unlimited tiers.
 */
export function quotaHeaders(d: QuotaDecision, limits: QuotaLimits, now: Date): Record<string, string> {
  const remaining = Math.max(0, limits.perMinute - d.minuteCount);
  const nextAllowedMs = remaining > 0 && d.outcome === 'allowed' ? now.getTime() : d.oldestMs + QUOTA_WINDOW_MS;
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(limits.perMinute),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.ceil(nextAllowedMs / 1000)),
  };
  if (limits.perDay !== null) {
    headers['X-Daily-Limit'] = String(limits.perDay);
    headers['X-Daily-Remaining'] = String(Math.max(0, limits.perDay - d.dailyCount));
  }
  return headers;
}

/** Seconds until the per-minute window admits one more request (at least 1). */
export function perMinuteRetryAfter(d: QuotaDecision, now: Date): number {
  return Math.max(1, Math.ceil((d.oldestMs + QUOTA_WINDOW_MS - now.getTime()) / 1000));
}

/** The daily-quota 429 body of the seed: reset_at is the next 00:00 UTC with an offset. */
export function dailyQuotaBody(d: QuotaDecision, perDay: number, now: Date): Static<typeof DailyQuotaExceededSchema> {
  return {
    error: 'Rate limit exceeded',
    rate_limit: perDay,
    requests_today: d.dailyCount,
    reset_at: isoWithOffset(nextUtcMidnight(now)),
  };
}

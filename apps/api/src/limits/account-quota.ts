import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { msUntilNextUtcMidnight, utcDay } from '@vigil/core';
import { usageKeys } from '../usage/usage-keys.js';

/**
 * Per-key requests/minute over a true 60 s sliding window (a sorted-set log) and per-account
 * requests/day (a counter that lives until the next 00:00 UTC), checked and counted in ONE
 * atomic script: either both count the request or neither does, so a request answered 429
 * counts nowhere, under any concurrency and across API replicas. The same script adds the
 * request to the account's pending usage (RequestUsage flushes it to daily_usage). rate-limiter-flexible only
 * has fixed windows and cannot make two counters conditional on each other.
 *
 * Returns {outcome, minuteCount, dailyCount, oldestMs}; outcome 1 = allowed, 0 = per-minute
 * limit, -1 = daily quota.
 */
const CONSUME = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local minuteLimit = tonumber(ARGV[3])
local dailyLimit = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local minuteCount = redis.call('ZCARD', KEYS[1])
local daily = tonumber(redis.call('GET', KEYS[2]) or '0')
local function oldest()
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if first[2] then return tonumber(first[2]) end
  return now
end
if dailyLimit >= 0 and daily >= dailyLimit then
  return {-1, minuteCount, daily, oldest()}
end
if minuteCount >= minuteLimit then
  return {0, minuteCount, daily, oldest()}
end
redis.call('ZADD', KEYS[1], now, ARGV[6])
redis.call('PEXPIRE', KEYS[1], window)
daily = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[5]))
redis.call('HINCRBY', KEYS[3], ARGV[7], 1)
return {1, minuteCount + 1, daily, oldest()}
`;

/** Takes a counted request back (its response turned out to be a 429 after all). */
const RELEASE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  local left = redis.call('DECR', KEYS[2])
  if left < 0 then redis.call('SET', KEYS[2], 0, 'KEEPTTL') end
  redis.call('HINCRBY', KEYS[3], ARGV[2], -1)
end
return 1
`;

const WINDOW_MS = 60_000;
/** The day counter outlives midnight by a minute (a request at 23:59:59.999 still finds it). */
const DAY_EXPIRY_MARGIN_MS = 60_000;

export interface QuotaRequest {
  accountId: number;
  apiKeyId: number;
  now: Date;
  perMinute: number;
  /** null = unlimited. */
  perDay: number | null;
}

export interface QuotaDecision {
  outcome: 'allowed' | 'per_minute' | 'daily';
  minuteCount: number;
  dailyCount: number;
  /** Score (ms) of the oldest request still in the minute window. */
  oldestMs: number;
  /** Pass to release() to take the request back. */
  token: string;
}

type RedisWithQuota = Redis & {
  vigilQuotaConsume(k1: string, k2: string, k3: string, ...args: (string | number)[]): Promise<number[]>;
  vigilQuotaRelease(k1: string, k2: string, k3: string, member: string, day: string): Promise<number>;
};

export class AccountQuota {
  private readonly redis: RedisWithQuota;
  private readonly namespace: string;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('vigilQuotaConsume' in redis)) {
      redis.defineCommand('vigilQuotaConsume', { numberOfKeys: 3, lua: CONSUME });
      redis.defineCommand('vigilQuotaRelease', { numberOfKeys: 3, lua: RELEASE });
    }
    this.redis = redis as RedisWithQuota;
    // Hash-tag by account so both keys of one account share a Redis Cluster slot.
    this.namespace = `${prefix.replace(/[{}]/g, '')}:quota`;
  }

  private keys(accountId: number, apiKeyId: number, day: string): [string, string, string] {
    return [
      `${this.namespace}:{a${accountId}}:m:${apiKeyId}`,
      `${this.namespace}:{a${accountId}}:d:${day}`,
      usageKeys(this.prefix, accountId).pending,
    ];
  }

  async consume(q: QuotaRequest): Promise<QuotaDecision> {
    const nowMs = q.now.getTime();
    const day = utcDay(q.now);
    const [minuteKey, dayKey, usageKey] = this.keys(q.accountId, q.apiKeyId, day);
    const member = `${nowMs}-${randomBytes(6).toString('hex')}`;
    const [outcome, minuteCount, dailyCount, oldestMs] = await this.redis.vigilQuotaConsume(
      minuteKey,
      dayKey,
      usageKey,
      nowMs,
      WINDOW_MS,
      q.perMinute,
      q.perDay ?? -1,
      msUntilNextUtcMidnight(q.now) + DAY_EXPIRY_MARGIN_MS,
      member,
      day,
    );
    return {
      outcome: outcome === 1 ? 'allowed' : outcome === 0 ? 'per_minute' : 'daily',
      minuteCount,
      dailyCount,
      oldestMs,
      token: `${q.accountId}|${q.apiKeyId}|${nowMs}|${member}`,
    };
  }

  async release(token: string): Promise<void> {
    const [accountId, apiKeyId, nowMs, member] = token.split('|');
    const day = utcDay(new Date(Number(nowMs)));
    const [minuteKey, dayKey, usageKey] = this.keys(Number(accountId), Number(apiKeyId), day);
    await this.redis.vigilQuotaRelease(minuteKey, dayKey, usageKey, member, day);
  }

  /** Requests counted today for an account (what /usage reports). */
  async dailyCount(accountId: number, now: Date): Promise<number> {
    const [, dayKey] = this.keys(accountId, 0, utcDay(now));
    return Number((await this.redis.get(dayKey)) ?? 0);
  }
}

export const QUOTA_WINDOW_MS = WINDOW_MS;

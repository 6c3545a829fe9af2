import { AUTH_STAMP_TTL_MS, accountKeyPrefix, authStampKey, msUntilNextUtcMidnight, newAuthStamp, pooledRandomBytes, utcDay, type RedisClient } from '@vigil/core';
import { TickBatch } from '../heartbeats/tick-batch.js';
import { usageKeys } from '../usage/usage-keys.js';
import { burstWindow, CONSUME_BURST_LUA } from './burst-counter.js';

/**
 * The one Redis call of an authenticated request (the admission script):
 * 1. the per-IP burst limit, when the burst middleware left it to this step (the fixed window of
 *    the clock's second on BurstCounter's key, so both paths share one counter);
 * 2. the account's auth stamp (see authStampKey in core): when it is not the one the caller's
 *    cached key lookup saw, nothing is counted and the current stamp is returned, so the caller
 *    reads the key again; an absent stamp is created (a Redis that lost its data invalidates
 *    every cached lookup);
 * 3. per-key requests/minute over a true 60 s sliding window (a sorted-set log) and per-account
 *    requests/day (a counter that lives until the next 00:00 UTC), checked and counted together:
 *    either both count the request or neither does, so a request answered 429 counts nowhere,
 *    under any concurrency and across API replicas. The same step adds the request to the
 *    account's pending usage (RequestUsage flushes it to daily_usage). rate-limiter-flexible
 *    only has fixed windows and cannot make two counters conditional on each other.
 *
 * KEYS: burst, stamp, minute log, day counter, pending usage.
 * ARGV: burst limit (-1 = not checked here), burst window (burstWindow), expected stamp ('' = only read the
 * stamp), stamp to create when absent, stamp ttl ms, now ms, window ms, minute limit, daily limit
 * (-1 = unlimited), day counter ttl ms, log member, day.
 * Returns {2, burstCount} (burst limit), {3, stamp} (stamp differs, or only read),
 * or {outcome, minuteCount, dailyCount, oldestMs}: outcome 1 = allowed, 0 = per-minute limit,
 * -1 = daily quota.
 */
const ADMIT_ONE = `${CONSUME_BURST_LUA}
local function admitOne(burstKey, stampKey, minuteKey, dayKey, usageKey, a)
  local burstLimit = tonumber(ARGV[a + 1])
  if burstLimit >= 0 then
    local consumed = consumeBurst(burstKey, ARGV[a + 2])
    if consumed > burstLimit then return {2, consumed} end
  end
  local stamp = redis.call('GET', stampKey)
  if not stamp then
    stamp = ARGV[a + 4]
    redis.call('SET', stampKey, stamp, 'PX', ARGV[a + 5])
  end
  if stamp ~= ARGV[a + 3] then return {3, stamp} end
  local now = tonumber(ARGV[a + 6])
  local window = tonumber(ARGV[a + 7])
  local minuteLimit = tonumber(ARGV[a + 8])
  local dailyLimit = tonumber(ARGV[a + 9])
  redis.call('ZREMRANGEBYSCORE', minuteKey, '-inf', now - window)
  local minuteCount = redis.call('ZCARD', minuteKey)
  local daily = tonumber(redis.call('GET', dayKey) or '0')
  local function oldest()
    local first = redis.call('ZRANGE', minuteKey, 0, 0, 'WITHSCORES')
    if first[2] then return tonumber(first[2]) end
    return now
  end
  if dailyLimit >= 0 and daily >= dailyLimit then
    return {-1, minuteCount, daily, oldest()}
  end
  if minuteCount >= minuteLimit then
    return {0, minuteCount, daily, oldest()}
  end
  redis.call('ZADD', minuteKey, now, ARGV[a + 11])
  redis.call('PEXPIRE', minuteKey, window)
  daily = redis.call('INCR', dayKey)
  redis.call('PEXPIRE', dayKey, tonumber(ARGV[a + 10]))
  redis.call('HINCRBY', usageKey, ARGV[a + 12], 1)
  return {1, minuteCount + 1, daily, oldest()}
end
`;
const ADMIT = `${ADMIT_ONE}
return admitOne(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], 0)
`;
/**
 * The admissions of one event-loop turn in one call: admission i (from 0) has KEYS[5i+1..5i+5]
 * and ARGV[12i+1..12i+12], the single script's keys and arguments, and they run one after the
 * other in that order, exactly as the same admissions sent one by one would (a script runs
 * atomically). Returns one reply of the single script per admission.
 */
const ADMIT_MANY = `${ADMIT_ONE}
local out = {}
for i = 0, #KEYS / 5 - 1 do
  local k = 5 * i
  out[i + 1] = admitOne(KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4], KEYS[k + 5], 12 * i)
end
return out
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
/** Admissions in one call of the looping script at most (each about a dozen Redis commands). */
export const ADMISSIONS_PER_CALL = 100;
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

/** What the admission script should check besides the quota. */
export interface AdmitRequest extends QuotaRequest {
  /** The client's burst counter (its Redis key) and limit, when this step checks it; else null. */
  burst: { key: string; limit: number } | null;
  /** The auth stamp the caller's key lookup was cached with; '' only reads the current one. */
  stamp: string;
}

export type Admission =
  | { kind: 'burst'; msBeforeNext: number }
  /** The account's current stamp: the cached lookup is out of date (or was not made yet). */
  | { kind: 'stale'; stamp: string }
  | { kind: 'quota'; decision: QuotaDecision };

type AdmitReply = (number | string)[];

/** One admission's five keys and twelve arguments, as the single script takes them. */
interface AdmitCall {
  keys: string[];
  args: (string | number)[];
}

type RedisWithQuota = RedisClient & {
  vigilQuotaAdmit(k1: string, k2: string, k3: string, k4: string, k5: string, ...args: (string | number)[]): Promise<AdmitReply>;
  vigilQuotaAdmitMany(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<AdmitReply[]>;
  vigilQuotaRelease(k1: string, k2: string, k3: string, member: string, day: string): Promise<number>;
};

/**
 * The admission script's Redis side. The admissions of one event-loop turn go in one call
 * (TickBatch, as BurstCounter's counts do): the script admits each in arrival order, exactly as
 * if each were sent alone, so every limit, the stamp check and the usage count are what they were
 * and still hold across API processes (the counters stay in Redis). Each admission's reply starts
 * after it was asked for. With `oneCallEach` (a Redis Cluster, where two accounts' keys sit in
 * different slots) each admission is its own call.
 */
export class AccountQuota {
  private readonly redis: RedisWithQuota;
  private readonly batch: TickBatch<AdmitCall, AdmitReply>;

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    private readonly options: { oneCallEach?: boolean } = {},
  ) {
    if (!('vigilQuotaAdmit' in redis)) {
      redis.defineCommand('vigilQuotaAdmit', { numberOfKeys: 5, lua: ADMIT });
      redis.defineCommand('vigilQuotaRelease', { numberOfKeys: 3, lua: RELEASE });
      redis.defineCommand('vigilQuotaAdmitMany', { lua: ADMIT_MANY });
    }
    this.redis = redis as RedisWithQuota;
    this.batch = new TickBatch((calls) => this.admitAll(calls));
  }

  /** In the account's hash slot, so the scripts' keys share a Redis Cluster slot. */
  private keys(accountId: number, apiKeyId: number, day: string): [string, string, string] {
    const namespace = quotaNamespace(this.prefix, accountId);
    return [
      `${namespace}:m:${apiKeyId}`,
      quotaDayKey(this.prefix, accountId, day),
      usageKeys(this.prefix, accountId).pending,
    ];
  }

  /** The burst limit (if asked), the auth stamp, then the quota: one round trip. */
  async admit(q: AdmitRequest): Promise<Admission> {
    const nowMs = q.now.getTime();
    const day = utcDay(q.now);
    const [minuteKey, dayKey, usageKey] = this.keys(q.accountId, q.apiKeyId, day);
    const member = `${nowMs}-${pooledRandomBytes(6).toString('hex')}`;
    const burst = burstWindow(q.now);
    const call: AdmitCall = {
      keys: [q.burst?.key ?? minuteKey, authStampKey(this.prefix, q.accountId), minuteKey, dayKey, usageKey],
      args: [
        q.burst?.limit ?? -1,
        burst.window,
        q.stamp,
        newAuthStamp(),
        AUTH_STAMP_TTL_MS,
        nowMs,
        WINDOW_MS,
        q.perMinute,
        q.perDay ?? -1,
        msUntilNextUtcMidnight(q.now) + DAY_EXPIRY_MARGIN_MS,
        member,
        day,
      ],
    };
    const reply = this.options.oneCallEach ? await this.admitAlone(call) : await this.batch.add(call);
    const [kind, a, b, c] = reply;
    if (kind === 2) return { kind: 'burst', msBeforeNext: burst.msBeforeNext };
    if (kind === 3) return { kind: 'stale', stamp: String(a) };
    return {
      kind: 'quota',
      decision: {
        outcome: kind === 1 ? 'allowed' : kind === 0 ? 'per_minute' : 'daily',
        minuteCount: Number(a),
        dailyCount: Number(b),
        oldestMs: Number(c),
        token: `${q.accountId}|${q.apiKeyId}|${nowMs}|${member}`,
      },
    };
  }

  private admitAlone(call: AdmitCall): Promise<AdmitReply> {
    const [k1, k2, k3, k4, k5] = call.keys;
    return this.redis.vigilQuotaAdmit(k1, k2, k3, k4, k5, ...call.args);
  }

  /**
   * A turn's admissions: one alone as before, more in calls of the looping script of at most
   * ADMISSIONS_PER_CALL each (a script blocks Redis while it runs: a crowd's turn must not hold
   * it for long), sent in order on one connection, so they run in arrival order.
   */
  private async admitAll(calls: AdmitCall[]): Promise<AdmitReply[]> {
    if (calls.length === 1) return [await this.admitAlone(calls[0])];
    const sent: Promise<AdmitReply[]>[] = [];
    for (let from = 0; from < calls.length; from += ADMISSIONS_PER_CALL) {
      const keys: string[] = [];
      const args: (string | number)[] = [];
      for (const call of calls.slice(from, from + ADMISSIONS_PER_CALL)) {
        keys.push(...call.keys);
        args.push(...call.args);
      }
      sent.push(this.redis.vigilQuotaAdmitMany(keys.length, ...keys, ...args));
    }
    return (await Promise.all(sent)).flat();
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

function quotaNamespace(prefix: string, accountId: number): string {
  return `${accountKeyPrefix(prefix, accountId)}:quota`;
}

/** The account's request counter of one UTC day. */
export function quotaDayKey(prefix: string, accountId: number, day: string): string {
  return `${quotaNamespace(prefix, accountId)}:d:${day}`;
}

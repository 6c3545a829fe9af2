import type { RedisClient } from '@vigil/core';
import { burstWindow, CONSUME_BURST_LUA } from './burst-counter.js';

/**
 * Lua: the pings of one event-loop turn in one call. First the ping-token stamp (KEYS[1]; created
 * from ARGV[1] when absent, so a Redis that lost its data invalidates every cached token), then
 * per ping i, in arrival order: its client's burst counter (KEYS[2i], BurstCounter's key and
 * window; burst limit -1 = counted elsewhere), and, unless the burst refused it, its token's
 * fixed window (KEYS[2i+1]: rate-limiter-flexible's key and script, so counts carry over from
 * FixedWindowLimiter; points -1 = not counted: the token is known spent, or the ping is refused
 * before its token is looked at).
 * ARGV: new stamp, window seconds, then per ping: burst limit, burst window, points.
 * Returns {stamp, then per ping: outcome, consumed, ttl ms}: outcome 2 = burst limit, 1 = the
 * token's window counted it (consumed includes it), 0 = nothing counted beyond the burst.
 */
const ADMIT = `${CONSUME_BURST_LUA}
local stamp = redis.call('GET', KEYS[1])
if not stamp then
  stamp = ARGV[1]
  redis.call('SET', KEYS[1], stamp)
end
local out = {stamp}
local n = (#KEYS - 1) / 2
for i = 1, n do
  local burstLimit = tonumber(ARGV[3 * i])
  local points = tonumber(ARGV[3 * i + 2])
  if burstLimit >= 0 and consumeBurst(KEYS[2 * i], ARGV[3 * i + 1]) > burstLimit then
    out[#out + 1] = 2
    out[#out + 1] = 0
    out[#out + 1] = 0
  elseif points < 0 then
    out[#out + 1] = 0
    out[#out + 1] = 0
    out[#out + 1] = 0
  else
    local key = KEYS[2 * i + 1]
    redis.call('SET', key, 0, 'EX', ARGV[2], 'NX')
    local consumed = redis.call('INCRBY', key, 1)
    local ttl = redis.call('PTTL', key)
    if ttl == -1 then
      redis.call('EXPIRE', key, ARGV[2])
      ttl = 1000 * ARGV[2]
    end
    out[#out + 1] = 1
    out[#out + 1] = consumed
    out[#out + 1] = ttl
  end
end
return out
`;

/** One ping's part of the call. */
export interface PingAdmit {
  /** The client's burst counter (BurstCounter's key) and limit, when this call counts it; else null. */
  burst: { key: string; limit: number } | null;
  /** The token's window key, or null when the token is not counted (known spent, or not a token). */
  tokenKey: string | null;
  /** The burst window's clock time. */
  now: Date;
}

export type PingAdmission =
  | { kind: 'burst'; msBeforeNext: number }
  /** The token's window counted it: `consumed` pings in it so far, `msBeforeNext` until it ends. */
  | { kind: 'counted'; consumed: number; msBeforeNext: number }
  /** Nothing counted beyond the burst (no token key given). */
  | { kind: 'passed' };

type RedisWithPings = RedisClient & { vigilPingAdmit(numberOfKeys: number, ...args: (string | number)[]): Promise<(string | number)[]> };

/**
 * The Redis side of the pings (see ADMIT): the burst limit the burst middleware left to the ping,
 * the token's per-minute window and the ping-token stamp, for every ping of a turn in one round trip.
 */
export class PingAdmissions {
  private readonly redis: RedisWithPings;

  constructor(
    redis: RedisClient,
    private readonly stampKey: string,
    private readonly windowSec: number,
  ) {
    if (!('vigilPingAdmit' in redis)) redis.defineCommand('vigilPingAdmit', { lua: ADMIT });
    this.redis = redis as RedisWithPings;
  }

  /** The pings' admissions, in order, and the stamp read before any of them was answered. */
  async admit(pings: readonly PingAdmit[], newStamp: string, points: number): Promise<{ stamp: string; admissions: PingAdmission[] }> {
    const keys: string[] = [this.stampKey];
    const args: (string | number)[] = [newStamp, this.windowSec];
    const windows = pings.map((p) => burstWindow(p.now));
    pings.forEach((p, i) => {
      // An unused key slot repeats the stamp's key (same slot; never touched for that ping).
      keys.push(p.burst?.key ?? this.stampKey, p.tokenKey ?? this.stampKey);
      args.push(p.burst?.limit ?? -1, windows[i].window, p.tokenKey === null ? -1 : points);
    });
    const reply = await this.redis.vigilPingAdmit(keys.length, ...keys, ...args);
    const admissions = pings.map((_, i): PingAdmission => {
      const outcome = Number(reply[1 + 3 * i]);
      if (outcome === 2) return { kind: 'burst', msBeforeNext: windows[i].msBeforeNext };
      if (outcome === 1) return { kind: 'counted', consumed: Number(reply[2 + 3 * i]), msBeforeNext: Number(reply[3 + 3 * i]) };
      return { kind: 'passed' };
    });
    return { stamp: String(reply[0]), admissions };
  }
}

import type { RedisClient } from '@vigil/core';
import { TickBatch } from '../heartbeats/tick-batch.js';

/** The burst limit's window: requests per second of the injected clock. */
export const BURST_WINDOW_MS = 1_000;
/**
 * How long an idle client's counter is kept (a relative expiry, on Redis's clock, renewed by each
 * request): far longer than a window, so the counter of a window never vanishes while requests
 * still arrive in it, however slow the host (or frozen the test clock). One key per client IP.
 */
const BURST_KEY_TTL_MS = 60_000;

/**
 * Lua: counts one request in window ARGV-given `window` of the hash at `key` ({w: window,
 * n: count}); a request of another window starts its count again. Returns the count including
 * this request. Shared by BurstCounter and the admission script (account-quota.ts).
 */
export const CONSUME_BURST_LUA = `
local function consumeBurst(key, window)
  if redis.call('HGET', key, 'w') ~= window then
    redis.call('HSET', key, 'w', window, 'n', 0)
  end
  local consumed = redis.call('HINCRBY', key, 'n', 1)
  redis.call('PEXPIRE', key, ${BURST_KEY_TTL_MS})
  return consumed
end
`;

/**
 * The fixed window `now` falls in (whole seconds of the clock, so every request of one clock
 * second counts in one window, whatever the host's speed) and the time until the next one.
 */
export function burstWindow(now: Date): { window: string; msBeforeNext: number } {
  const ms = now.getTime();
  const msIntoWindow = ((ms % BURST_WINDOW_MS) + BURST_WINDOW_MS) % BURST_WINDOW_MS;
  return { window: String(Math.floor(ms / BURST_WINDOW_MS)), msBeforeNext: BURST_WINDOW_MS - msIntoWindow };
}

/**
 * Lua: the burst counts of one event-loop turn in one call. Per key i (KEYS[i]; a key may repeat
 * when its requests fell in two windows): its window ARGV[2i-1] and the number of requests
 * ARGV[2i] counted at once, as consumeBurst counts one. Returns the count of each key including
 * its requests, in order. `stamped`: the last key is a stamp, set to the last argument when
 * absent, and its value follows the counts.
 */
function consumeBurstsLua(stamped: boolean): string {
  return `
local out = {}
local n = #KEYS${stamped ? ' - 1' : ''}
for i = 1, n do
  local key = KEYS[i]
  if redis.call('HGET', key, 'w') ~= ARGV[2 * i - 1] then
    redis.call('HSET', key, 'w', ARGV[2 * i - 1], 'n', 0)
  end
  out[i] = redis.call('HINCRBY', key, 'n', tonumber(ARGV[2 * i]))
  redis.call('PEXPIRE', key, ${BURST_KEY_TTL_MS})
end
${stamped ? "redis.call('SET', KEYS[#KEYS], ARGV[#ARGV], 'NX')\nout[n + 1] = redis.call('GET', KEYS[#KEYS])" : ''}
return out
`;
}

type RedisWithBurst = RedisClient & {
  vigilBurstConsumeMany(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
  vigilBurstConsumeManyStamped(numberOfKeys: number, ...args: (string | number)[]): Promise<(number | string)[]>;
};

/** A stamp read in each call (after the counts): its key, and a new value for it when absent. */
export interface BurstStamp {
  key: string;
  fresh: () => string;
}

interface BurstAsk {
  key: string;
  limit: number;
  now: Date;
}

/** The requests of one turn that count on one key in one window: their number, and each one's place among them. */
interface Group {
  key: string;
  window: string;
  size: number;
}

/**
 * The per-IP burst counter on its own (the admission script counts it on the same key). The
 * requests of one event-loop turn are counted together (TickBatch): one Redis call for all of
 * them, each key counted once by the number of its requests; a request's count is the key's count
 * before the call plus its place in arrival order, so each is allowed or refused exactly as if it
 * had been counted alone, in every process sharing the Redis. With `oneKeyPerCall` (a Redis
 * Cluster, where keys under a prefix without a hash tag may sit in different slots) each key of a
 * turn is its own call. With a `stamp` (not on a Cluster: it would be in another slot) the same
 * call reads it, and each count answers the stamp its call read.
 */
export class BurstCounter {
  private readonly redis: RedisWithBurst;
  private readonly batch: TickBatch<BurstAsk, { consumed: number; stamp: string | null }>;

  constructor(redis: RedisClient, oneKeyPerCall = false, stamp?: BurstStamp) {
    if (!('vigilBurstConsumeMany' in redis)) redis.defineCommand('vigilBurstConsumeMany', { lua: consumeBurstsLua(false) });
    if (!('vigilBurstConsumeManyStamped' in redis)) redis.defineCommand('vigilBurstConsumeManyStamped', { lua: consumeBurstsLua(true) });
    this.redis = redis as RedisWithBurst;
    const stamped = oneKeyPerCall ? undefined : stamp;
    this.batch = new TickBatch((asks) => this.countAll(asks, oneKeyPerCall, stamped));
  }

  /** Counts a request at `now` against `limit` per window; `stamp` is the stamp's value when the counter reads one, else null. */
  async consume(key: string, limit: number, now: Date): Promise<{ allowed: boolean; msBeforeNext: number; stamp: string | null }> {
    const { consumed, stamp } = await this.batch.add({ key, limit, now });
    return { allowed: consumed <= limit, msBeforeNext: burstWindow(now).msBeforeNext, stamp };
  }

  /** Each ask's count including itself, in order, with the stamp read. */
  private async countAll(asks: BurstAsk[], oneKeyPerCall: boolean, stamp: BurstStamp | undefined): Promise<{ consumed: number; stamp: string | null }[]> {
    const groups = new Map<string, Group>();
    const places = asks.map((ask) => {
      const window = burstWindow(ask.now).window;
      const id = `${window} ${ask.key}`;
      const group = groups.get(id) ?? { key: ask.key, window, size: 0 };
      groups.set(id, group);
      group.size++;
      return { group, place: group.size };
    });
    const list = [...groups.values()];
    const keysOf = (part: Group[]) => part.map((g) => g.key);
    const argvOf = (part: Group[]) => part.flatMap((g) => [g.window, g.size]);
    let totals: (number | string)[];
    let read: string | null = null;
    if (stamp) {
      totals = await this.redis.vigilBurstConsumeManyStamped(list.length + 1, ...keysOf(list), stamp.key, ...argvOf(list), stamp.fresh());
      read = String(totals[list.length]);
    } else {
      const call = (part: Group[]) => this.redis.vigilBurstConsumeMany(part.length, ...keysOf(part), ...argvOf(part));
      totals = oneKeyPerCall ? (await Promise.all(list.map((g) => call([g])))).flat() : await call(list);
    }
    const totalOf = new Map(list.map((g, i) => [g, Number(totals[i])]));
    return places.map(({ group, place }) => ({ consumed: (totalOf.get(group) ?? 0) - group.size + place, stamp: read }));
  }
}

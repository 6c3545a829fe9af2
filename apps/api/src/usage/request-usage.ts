import { applyUsageBatches, chunksOf, flushedUsage, scanKeys, type Context, type RedisClient, type UsageBatch } from '@vigil/core';
import { accountOfLegacyUsageKey, accountOfUsageKey, legacyUsageKeyPattern, legacyUsageKeys, usageKeyPattern, usageKeys, type UsageKeys } from './usage-keys.js';
import { SerialFlusher } from './serial-flusher.js';

/**
 * Takes an account's pending counts as a batch: renames pending to inflight under a new sequence
 * number (above the last one and above Redis's clock in µs, so it stays increasing even after
 * Redis lost the seq key). An inflight batch left by a flush that did not finish is returned
 * again, under its own number (a new one if the seq key was lost), instead of taking a new one.
 * Returns {seq, inflight hash as [field, value, ...], 1 if that was a retry}; seq 0 when there
 * is nothing to flush.
 */
const TAKE = `
local function nextSeq()
  local t = redis.call('TIME')
  local seq = math.max(tonumber(redis.call('GET', KEYS[3]) or '0') + 1, tonumber(t[1]) * 1000000 + tonumber(t[2]))
  local text = string.format('%.0f', seq)
  redis.call('SET', KEYS[3], text)
  return text
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {redis.call('GET', KEYS[3]) or nextSeq(), redis.call('HGETALL', KEYS[2]), 1}
end
if redis.call('EXISTS', KEYS[1]) == 0 then return {'0', {}, 0} end
local text = nextSeq()
redis.call('RENAME', KEYS[1], KEYS[2])
return {text, redis.call('HGETALL', KEYS[2]), 0}
`;

/** Drops the inflight batch once daily_usage has it (unless another flush has taken a newer one). */
const FINISH = `
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/** One consistent view of what Redis holds for an account: {seq, pending, inflight}. */
const READ = `
return {redis.call('GET', KEYS[3]) or '0', redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[2])}
`;

type RedisWithUsage = RedisClient & {
  vigilUsageTake(pending: string, inflight: string, seq: string): Promise<[string, string[], number]>;
  vigilUsageFinish(inflight: string, seq: string, batch: string): Promise<number>;
  vigilUsageRead(pending: string, inflight: string, seq: string): Promise<[string, string[], string[]]>;
};

/** Flattened HGETALL (day, count, day, count, ...) to a map. */
function dayCounts(flat: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < flat.length; i += 2) out.set(flat[i], Number(flat[i + 1]));
  return out;
}

function addInto(target: Map<string, number>, more: Map<string, number>): void {
  for (const [day, n] of more) target.set(day, (target.get(day) ?? 0) + n);
}

const ACCOUNTS_PER_STATEMENT = 1000;
/** A read that raced a whole flush of the same account (rare) looks again this often. */
const READ_ATTEMPTS = 5;

/**
 * API request usage per account and UTC day. The quota script counts each request in Redis (no
 * database write on the request path); this flusher moves those counts into daily_usage in
 * batches, every `usageFlushMs` and on a clean stop. Reads add what is still in Redis, so they
 * are exact at any moment. A crash of an API process loses nothing (the counts live in Redis and
 * a batch half-flushed is retried under its sequence number); losing Redis loses at most the
 * counts of one flush interval.
 */
export class RequestUsage {
  private readonly redis: RedisWithUsage;
  /** Accounts with counts this process added since its last flush. */
  private dirty = new Set<number>();
  private readonly flusher: SerialFlusher;

  constructor(private readonly ctx: Context) {
    const redis = ctx.redis;
    if (!('vigilUsageTake' in redis)) {
      redis.defineCommand('vigilUsageTake', { numberOfKeys: 3, lua: TAKE });
      redis.defineCommand('vigilUsageFinish', { numberOfKeys: 2, lua: FINISH });
      redis.defineCommand('vigilUsageRead', { numberOfKeys: 3, lua: READ });
    }
    this.redis = redis as RedisWithUsage;
    this.flusher = new SerialFlusher({
      everyMs: ctx.config.usageFlushMs,
      flushOnce: () => this.flushOnce(),
      onError: (e) => ctx.logger.warn('usage flush failed; will retry', { error: e.message }),
    });
  }

  /** Called after the quota script counted (or took back) a request of the account. */
  touched(accountId: number): void {
    this.dirty.add(accountId);
  }

  /**
   * Flushes periodically; first writes what an earlier release left under its old key names, then
   * picks up counts a crashed process left in Redis.
   */
  start(): void {
    // The first flush waits for these (flushes run one after another).
    this.flusher.start(() =>
      this.flushLegacy()
        .then(() => this.recoverOrphans())
        .catch((e: Error) => {
          this.ctx.logger.warn('could not look for unflushed usage', { error: e.message });
        }),
    );
  }

  /** Stops the timer and flushes what is left. */
  stop(): Promise<void> {
    return this.flusher.stop();
  }

  /** Writes every touched account's counts to daily_usage; one flush at a time. */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  private async flushOnce(): Promise<void> {
    const accounts = [...this.dirty];
    this.dirty = new Set();
    const chunks = chunksOf(accounts, ACCOUNTS_PER_STATEMENT);
    for (const [k, chunk] of chunks.entries()) {
      try {
        await this.flushAccounts(chunk, (id) => usageKeys(this.ctx.config.redisPrefix, id));
      } catch (e) {
        // Still in Redis (pending or inflight): the next flush retries them.
        for (const id of chunks.slice(k).flat()) this.dirty.add(id);
        throw e;
      }
    }
  }

  /** Flushes the accounts' keys (`keysOf`); how many batches it wrote. */
  private async flushAccounts(accountIds: number[], keysOf: (accountId: number) => UsageKeys): Promise<number> {
    const batches: UsageBatch[] = [];
    await Promise.all(
      accountIds.map(async (accountId) => {
        const k = keysOf(accountId);
        const [seq, flat, retry] = await this.redis.vigilUsageTake(k.pending, k.inflight, k.seq);
        if (seq !== '0' && flat.length) batches.push({ accountId, seq, days: dayCounts(flat) });
        // What was counted since that unfinished batch goes in the next flush.
        if (retry) this.dirty.add(accountId);
      }),
    );
    if (!batches.length) return 0;
    await applyUsageBatches(this.ctx.db, batches);
    await Promise.all(
      batches.map((b) => {
        const k = keysOf(b.accountId);
        return this.redis.vigilUsageFinish(k.inflight, k.seq, b.seq);
      }),
    );
    return batches.length;
  }

  /**
   * Writes the counts an earlier release left under its key names (the prefix without its
   * braces): each account's unfinished batch under its own sequence number, then its pending
   * counts, before this process takes any batch under the new names (whose sequence numbers,
   * taken later from Redis's clock, are higher). Then drops the old sequence keys.
   */
  private async flushLegacy(): Promise<void> {
    const prefix = this.ctx.config.redisPrefix;
    const accounts = new Set<number>();
    await scanKeys(this.ctx.redis, legacyUsageKeyPattern(prefix), (keys) => {
      for (const key of keys) {
        const accountId = accountOfLegacyUsageKey(key);
        if (accountId !== null) accounts.add(accountId);
      }
    });
    const ids = [...accounts];
    for (const chunk of chunksOf(ids, ACCOUNTS_PER_STATEMENT)) {
      // An inflight batch first, then what was pending: at most two rounds.
      while ((await this.flushAccounts(chunk, (id) => legacyUsageKeys(prefix, id))) > 0);
      await this.ctx.redis.del(...chunk.map((id) => legacyUsageKeys(prefix, id).seq));
    }
    if (ids.length) this.ctx.logger.info('usage left under the old key names flushed', { accounts: ids.length });
  }

  /** Accounts whose counts a process that crashed (or stopped uncleanly) left in Redis. */
  private async recoverOrphans(): Promise<void> {
    const prefix = this.ctx.config.redisPrefix;
    await scanKeys(this.ctx.redis, usageKeyPattern(prefix), (keys) => {
      for (const key of keys) {
        const accountId = accountOfUsageKey(prefix, key);
        if (accountId !== null) this.dirty.add(accountId);
      }
    });
  }

  /**
   * Requests of the account per UTC day in [fromDay, toDay] (YYYY-MM-DD), flushed or not. Redis
   * is read first, then daily_usage with the account's flushed sequence in the same snapshot:
   * an inflight batch counts only if daily_usage does not have it yet, and a read that a whole
   * later flush overtook (daily_usage ahead of what Redis showed) looks again.
   */
  async requestsByDay(accountId: number, fromDay: string, toDay: string): Promise<Map<string, number>> {
    const k = usageKeys(this.ctx.config.redisPrefix, accountId);
    for (let attempt = 1; ; attempt++) {
      const [seqText, pendingFlat, inflightFlat] = await this.redis.vigilUsageRead(k.pending, k.inflight, k.seq);
      const stored = await flushedUsage(this.ctx.db, accountId, fromDay, toDay);
      const seq = BigInt(seqText);
      const flushed = BigInt(stored.flushedSeq);
      if (seq > 0n && flushed > seq && attempt < READ_ATTEMPTS) continue;
      const result = stored.days;
      addInto(result, dayCounts(pendingFlat));
      if (flushed < seq) addInto(result, dayCounts(inflightFlat));
      for (const day of result.keys()) if (day < fromDay || day > toDay) result.delete(day);
      return result;
    }
  }

  /** Total requests of the account over [fromDay, toDay]. */
  async requestsBetween(accountId: number, fromDay: string, toDay: string): Promise<number> {
    let total = 0;
    for (const n of (await this.requestsByDay(accountId, fromDay, toDay)).values()) total += n;
    return total;
  }
}

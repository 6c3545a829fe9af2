import { randomBytes } from 'node:crypto';
import { applyKeyUses, recordAudit, recordKeySightings, taggedPrefix, type ApiKey, type Context, type RedisClient } from '@vigil/core';
import { SerialFlusher } from '../usage/serial-flusher.js';

/**
 * Key use (last_used_at, last_used_ip) without a database write per request (decisions: "Audit
 * log", key use): each request sets its key's field in a Redis hash (time|ip, the newest wins)
 * and, the first time in a flush interval a key is seen from an IP, a field key|ip in a second
 * hash; every VIGIL_USAGE_FLUSH_MS a flusher moves both to PostgreSQL. Key answers add what is
 * still in Redis, so they are current whatever the interval.
 */
interface KeyUseKeys {
  used: string;
  ips: string;
  usedInflight: string;
  ipsInflight: string;
}

/** All four in one hash slot (their own tag), so the scripts work on Redis Cluster. */
export function keyUseKeys(prefix: string): KeyUseKeys {
  const base = `${taggedPrefix(prefix, 'key-use')}:`;
  return { used: `${base}used`, ips: `${base}ips`, usedInflight: `${base}used:flushing`, ipsInflight: `${base}ips:flushing` };
}

/** Sets the key's last use unless Redis holds a newer one; notes key|ip once per interval. */
const TOUCH = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current or tonumber(string.match(current, '^(%d+)')) < tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '|' .. ARGV[3])
end
redis.call('HSETNX', KEYS[2], ARGV[1] .. '|' .. ARGV[3], ARGV[2])
return 1
`;

/**
 * Takes what is pending as the batch to flush, tagged with ARGV[1]; a batch a flush left
 * behind (crash, error) is taken again as it is. Returns {tag, used, ips} (flattened hashes).
 */
const TAKE = `
if redis.call('EXISTS', KEYS[3]) == 0 and redis.call('EXISTS', KEYS[4]) == 0 then
  if redis.call('EXISTS', KEYS[1]) == 0 and redis.call('EXISTS', KEYS[2]) == 0 then return {'', {}, {}} end
  if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('RENAME', KEYS[1], KEYS[3]) end
  if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('RENAME', KEYS[2], KEYS[4]) end
  redis.call('HSET', KEYS[3], '_batch', ARGV[1])
end
return {redis.call('HGET', KEYS[3], '_batch') or '', redis.call('HGETALL', KEYS[3]), redis.call('HGETALL', KEYS[4])}
`;

/** Drops the batch once PostgreSQL has it, unless it is no longer the one this flush took. */
const FINISH = `
if redis.call('HGET', KEYS[1], '_batch') == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end
return 1
`;

/** The pending and the inflight value of each key id. */
const READ = `
local out = {}
for i, id in ipairs(ARGV) do
  out[i] = {redis.call('HGET', KEYS[1], id) or '', redis.call('HGET', KEYS[2], id) or ''}
end
return out
`;

type RedisWithKeyUse = RedisClient & {
  vigilKeyUseTouch(used: string, ips: string, keyId: number, atMs: number, ip: string): Promise<number>;
  vigilKeyUseTake(used: string, ips: string, usedInflight: string, ipsInflight: string, batch: string): Promise<[string, string[], string[]]>;
  vigilKeyUseFinish(usedInflight: string, ipsInflight: string, batch: string): Promise<number>;
  vigilKeyUseRead(used: string, usedInflight: string, ...keyIds: number[]): Promise<[string, string][]>;
};

function withScripts(redis: RedisClient): RedisWithKeyUse {
  if (!('vigilKeyUseTouch' in redis)) {
    redis.defineCommand('vigilKeyUseTouch', { numberOfKeys: 2, lua: TOUCH });
    redis.defineCommand('vigilKeyUseTake', { numberOfKeys: 4, lua: TAKE });
    redis.defineCommand('vigilKeyUseFinish', { numberOfKeys: 2, lua: FINISH });
    redis.defineCommand('vigilKeyUseRead', { numberOfKeys: 2, lua: READ });
  }
  return redis as RedisWithKeyUse;
}

/** A key's same-IP uses closer than this are one use (per process): not a Redis call per request. */
const SAME_USE_MS = 1_000;

/** Records a use of the key (its cached entity keeps it too, for the throttle). */
export async function recordKeyUse(ctx: Context, apiKey: ApiKey, now: Date, ip: string): Promise<void> {
  if (apiKey.lastUsedIp === ip && apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < SAME_USE_MS) return;
  apiKey.lastUsedAt = now;
  apiKey.lastUsedIp = ip;
  const k = keyUseKeys(ctx.config.redisPrefix);
  await withScripts(ctx.redis).vigilKeyUseTouch(k.used, k.ips, apiKey.id, now.getTime(), ip);
}

function parseUse(value: string): { at: Date; ip: string } | null {
  const m = /^(\d+)\|(.*)$/.exec(value);
  return m ? { at: new Date(Number(m[1])), ip: m[2] } : null;
}

/** Key answers with the uses still in Redis: each key's newest of PostgreSQL's and Redis's. */
export async function withPendingUse<K extends Pick<ApiKey, 'id' | 'lastUsedAt' | 'lastUsedIp'>>(ctx: Context, keys: K[]): Promise<K[]> {
  if (!keys.length) return keys;
  const k = keyUseKeys(ctx.config.redisPrefix);
  const pending = await withScripts(ctx.redis).vigilKeyUseRead(k.used, k.usedInflight, ...keys.map((key) => key.id));
  return keys.map((key, i) => {
    const newest = pending[i]
      .map(parseUse)
      .reduce<{ at: Date; ip: string } | null>((a, b) => (b && (!a || b.at > a.at) ? b : a), null);
    return newest && (!key.lastUsedAt || newest.at > key.lastUsedAt) ? { ...key, lastUsedAt: newest.at, lastUsedIp: newest.ip } : key;
  });
}

/** Flattened HGETALL to field/value pairs, the batch tag left out. */
function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) if (flat[i] !== '_batch') out.push([flat[i], flat[i + 1]]);
  return out;
}

/**
 * Moves key use from Redis to PostgreSQL every `usageFlushMs` (and on a clean stop), one flush
 * at a time. A batch is written in one transaction and dropped from Redis after it commits; a
 * batch written twice (a crash in between, two API processes) changes nothing the second time:
 * older uses do not overwrite newer ones and a known IP is not new again.
 */
export class KeyUseFlusher {
  private readonly flusher: SerialFlusher;

  constructor(private readonly ctx: Context) {
    this.flusher = new SerialFlusher({
      everyMs: ctx.config.usageFlushMs,
      flushOnce: () => this.flushOnce(),
      onError: (e) => ctx.logger.warn('key use flush failed; will retry', { error: e.message }),
    });
  }

  start(): void {
    this.flusher.start();
  }

  stop(): Promise<void> {
    return this.flusher.stop();
  }

  flush(): Promise<void> {
    return this.flusher.flush();
  }

  private async flushOnce(): Promise<void> {
    const k = keyUseKeys(this.ctx.config.redisPrefix);
    const redis = withScripts(this.ctx.redis);
    const [batch, usedFlat, ipsFlat] = await redis.vigilKeyUseTake(k.used, k.ips, k.usedInflight, k.ipsInflight, randomBytes(8).toString('hex'));
    const used = pairs(usedFlat).flatMap(([id, value]) => {
      const use = parseUse(value);
      return use && /^\d+$/.test(id) ? [{ id: Number(id), ...use }] : [];
    });
    const ips = pairs(ipsFlat).flatMap(([field, ms]) => {
      const m = /^(\d+)\|(.*)$/.exec(field);
      return m ? [{ id: Number(m[1]), ip: m[2], at: new Date(Number(ms)) }] : [];
    });
    if (used.length || ips.length) {
      await this.ctx.db.transaction(async (m) => {
        // Newer uses to api_keys; first sightings of (key, ip) to api_key_ips, with their audit entries.
        await applyKeyUses(m, used);
        const fresh = await recordKeySightings(m, ips);
        for (const f of fresh) {
          const actor = { accountId: f.account_id, keyId: f.key_id, keyName: f.name, ip: f.ip, now: () => f.first_seen_at };
          await recordAudit(m, actor, [{ resource: 'api_key', id: f.key_id, action: 'use_from_new_ip', after: { ip: f.ip } }]);
        }
      });
    }
    if (batch) await redis.vigilKeyUseFinish(k.usedInflight, k.ipsInflight, batch);
  }
}

import type { RedisClient } from '../queue/redis-client.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';

/** How often a checker reports that it is alive, and how long one report keeps it counted. */
export const HEARTBEAT_EVERY_MS = 5_000;
export const HEARTBEAT_TTL_MS = 15_000;

/** One region as GET /regions shows it. */
export interface RegionLiveness {
  name: string;
  /** Checkers whose last heartbeat has not expired. */
  liveCheckers: number;
  /** The newest heartbeat ever received from the region (its checker's clock), or null. */
  lastHeartbeatAt: string | null;
}

const CHECKERS = ':checkers';
const CHECKER = ':checker:';
const LAST_HEARTBEAT = ':last-heartbeat';
const regionsKey = (prefix: string) => `${prefix}:regions`;
const regionKeyBase = (prefix: string) => `${prefix}:region:`;
const instancesKey = (prefix: string, region: string) => regionKeyBase(prefix) + region + CHECKERS;
const instanceKey = (prefix: string, region: string, instance: string) => regionKeyBase(prefix) + region + CHECKER + instance;
const lastKey = (prefix: string, region: string) => regionKeyBase(prefix) + region + LAST_HEARTBEAT;

/**
 * Records that checker `instance` of `region` is alive. Liveness is a key with a relative TTL
 * (Redis's own clock decides expiry, no clock comparison between hosts); the region joins the
 * set of regions ever seen; its newest heartbeat time is kept without expiry. Every key carries
 * the (hash-tagged) prefix, so the pipeline stays in one Redis Cluster slot.
 */
export async function recordHeartbeat(redis: RedisClient, prefix: string, region: string, instance: string, at: Date, ttlMs = HEARTBEAT_TTL_MS): Promise<void> {
  pipelineReplies(
    await redis
      .multi()
      .set(instanceKey(prefix, region, instance), at.toISOString(), 'PX', ttlMs)
      .sadd(instancesKey(prefix, region), instance)
      .sadd(regionsKey(prefix), region)
      .set(lastKey(prefix, region), at.toISOString())
      .exec(),
  );
}

/** A checker that stops cleanly leaves at once rather than after its TTL. */
export async function removeHeartbeat(redis: RedisClient, prefix: string, region: string, instance: string): Promise<void> {
  pipelineReplies(await redis.multi().del(instanceKey(prefix, region, instance)).srem(instancesKey(prefix, region), instance).exec());
}

/**
 * KEYS[1]: the set of regions ever seen. ARGV[1]: the region key base (`<prefix>:region:`),
 * ARGV[2..4]: the suffixes of a region's checkers set, of one checker's liveness key (the
 * instance follows) and of its last heartbeat; ARGV[5..]: the configured regions. Every key
 * shares the prefix's hash tag (one Cluster slot). Returns [name, live checkers, last heartbeat
 * or nil, ...] for every configured or seen region, and drops expired checkers from their sets.
 */
const LIVENESS = `
local base, checkers, checker, last = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local names, known = {}, {}
local function add(name)
  if not known[name] then
    known[name] = true
    names[#names + 1] = name
  end
end
for i = 5, #ARGV do add(ARGV[i]) end
for _, name in ipairs(redis.call('SMEMBERS', KEYS[1])) do add(name) end
local out = {}
for _, name in ipairs(names) do
  local setKey = base .. name .. checkers
  local live = 0
  for _, instance in ipairs(redis.call('SMEMBERS', setKey)) do
    if redis.call('EXISTS', base .. name .. checker .. instance) == 1 then
      live = live + 1
    else
      redis.call('SREM', setKey, instance)
    end
  end
  out[#out + 1] = name
  out[#out + 1] = live
  out[#out + 1] = redis.call('GET', base .. name .. last)
end
return out`;

type RedisWithLiveness = RedisClient & { vigilRegionLiveness(regionsKey: string, ...args: string[]): Promise<(string | number | null)[]> };

/**
 * Every region ever seen, plus `configured` ones, by name, with live checkers and last heartbeat:
 * one script call whatever the number of regions (issue 35: it was three round trips per region,
 * then three in all, one a pipeline, which ioredis builds by copying every script the client
 * defines, BullMQ's included). Checkers whose key expired leave their region's set.
 */
export async function regionLiveness(redis: RedisClient, prefix: string, configured: readonly string[] = []): Promise<RegionLiveness[]> {
  if (!('vigilRegionLiveness' in redis)) redis.defineCommand('vigilRegionLiveness', { numberOfKeys: 1, lua: LIVENESS });
  const flat = await (redis as RedisWithLiveness).vigilRegionLiveness(regionsKey(prefix), regionKeyBase(prefix), CHECKERS, CHECKER, LAST_HEARTBEAT, ...configured);
  const out: RegionLiveness[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const last = flat[i + 2];
    out.push({ name: String(flat[i]), liveCheckers: Number(flat[i + 1]), lastHeartbeatAt: last === null ? null : String(last) });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The regions ever seen (what counts as known besides the configured ones). */
export function seenRegions(redis: RedisClient, prefix: string): Promise<string[]> {
  return redis.smembers(regionsKey(prefix));
}

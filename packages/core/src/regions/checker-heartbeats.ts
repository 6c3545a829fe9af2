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

const regionsKey = (prefix: string) => `${prefix}:regions`;
const instancesKey = (prefix: string, region: string) => `${prefix}:region:${region}:checkers`;
const instanceKey = (prefix: string, region: string, instance: string) => `${prefix}:region:${region}:checker:${instance}`;
const lastKey = (prefix: string, region: string) => `${prefix}:region:${region}:last-heartbeat`;

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

/** Every region ever seen, plus `configured` ones, by name, with live checkers and last heartbeat. */
export async function regionLiveness(redis: RedisClient, prefix: string, configured: readonly string[] = []): Promise<RegionLiveness[]> {
  const seen = await redis.smembers(regionsKey(prefix));
  const names = [...new Set([...configured, ...seen])].sort();
  const out: RegionLiveness[] = [];
  for (const name of names) {
    const instances = await redis.smembers(instancesKey(prefix, name));
    const alive = instances.length ? await redis.mget(...instances.map((i) => instanceKey(prefix, name, i))) : [];
    const gone = instances.filter((_, k) => alive[k] === null);
    if (gone.length) await redis.srem(instancesKey(prefix, name), ...gone);
    out.push({ name, liveCheckers: instances.length - gone.length, lastHeartbeatAt: await redis.get(lastKey(prefix, name)) });
  }
  return out;
}

/** The regions ever seen (what counts as known besides the configured ones). */
export function seenRegions(redis: RedisClient, prefix: string): Promise<string[]> {
  return redis.smembers(regionsKey(prefix));
}

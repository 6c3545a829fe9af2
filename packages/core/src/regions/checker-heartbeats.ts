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

/**
 * Every region ever seen, plus `configured` ones, by name, with live checkers and last heartbeat.
 * Three round trips whatever the number of regions (issue 35: it was three per region): the
 * set of regions; each region's checkers and last heartbeat in one pipeline; every checker's
 * liveness key in one MGET. Checkers whose key expired leave their region's set.
 */
export async function regionLiveness(redis: RedisClient, prefix: string, configured: readonly string[] = []): Promise<RegionLiveness[]> {
  const seen = await redis.smembers(regionsKey(prefix));
  const names = [...new Set([...configured, ...seen])].sort();
  if (!names.length) return [];
  const pipe = redis.pipeline();
  for (const name of names) pipe.smembers(instancesKey(prefix, name)).get(lastKey(prefix, name));
  const replies = pipelineReplies(await pipe.exec());
  const instancesOf = names.map((_, i) => replies[2 * i][1] as string[]);
  const keys = names.flatMap((name, i) => instancesOf[i].map((instance) => instanceKey(prefix, name, instance)));
  const alive = keys.length ? await redis.mget(...keys) : [];
  const out: RegionLiveness[] = [];
  let k = 0;
  for (const [i, name] of names.entries()) {
    const instances = instancesOf[i];
    const gone = instances.filter((_, j) => alive[k + j] === null);
    k += instances.length;
    if (gone.length) await redis.srem(instancesKey(prefix, name), ...gone);
    out.push({ name, liveCheckers: instances.length - gone.length, lastHeartbeatAt: replies[2 * i + 1][1] as string | null });
  }
  return out;
}

/** The regions ever seen (what counts as known besides the configured ones). */
export function seenRegions(redis: RedisClient, prefix: string): Promise<string[]> {
  return redis.smembers(regionsKey(prefix));
}

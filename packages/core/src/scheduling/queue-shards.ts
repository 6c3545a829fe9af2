import { taggedPrefix } from '../queue/redis-keys.js';
import type { IntervalBucket } from './interval-buckets.js';

/**
 * The check queue of a region is split over VIGIL_QUEUE_SHARDS shards, each a BullMQ queue of the
 * same name under a prefix of its own hash tag, so a Redis Cluster can put each on another node:
 * shard 0 is the prefix itself (`{vigil}`, the layout of a single queue), shard s > 0 extends its
 * tag (`{vigil:1}`). An interval bucket (its members, its scheduler, its runs) lives on one shard,
 * by its slot; one-off checks go to shard 0. A checker consumes every shard of its region.
 */
export function shardOfBucket(b: IntervalBucket, shards: number): number {
  return b.slot % shards;
}

/** The BullMQ prefix of a shard of the check queues. */
export function shardPrefix(prefix: string, shard: number): string {
  return shard === 0 ? prefix : taggedPrefix(prefix, String(shard));
}

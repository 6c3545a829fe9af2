import type { Queue } from 'bullmq';
import type { RedisClient } from '../queue/redis-client.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';
import { chunksOf } from '../runtime/chunks-of.js';
import { runInLanes } from '../runtime/limiter.js';
import type { BucketPlan } from './bucket-plan.js';
import { bucketIndexKey, bucketMembersKey, bucketOfSchedulerId, bucketSchedulerId, upsertBucketScheduler, type BucketKind, type IntervalBucket } from './interval-buckets.js';
import { readQueueSchedules, type FoundSchedule } from './periodic-schedules.js';

// The Redis side of the interval buckets for the reconcilers: read the buckets, apply a plan.

const REDIS_BATCH = 1000;
/** Scheduler upserts and removals in flight at once. */
const SCHEDULER_LANES = 200;

/** The members of these buckets (scheduler ids; other schedulers are skipped), pipelined in batches. */
async function readBucketMembers(redis: RedisClient, queue: Queue, ids: string[]): Promise<Map<string, number[]>> {
  const members = new Map<string, number[]>();
  const buckets = ids.flatMap((id) => {
    const b = bucketOfSchedulerId(id);
    return b ? [{ id, b }] : [];
  });
  for (const batch of chunksOf(buckets, REDIS_BATCH)) {
    const pipeline = redis.pipeline();
    for (const { b } of batch) pipeline.smembers(bucketMembersKey(queue, b));
    const replies = pipelineReplies(await pipeline.exec());
    batch.forEach(({ id }, k) => members.set(id, (replies[k]?.[1] as string[]).map(Number)));
  }
  return members;
}

/** A queue's schedulers, and the members of every bucket indexed or scheduled there. */
export async function readBuckets(redis: RedisClient, queue: Queue): Promise<{ schedulers: Map<string, FoundSchedule>; members: Map<string, number[]> }> {
  const schedulers = await readQueueSchedules(redis, queue);
  const members = await readBucketMembers(redis, queue, [...new Set([...(await redis.smembers(bucketIndexKey(queue))), ...schedulers.keys()])]);
  return { schedulers, members };
}

/** Members first (a scheduler never fires on a bucket still being filled), then the index, then schedulers. */
export async function applyBucketPlan(redis: RedisClient, queue: Queue, kind: BucketKind, plan: BucketPlan): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  const pipeline = redis.pipeline();
  for (const { bucket, ids } of plan.join.values()) {
    pipeline.sadd(bucketMembersKey(queue, bucket), ...ids.map(String));
    added += ids.length;
  }
  for (const { bucket, ids } of plan.leave.values()) {
    pipeline.srem(bucketMembersKey(queue, bucket), ...ids.map(String));
    removed += ids.length;
  }
  for (const batch of chunksOf(plan.buckets, REDIS_BATCH)) pipeline.sadd(bucketIndexKey(queue), ...batch.map(bucketSchedulerId));
  if (pipeline.length) pipelineReplies(await pipeline.exec());
  const empty = await emptyBuckets(redis, queue, plan.emptied);
  const dropEmpty = (b: IntervalBucket) => async () => {
    await redis.srem(bucketIndexKey(queue), bucketSchedulerId(b));
    await queue.removeJobScheduler(bucketSchedulerId(b));
  };
  const tasks = [
    ...empty.map(dropEmpty),
    ...plan.upsert.map((b) => () => upsertBucketScheduler(queue, kind, b)),
    ...plan.removeLegacy.map((id) => () => queue.removeJobScheduler(id)),
  ];
  await runInLanes(tasks, SCHEDULER_LANES);
  return { added, removed: removed + plan.removeLegacy.length };
}

/** Those of the buckets whose member set is empty now (one the API joined meanwhile is kept). */
async function emptyBuckets(redis: RedisClient, queue: Queue, buckets: IntervalBucket[]): Promise<IntervalBucket[]> {
  if (!buckets.length) return [];
  const pipeline = redis.pipeline();
  for (const b of buckets) pipeline.scard(bucketMembersKey(queue, b));
  const replies = pipelineReplies(await pipeline.exec());
  return buckets.filter((_, k) => Number(replies[k]?.[1]) === 0);
}

import { DEFAULT_REGION, JobName, bucketIndexKey, bucketMembersKey, bucketOfSchedulerId, bucketSchedulerId, type Context } from '@vigil/core';
import type { Queue } from 'bullmq';

/** Every membership in a queue's interval buckets: one entry per (row, bucket), in bucket order. */
async function membershipsOn(ctx: Context, queue: Queue): Promise<{ id: number; everyMs: number; slot: number }[]> {
  const found = [];
  for (const key of (await ctx.redis.smembers(bucketIndexKey(queue))).sort()) {
    const bucket = bucketOfSchedulerId(key);
    if (!bucket) continue;
    for (const m of await ctx.redis.smembers(bucketMembersKey(queue, bucket))) found.push({ id: Number(m), ...bucket });
  }
  return found;
}

/** The buckets of a queue that hold the row, each with its scheduler (undefined when it has none). */
async function bucketsOfRow(ctx: Context, queue: Queue, id: number) {
  const found = [];
  for (const { id: member, ...bucket } of await membershipsOn(ctx, queue)) {
    if (member === id) found.push({ ...bucket, scheduler: await queue.getJobScheduler(bucketSchedulerId(bucket)) });
  }
  return found;
}

/** Every membership in a region's interval buckets: one entry per (monitor, bucket), in bucket order. */
export async function bucketMemberships(ctx: Context, region = DEFAULT_REGION): Promise<{ monitorId: number; everyMs: number; slot: number }[]> {
  return (await membershipsOn(ctx, ctx.queues.checkQueue(region))).map(({ id, ...bucket }) => ({ monitorId: id, ...bucket }));
}

/**
 * Where a monitor is scheduled on a region's checks queue: every interval bucket that holds it,
 * with the bucket's scheduler (undefined when it has none).
 */
export function bucketsOfMonitor(ctx: Context, monitorId: number, region = DEFAULT_REGION) {
  return bucketsOfRow(ctx, ctx.queues.checkQueue(region), monitorId);
}

/** Every membership in the domain buckets (scans queue): one entry per (domain, bucket). */
export async function domainBucketMemberships(ctx: Context): Promise<{ domainId: number; everyMs: number; slot: number }[]> {
  return (await membershipsOn(ctx, ctx.queues.queueOf(JobName.DomainBucket))).map(({ id, ...bucket }) => ({ domainId: id, ...bucket }));
}

/** Where a domain is scheduled: every domain bucket that holds it, with the bucket's scheduler. */
export function bucketsOfDomain(ctx: Context, domainId: number) {
  return bucketsOfRow(ctx, ctx.queues.queueOf(JobName.DomainBucket), domainId);
}

import { DEFAULT_REGION, bucketIndexKey, bucketMembersKey, bucketOfSchedulerId, bucketSchedulerId, type Context } from '@vigil/core';

/** Every membership in a region's interval buckets: one entry per (monitor, bucket), in bucket order. */
export async function bucketMemberships(ctx: Context, region = DEFAULT_REGION): Promise<{ monitorId: number; everyMs: number; slot: number }[]> {
  const queue = ctx.queues.checkQueue(region);
  const found = [];
  for (const id of (await ctx.redis.smembers(bucketIndexKey(queue))).sort()) {
    const bucket = bucketOfSchedulerId(id);
    if (!bucket) continue;
    for (const m of await ctx.redis.smembers(bucketMembersKey(queue, bucket))) found.push({ monitorId: Number(m), ...bucket });
  }
  return found;
}

/**
 * Where a monitor is scheduled on a region's checks queue: every interval bucket that holds it,
 * with the bucket's scheduler (undefined when it has none).
 */
export async function bucketsOfMonitor(ctx: Context, monitorId: number, region = DEFAULT_REGION) {
  const queue = ctx.queues.checkQueue(region);
  const found = [];
  for (const { monitorId: id, ...bucket } of await bucketMemberships(ctx, region)) {
    if (id === monitorId) found.push({ ...bucket, scheduler: await queue.getJobScheduler(bucketSchedulerId(bucket)) });
  }
  return found;
}

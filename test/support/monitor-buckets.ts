import { DEFAULT_REGION, bucketIndexKey, bucketMembersKey, bucketOfSchedulerId, type Context } from '@vigil/core';

/**
 * Where a monitor is scheduled on a region's checks queue: every interval bucket that holds it,
 * with the bucket's scheduler (undefined when it has none).
 */
export async function bucketsOfMonitor(ctx: Context, monitorId: number, region = DEFAULT_REGION) {
  const queue = ctx.queues.checkQueue(region);
  const found = [];
  for (const id of (await ctx.redis.smembers(bucketIndexKey(queue))).sort()) {
    const bucket = bucketOfSchedulerId(id);
    if (!bucket || !(await ctx.redis.sismember(bucketMembersKey(queue, bucket), String(monitorId)))) continue;
    found.push({ ...bucket, scheduler: await queue.getJobScheduler(id) });
  }
  return found;
}

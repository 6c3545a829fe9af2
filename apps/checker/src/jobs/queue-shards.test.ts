import { DEFAULT_REGION, bucketOf, bucketSchedulerId, createContext, shardOfBucket, type Context } from '@vigil/core';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { reconcileMonitorSchedules } from './reconcile-monitor-schedules.job.js';

// VIGIL_QUEUE_SHARDS: the reconciler puts each bucket on the shard of its slot, and moves them all
// back to shard 0 (emptying the others) when the shard count goes down to 1.
let ctx: TestContext;
let oneShard: Context | undefined;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_QUEUE_SHARDS: '3' } });
});
afterAll(async () => {
  await oneShard?.close();
  await ctx.teardown();
});

const schedulersOn = async (c: Context, shard: number) => (await c.queues.checkQueue(DEFAULT_REGION, shard).getJobSchedulers()).map((s) => s.key).sort();

it('spreads the buckets over the shards by slot, and gathers them again on one', async () => {
  const { account } = await createTestAccount(ctx, 'business');
  const ids: number[] = [];
  for (let i = 0; i < 9; i++) {
    const url = `https://example.com/${i}`;
    const [{ id }] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status) VALUES ($1, 'm', $2, $2, 60, 'up') RETURNING id`,
      [account.id, url],
    )) as { id: number }[];
    ids.push(id);
  }
  const buckets = ids.map((id) => bucketOf(id, 60_000));
  const expected = (shards: number, shard: number) => [...new Set(buckets.filter((b) => shardOfBucket(b, shards) === shard).map(bucketSchedulerId))].sort();

  await reconcileMonitorSchedules(ctx);
  for (let s = 0; s < 3; s++) expect(await schedulersOn(ctx, s)).toEqual(expected(3, s));
  expect(ctx.queues.checkQueuePrefixes()).toEqual([ctx.config.redisPrefix, `${ctx.config.redisPrefix.slice(0, -1)}:1}`, `${ctx.config.redisPrefix.slice(0, -1)}:2}`]);

  oneShard = await createContext({ ...ctx.config, queueShards: 1 }, { logger: ctx.logger });
  await reconcileMonitorSchedules(oneShard);
  expect(await schedulersOn(oneShard, 0)).toEqual(expected(1, 0));
  for (const s of [1, 2]) expect(await schedulersOn(ctx, s)).toEqual([]);
  // Once emptied, the old shards are not visited again.
  expect(await oneShard.redis.get(`${ctx.config.redisPrefix}:queue-shards`)).toBe('1');
});

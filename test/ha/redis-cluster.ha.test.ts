import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_REGION, QueueName, bucketOf, bucketSchedulerId, isKeyUnderPrefix, scanKeys, shardOfBucket } from '@vigil/core';
import { bumpAuthStamp, withAdminRedis } from '@vigil/core/admin';
import { createApiProcess } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { createNotifierApp } from '@vigil/notifier';
import { callApi, createTestAccount, createTestContext, startRedisCluster, waitFor, type RedisClusterSetup, type TestAccount, type TestContext } from '@vigil/testing';

// The API, the checker and the notifier on a Redis Cluster of three primaries: every script and
// transaction keeps its keys in one slot (a CROSSSLOT error would fail a request or a job here).
let cluster: RedisClusterSetup;
let ctx: TestContext;
let account: TestAccount;
let target: http.Server;
let targetUrl: string;
let api: ReturnType<typeof createApiProcess>;
let checker: ReturnType<typeof createCheckerApp>;
let notifier: ReturnType<typeof createNotifierApp>;

beforeAll(async () => {
  cluster = await startRedisCluster(3);
  target = http.createServer((req, res) => {
    res.statusCode = req.url === '/down' ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { ...cluster.env, VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_USAGE_FLUSH_MS: '100', VIGIL_QUEUE_SHARDS: '3' } });
  account = await createTestAccount(ctx, 'pro');
  api = createApiProcess(ctx);
  checker = createCheckerApp(ctx);
  notifier = createNotifierApp(ctx);
  await Promise.all([api.start(), checker.start(), notifier.start()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([api?.stop(), checker?.stop(), notifier?.stop()]);
  await new Promise((resolve) => target?.close(resolve));
  await ctx?.teardown();
  await cluster?.stop();
}, 60_000);

const call = (method: string, path: string, body?: unknown) => callApi(api.port(), account.key, method, path, body);

it('creates monitors, checks them on 3 queue shards, opens an incident and counts usage on a 3-primary Cluster', async () => {
  const up = await call('POST', '/api/v1/uptime/monitors', { name: 'up', url: `${targetUrl}/up` });
  const down = await call('POST', '/api/v1/uptime/monitors', { name: 'down', url: `${targetUrl}/down`, alert_threshold: 1 });
  expect([up.status, down.status]).toEqual([201, 201]);
  const upId = (up.json.monitor as { id: number }).id;
  const downId = (down.json.monitor as { id: number }).id;
  await waitFor(async () => (await ctx.db.query(`SELECT 1 FROM checks WHERE monitor_id = $1`, [upId])).length > 0, { timeoutMs: 60_000, what: 'a recorded check' });
  // Each monitor's bucket is on the shard of its slot (3 shards: {prefix}, {prefix:1}, {prefix:2}).
  for (const { monitor } of [up.json, down.json] as { monitor: { id: number; check_interval: number } }[]) {
    const id = monitor.id;
    const bucket = bucketOf(id, monitor.check_interval * 1000);
    const queue = ctx.queues.bucketQueue(DEFAULT_REGION, bucket);
    expect(queue.opts.prefix).toBe(ctx.queues.checkQueuePrefixes()[shardOfBucket(bucket, 3)]);
    await waitFor(() => queue.getJobScheduler(bucketSchedulerId(bucket)), { timeoutMs: 60_000, what: `the bucket scheduler of monitor ${id}` });
  }
  await waitFor(async () => (await ctx.db.query(`SELECT 1 FROM incidents WHERE monitor_id = $1`, [downId])).length > 0, { timeoutMs: 60_000, what: 'an incident' });
  // Its alert event reaches the alerts queue (through the outbox) and the notifier takes it.
  await waitFor(async () => (await ctx.db.query(`SELECT 1 FROM outbox WHERE queue = $1 AND relayed_at IS NOT NULL`, [QueueName.Alerts])).length > 0, {
    timeoutMs: 60_000,
    what: 'the alert event relayed to the alerts queue',
  });
  await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getJobCounts('wait', 'active', 'delayed')).wait === 0, { what: 'the notifier to take the alert' });

  const manual = await call('POST', `/api/v1/uptime/monitors/${upId}/check`);
  expect(manual).toMatchObject({ status: 200, json: { check: { status: 'success' } } });
  const listed = await call('GET', '/api/v1/uptime/monitors');
  expect((listed.json.monitors as { id: number }[]).map((m) => m.id).sort()).toEqual([upId, downId].sort());
  // The requests so far, counted in the account's slot and flushed to daily_usage.
  expect((await call('GET', '/api/v1/usage')).json.requests_today).toBe(5);
  await waitFor(async () => (await call('GET', '/api/v1/usage/history?days=1')).json.total_requests === 6, { what: 'the usage history' });

  // The CLI's admin connection reaches the Cluster too: a new auth stamp, then the key is read again.
  await withAdminRedis(ctx.config.redis, (redis) => bumpAuthStamp({ redis, config: ctx.config }, account.account.id));
  expect((await call('GET', '/api/v1/uptime/monitors')).status).toBe(200);

  const outside: string[] = [];
  await scanKeys(ctx.redis, '*', (keys) => void outside.push(...keys.filter((k) => !isKeyUnderPrefix(ctx.config.redisPrefix, k))));
  expect(outside).toEqual([]);
}, 180_000);

it("answers pings batched in one turn's Redis call, and a rotated token's old URL 404s at once", async () => {
  const created = await Promise.all([1, 2, 3].map((i) => call('POST', '/api/v1/uptime/monitors', { name: `job ${i}`, type: 'heartbeat', config: { period: 3600, grace: 300 } })));
  expect(created.map((c) => c.status)).toEqual([201, 201, 201]);
  const paths = created.map((c) => new URL((c.json.monitor as { ping_url: string }).ping_url).pathname);
  const ping = (path: string) => fetch(`http://127.0.0.1:${api.port()}${path}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status);
  // Concurrent pings of three tokens share one call: their keys must share a slot.
  expect(await Promise.all([...paths, ...paths].map(ping))).toEqual([200, 200, 200, 200, 200, 200]);
  const id = (created[0].json.monitor as { id: number }).id;
  const rotated = await call('POST', `/api/v1/uptime/monitors/${id}/rotate-ping-token`);
  expect(rotated.status).toBe(200);
  expect(await ping(paths[0])).toBe(404);
  expect(await ping(new URL(rotated.json.ping_url as string).pathname)).toBe(200);
}, 60_000);

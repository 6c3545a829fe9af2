import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isKeyUnderPrefix, utcDay } from '@vigil/core';
import { createCheckerApp } from '@vigil/checker';
import { createNotifierApp } from '@vigil/notifier';
import { createTestAccount, createTestContext, startRedisServer, waitFor, type RedisServer, type TestAccount, type TestContext } from '@vigil/testing';
import { createApiProcess } from './main.js';

// Every key the apps write is under VIGIL_REDIS_PREFIX: the API, the checker and the notifier
// run against a Redis of their own (so every key in it is theirs), then the whole keyspace is read.
// Counters an earlier release kept outside the prefix are carried over, not lost.
let redis: RedisServer;
let ctx: TestContext;
let account: TestAccount;
let target: http.Server;
let targetUrl: string;
let api: ReturnType<typeof createApiProcess>;
let checker: ReturnType<typeof createCheckerApp>;
let notifier: ReturnType<typeof createNotifierApp>;

beforeAll(async () => {
  redis = await startRedisServer();
  target = http.createServer((req, res) => {
    res.statusCode = req.url === '/down' ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { REDIS_URL: redis.url, VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_USAGE_FLUSH_MS: '100' } });
  account = await createTestAccount(ctx, 'pro');
}, 30_000);
afterAll(async () => {
  await Promise.all([api?.stop(), checker?.stop(), notifier?.stop()]);
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
  await redis.stop();
});

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await ctx.redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

it('carries the old counters over, and writes every key under the prefix', async () => {
  const prefix = ctx.config.redisPrefix;
  const bare = prefix.replace(/[{}]/g, '');
  const day = utcDay(ctx.clock.now());
  // What a release before the fix left: unflushed usage, today's quota count, a header-check count.
  await ctx.redis.hset(`${bare}:usage:{a${account.account.id}}:pending`, day, 7);
  await ctx.redis.set(`${bare}:quota:{a${account.account.id}}:d:${day}`, 5, 'PX', 3_600_000);
  await ctx.redis.set(`${bare}:rl:headers:ip:127.0.0.1:${day}`, 2, 'PX', 3_600_000);

  api = createApiProcess(ctx);
  checker = createCheckerApp(ctx);
  notifier = createNotifierApp(ctx);
  await Promise.all([api.start(), checker.start(), notifier.start()]);
  const base = `http://127.0.0.1:${api.port()}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  const up = await call('POST', '/api/v1/uptime/monitors', { name: 'up', url: `${targetUrl}/up` });
  const down = await call('POST', '/api/v1/uptime/monitors', { name: 'down', url: `${targetUrl}/down`, alert_threshold: 1 });
  expect([up.status, down.status]).toEqual([201, 201]);
  const downId = (down.json.monitor as { id: number }).id;
  await waitFor(async () => (await ctx.db.query(`SELECT 1 FROM checks WHERE monitor_id = $1`, [(up.json.monitor as { id: number }).id])).length > 0, {
    timeoutMs: 30_000,
    what: 'a recorded check',
  });
  await waitFor(async () => (await ctx.db.query(`SELECT 1 FROM incidents WHERE monitor_id = $1`, [downId])).length > 0, { timeoutMs: 30_000, what: 'an incident' });

  // The old counts are still counted: 5 old + the 2 creations + this request; 7 unflushed + the same 3.
  const today = await call('GET', '/api/v1/usage');
  expect(today.json.requests_today).toBe(8);
  const history = await waitFor(
    async () => {
      const h = await call('GET', '/api/v1/usage/history?days=1');
      return h.json.total_requests === 11 ? h : null;
    },
    { what: 'the old unflushed usage in the history' },
  );
  expect(history.status).toBe(200);
  await waitFor(async () => (await ctx.redis.exists(`${bare}:rl:headers:ip:127.0.0.1:${day}`)) === 0, { what: 'the old header-check counter carried' });
  expect(await ctx.redis.get(`${prefix}:rl:headers:ip:127.0.0.1:${day}`)).toBe('2');

  await api.stop();
  const outside = (await allKeys()).filter((key) => !isKeyUnderPrefix(prefix, key));
  expect(outside).toEqual([]);
}, 90_000);

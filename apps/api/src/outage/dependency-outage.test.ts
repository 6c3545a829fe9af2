import request from 'supertest';
import { createApp } from '@vigil/api';
import {
  captureLogs,
  createTestAccount,
  createTestContext,
  startTcpProxy,
  waitFor,
  type CapturedLogs,
  type TcpProxy,
  type TestContext,
} from '@vigil/testing';

// PostgreSQL and Redis are reached through loopback proxies this file kills and freezes; the
// shared servers themselves are never touched.
let pgProxy: TcpProxy;
let redisProxy: TcpProxy;
let logs: CapturedLogs;
let ctx: TestContext;
let auth: { Authorization: string };
let app: ReturnType<typeof createApp>;

const REDIS_PORT = Number(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379);
const PG_PORT = Number(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').port || 5432);

beforeAll(async () => {
  pgProxy = await startTcpProxy(PG_PORT);
  redisProxy = await startTcpProxy(REDIS_PORT);
  logs = captureLogs('info');
  ctx = await createTestContext({ via: { postgresPort: pgProxy.port, redisPort: redisProxy.port }, logger: logs.logger });
  auth = (await createTestAccount(ctx, 'pro')).auth;
  app = createApp(ctx);
});

afterEach(async () => {
  await pgProxy.restore();
  await redisProxy.restore();
  await waitFor(async () => (await ctx.dependencies.check()) && ctx.dependencies.down().length === 0, { what: 'both dependencies back' });
});

afterAll(async () => {
  await ctx.teardown();
  await pgProxy.close();
  await redisProxy.close();
});

const ROUTES = ['/api/v1/uptime/monitors', '/api/v1/usage', '/api/v1/api-keys', '/api/v1/domains', '/headers/check?q=example.com'];

async function expectServiceUnavailable(path: string): Promise<void> {
  const res = await request(app).get(path).set(auth);
  expect({ path, status: res.status, body: res.body as unknown, retryAfter: res.headers['retry-after'] }).toEqual({
    path,
    status: 503,
    body: { error: 'Service unavailable' },
    retryAfter: '5',
  });
}

const recovered = () => waitFor(async () => (await request(app).get('/api/v1/uptime/monitors').set(auth)).status === 200, { what: 'the API to answer again' });

describe.each([
  ['Redis', () => redisProxy],
  ['PostgreSQL', () => pgProxy],
])('%s down', (name, proxy) => {
  it('answers JSON 503 Service unavailable with Retry-After on every route, then recovers by itself', async () => {
    expect((await request(app).get('/api/v1/uptime/monitors').set(auth)).status).toBe(200);
    await proxy().kill();
    for (const path of ROUTES) await expectServiceUnavailable(path);
    await proxy().restore();
    await recovered();
  });

  it('says in /readyz which dependency is down', async () => {
    await proxy().kill();
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    const down = name === 'Redis' ? 'redis' : 'postgres';
    const up = name === 'Redis' ? 'postgres' : 'redis';
    expect(ready.body).toEqual({ status: 'not ready', checks: { [down]: expect.stringMatching(/^failed: [a-z ]+$/), [up]: 'ok' } });
    // The reason names no address.
    expect(JSON.stringify(ready.body)).not.toMatch(/127\.0\.0\.1|\d+\.\d+\.\d+\.\d+|:\d{2,5}/);
  });

  it('still serves the docs page and its files, which need neither', async () => {
    await proxy().kill();
    await waitFor(async () => (await ctx.dependencies.check()) && ctx.dependencies.down().length === 1, { what: 'the loss to be seen' });
    const page = await request(app).get('/docs/');
    expect(page.status).toBe(200);
    const assets = [...page.text.matchAll(/(?:href|src)="\.\/([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) expect({ asset, status: (await request(app).get(`/docs/${asset}`)).status }).toEqual({ asset, status: 200 });
    expect((await request(app).get('/api/v1/openapi.json')).status).toBe(200);
  });

  it('answers a request stuck on a frozen connection with 503 once the loss is seen', async () => {
    proxy().freeze();
    await expectServiceUnavailable('/api/v1/uptime/monitors');
  });
});

it('logs an outage as one JSON line when lost and one when regained, however many requests fail meanwhile', async () => {
  const before = logs.lines().length;
  await redisProxy.kill();
  await pgProxy.kill();
  for (let i = 0; i < 20; i++) await request(app).get(ROUTES[i % ROUTES.length]).set(auth);
  // However fast the requests were, the watch must have seen the outage before it ends.
  await waitFor(async () => (await ctx.dependencies.check()) && ctx.dependencies.down().length === 2, { what: 'both dependencies seen down' });
  await redisProxy.restore();
  await pgProxy.restore();
  await recovered();
  const lines = logs.lines().slice(before);
  for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  const messages = lines.map((l) => (JSON.parse(l) as { message: string }).message);
  expect(messages.filter((m) => m === 'redis unreachable')).toHaveLength(1);
  expect(messages.filter((m) => m === 'redis reachable again')).toHaveLength(1);
  expect(messages.filter((m) => m === 'postgres unreachable')).toHaveLength(1);
  expect(messages.filter((m) => m === 'postgres reachable again')).toHaveLength(1);
  expect(messages.filter((m) => /unhandled|connection error|redis error/.test(m))).toEqual([]);
});

it('start-up waits while Redis is unreachable, saying so once, and goes on when it is back', async () => {
  await redisProxy.kill();
  const startLogs = captureLogs('info');
  let started = false;
  const starting = createTestContext({ via: { postgresPort: pgProxy.port, redisPort: redisProxy.port }, logger: startLogs.logger }).then((c) => {
    started = true;
    return c;
  });
  await waitFor(() => startLogs.lines().some((l) => l.includes('waiting for dependencies')), { what: 'the wait to be logged' });
  // Several probes later it still waits, and has said so once.
  await waitFor(() => startLogs.entries().filter((e) => e.message === 'redis unreachable').length === 1 && !started, { what: 'probes' });
  expect(started).toBe(false);
  await redisProxy.restore();
  const other = await starting;
  try {
    expect(startLogs.entries().filter((e) => e.message === 'waiting for dependencies')).toEqual([
      expect.objectContaining({ level: 'warn', waitingFor: ['redis'] }),
    ]);
  } finally {
    await other.teardown();
  }
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { agentKeyStampKey } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';

let ctx: TestContext;
// The burst window is the clock's second: the frozen clock puts a whole batch in one window,
// however long the host takes to answer it, and advancing it opens the next.
const clock = testClock('2026-03-02T10:00:00.250Z');
const nextBurstWindow = () => clock.advance(1_000);
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '5' } });
});
afterAll(() => ctx.teardown());

it('answers past the per-IP burst limit with 429, Retry-After and the X-RateLimit headers, on any path', async () => {
  const app = createApp(ctx);
  const results = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/api/v1/nope')));
  const limited = results.filter((r) => r.status === 429);
  expect(results.filter((r) => r.status === 404)).toHaveLength(5);
  expect(limited).toHaveLength(7);
  for (const r of limited) {
    expect(r.body).toEqual({ error: 'Rate limit exceeded' });
    expect(r.headers['retry-after']).toBe('1');
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    // The window ends at the clock's next whole second.
    expect(r.headers['x-ratelimit-reset']).toBe(String(Date.parse(shiftDates('2026-03-02T10:00:01Z')) / 1000));
  }
});

it('opens the next window at the clock\'s next second', async () => {
  const app = createApp(ctx);
  nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 7 }, () => request(app).get('/api/v1/nope')));
  expect(results.filter((r) => r.status === 404)).toHaveLength(5);
});

it('never limits health probes', async () => {
  const app = createApp(ctx);
  const results = await Promise.all(Array.from({ length: 20 }, () => request(app).get('/healthz')));
  expect(results.every((r) => r.status === 200)).toBe(true);
});

it('limits requests with a key for routes that take one in the same way (checked with the quota, before the key)', async () => {
  const app = createApp(ctx);
  const { auth } = await createTestAccount(ctx, 'enterprise');
  const bad = { Authorization: 'Bearer vgl_unknown' };
  nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => request(app).get('/api/v1/api-keys').set(i % 2 ? auth : bad)));
  const limited = results.filter((r) => r.status === 429);
  expect(results.filter((r) => r.status !== 429)).toHaveLength(5);
  expect(limited).toHaveLength(7);
  for (const r of limited) {
    expect(r.body).toEqual({ error: 'Rate limit exceeded' });
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(r.headers['retry-after']).toBe('1');
  }
  expect(results.filter((r) => r.status !== 429).every((r) => (r.status === 200) === (r.request.getHeader('Authorization') === auth.Authorization))).toBe(true);
});

it('counts a request with a key for a route that takes none through the burst middleware itself', async () => {
  const app = createApp(ctx);
  const { auth } = await createTestAccount(ctx, 'enterprise');
  nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/api/v1/nope').set(auth)));
  expect(results.filter((r) => r.status === 429)).toHaveLength(7);
});

it('limits pings in the same way, checked with the token\'s limit and before the answer of a bad action, a malformed or unknown token', async () => {
  const app = createApp(ctx);
  const paths = ['/ping/not-a-token', `/ping/hb_${'A'.repeat(43)}`, `/ping/hb_${'B'.repeat(43)}/256`, `/ping/hb_${'C'.repeat(43)}/start`];
  nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 ? request(app).get(paths[i % 4]) : request(app).post(paths[i % 4]).send('x'))));
  const limited = results.filter((r) => r.status === 429);
  expect(limited).toHaveLength(7);
  expect(results.filter((r) => r.status !== 429).every((r) => [400, 404].includes(r.status))).toBe(true);
  for (const r of limited) {
    expect(r.body).toEqual({ error: 'Rate limit exceeded' });
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(r.headers['retry-after']).toBe('1');
  }
  // A method the ping paths lack is counted by the middleware itself.
  nextBurstWindow();
  const puts = await Promise.all(Array.from({ length: 7 }, () => request(app).put(paths[1])));
  expect(puts.filter((r) => r.status === 429)).toHaveLength(2);
});

it('limits agent polls in the same way, counted with the agent-key stamp read and before the key is looked at', async () => {
  const app = createApp(ctx);
  const body = { agent_id: 'a', version: '1', wait_seconds: 0 };
  nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => request(app).post(i % 2 ? '/api/v1/agent/leases' : '/api/v1/agent/results').set('Authorization', `Bearer vgla_${'A'.repeat(43)}`).send(body)));
  const limited = results.filter((r) => r.status === 429);
  expect(limited).toHaveLength(7);
  expect(results.filter((r) => r.status !== 429).every((r) => r.status === 401)).toBe(true);
  for (const r of limited) {
    expect(r.body).toEqual({ error: 'Rate limit exceeded' });
    expect(r.headers['retry-after']).toBe('1');
  }
  expect(await ctx.redis.get(agentKeyStampKey(ctx.config))).toEqual(expect.any(String));
});

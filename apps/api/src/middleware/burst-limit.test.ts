import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
// The burst window is Redis's (1 s, real time): wait until an earlier test's has passed.
const nextBurstWindow = () => new Promise((resolve) => setTimeout(resolve, 1_100));
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '5' } });
});
afterAll(() => ctx.teardown());

it('answers past the per-IP burst limit with 429, Retry-After and the X-RateLimit headers, on any path', async () => {
  const app = createApp(ctx);
  const results = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/api/v1/nope')));
  const limited = results.filter((r) => r.status === 429);
  // 5 per second; the batch may straddle a second boundary, so at most 10 get through.
  expect(results.filter((r) => r.status === 404).length).toBeGreaterThanOrEqual(5);
  expect(results.filter((r) => r.status === 404).length).toBeLessThanOrEqual(10);
  expect(limited.length).toBeGreaterThanOrEqual(2);
  const r = limited[0];
  expect(r.body).toEqual({ error: 'Rate limit exceeded' });
  expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(r.headers['x-ratelimit-limit']).toBe('5');
  expect(r.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
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
  await nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => request(app).get('/api/v1/api-keys').set(i % 2 ? auth : bad)));
  const limited = results.filter((r) => r.status === 429);
  expect(results.filter((r) => r.status !== 429).length).toBeGreaterThanOrEqual(5);
  expect(results.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(10);
  expect(limited.length).toBeGreaterThanOrEqual(2);
  for (const r of limited) {
    expect(r.body).toEqual({ error: 'Rate limit exceeded' });
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  expect(results.filter((r) => r.status !== 429).every((r) => (r.status === 200) === (r.request.getHeader('Authorization') === auth.Authorization))).toBe(true);
});

it('counts a request with a key for a route that takes none through the burst middleware itself', async () => {
  const app = createApp(ctx);
  const { auth } = await createTestAccount(ctx, 'enterprise');
  await nextBurstWindow();
  const results = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/api/v1/nope').set(auth)));
  expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
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

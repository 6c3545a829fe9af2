import request from 'supertest';
import { createApp } from '@vigil/api';
import { issueApiKey } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, waitFor, type TestContext } from '@vigil/testing';

// Small limits so the edges are cheap to reach: free 5/min and 8/day, pro 60/min and 10,000/day.
const clock = testClock('2026-11-21T23:58:30Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: { VIGIL_TIERS: '{"free":{"requestsPerMinute":5,"requestsPerDay":8}}', VIGIL_BURST_PER_SECOND: '100000' },
  });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

const nowSec = () => Math.ceil(clock.now().getTime() / 1000);

describe('per-minute limit (per key, 60 s sliding window)', () => {
  it('counts down X-RateLimit-Remaining and answers the 6th request with the per_minute 429', async () => {
    const { auth } = await createTestAccount(ctx, 'free');
    for (let i = 1; i <= 5; i++) {
      const res = await request(app).get('/api/v1/api-keys').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const limited = await request(app).get('/api/v1/api-keys').set(auth);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Rate limit exceeded',
      message: expect.stringMatching(/Per-minute limit of 5 requests exceeded/),
      retry_after: 60,
      limit_type: 'per_minute',
    });
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBe(nowSec() + 60);
  });

  it('slides: a request is allowed again once the oldest leaves the window, and 429s never counted', async () => {
    const account = await createTestAccount(ctx, 'free');
    for (let i = 0; i < 3; i++) await request(app).get('/api/v1/api-keys').set(account.auth);
    clock.advance(30_000);
    for (let i = 0; i < 2; i++) await request(app).get('/api/v1/api-keys').set(account.auth);
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/v1/api-keys').set(account.auth)).status).toBe(429);
    clock.advance(30_001); // the first three left the window; the 429s left no trace
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/v1/api-keys').set(account.auth)).status).toBe(200);
    expect((await request(app).get('/api/v1/api-keys').set(account.auth)).status).toBe(429);
    clock.set(shiftDates('2026-11-21T23:58:30Z'));
  });

  it('is per key: a second key of the same account has its own minute', async () => {
    const { account, auth } = await createTestAccount(ctx, 'free');
    for (let i = 0; i < 5; i++) await request(app).get('/api/v1/api-keys').set(auth);
    expect((await request(app).get('/api/v1/api-keys').set(auth)).status).toBe(429);
    const { secret } = await issueApiKey(ctx.db.manager, account.id, { name: 'second' });
    expect((await request(app).get('/api/v1/api-keys').set('Authorization', `Bearer ${secret}`)).status).toBe(200);
  });

  it('lets exactly the limit through under concurrent requests', async () => {
    const { auth } = await createTestAccount(ctx, 'free');
    const results = await Promise.all(Array.from({ length: 20 }, () => request(app).get('/api/v1/api-keys').set(auth)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
  });
});

describe('daily quota (per account, all keys, resets at 00:00 UTC)', () => {
  it('carries the daily headers, shares the count across keys, answers the quota 429 and resets at midnight', async () => {
    clock.set(shiftDates('2026-11-21T23:50:00Z'));
    const { account, auth } = await createTestAccount(ctx, 'free');
    const { secret } = await issueApiKey(ctx.db.manager, account.id, { name: 'second' });
    const second = { Authorization: `Bearer ${secret}` };
    for (let i = 1; i <= 8; i++) {
      if (i === 5) clock.advance(61_000); // stay under the per-minute limit
      const res = await request(app).get('/api/v1/api-keys').set(i % 2 ? auth : second);
      expect(res.status).toBe(200);
      expect(res.headers['x-daily-limit']).toBe('8');
      expect(res.headers['x-daily-remaining']).toBe(String(8 - i));
    }
    const over = await request(app).get('/api/v1/api-keys').set(second);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Rate limit exceeded', rate_limit: 8, requests_today: 8, reset_at: shiftDates('2026-11-22T00:00:00+00:00') });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-daily-remaining']).toBe('0');

    clock.set(shiftDates('2026-11-22T00:00:01Z'));
    const after = await request(app).get('/api/v1/api-keys').set(auth);
    expect(after.status).toBe(200);
    expect(after.headers['x-daily-remaining']).toBe('7');
  });

  it('omits the daily pair for unlimited tiers', async () => {
    const { auth } = await createTestAccount(ctx, 'enterprise');
    const res = await request(app).get('/api/v1/api-keys').set(auth);
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    expect(res.headers['x-daily-limit']).toBeUndefined();
    expect(res.headers['x-daily-remaining']).toBeUndefined();
  });

  it('records counted requests durably per day, but not 429s', async () => {
    clock.set(shiftDates('2026-11-20T12:00:00Z'));
    const { account, auth } = await createTestAccount(ctx, 'free');
    for (let i = 0; i < 7; i++) await request(app).get('/api/v1/api-keys').set(auth);
    const stored = async () => {
      await app.usage.flush();
      const [row] = (await ctx.db.query('SELECT requests FROM daily_usage WHERE account_id = $1 AND day = $2', [account.id, shiftDates('2026-11-20')])) as {
        requests: number;
      }[];
      return row?.requests;
    };
    // The 429s' take-back runs after their responses (later on a busy host): wait for the count.
    await waitFor(async () => (await stored()) === 5, { what: 'the 429s taken back' });
    expect(await stored()).toBe(5);
  });
});

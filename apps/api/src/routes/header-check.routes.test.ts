import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createScannerApp } from '@vigil/scanner';
import { headerCheckCacheKey, parseHeaderTarget } from '@vigil/core';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { DailyCounter } from '../limits/daily-counter.js';
import { limiterNamespace } from '../limits/fixed-window-limiter.js';
import { ANONYMOUS_HEADER_CHECKS_PER_DAY } from './header-check.routes.js';

let ctx: TestContext;
let scanner: ReturnType<typeof createScannerApp>;
let app: ReturnType<typeof createApp>;
let site: http.Server;
let sitePort: number;
let hits = 0;

const STRONG = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=()',
  'X-Frame-Options': 'DENY',
};

beforeAll(async () => {
  ctx = await createTestContext({
    env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"headerChecksPerDay":2}}' },
  });
  site = http.createServer((req, res) => {
    hits++;
    res.writeHead(200, req.url === '/weak' ? { 'X-Powered-By': 'PHP/8.1' } : STRONG).end('ok');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  sitePort = (site.address() as AddressInfo).port;
  scanner = createScannerApp(ctx);
  await scanner.start();
  app = createApp(ctx);
});
afterAll(async () => {
  await scanner.stop();
  await new Promise((r) => site.close(r));
  await ctx.teardown();
});

describe('POST /headers/grade (what-if)', () => {
  it('grades headers without fetching anything, with the report of /headers/check', async () => {
    const before = hits;
    const { auth } = await createTestAccount(ctx, 'business');
    const res = await request(app)
      .post('/headers/grade')
      .set(auth)
      .send({ headers: { ...STRONG, 'Strict-Transport-Security': 'max-age=31536000' }, site: 'example.com' });
    expect(res.status).toBe(200);
    expect(hits).toBe(before);
    expect(res.body).toMatchObject({ score: 100, grade: 'A', gradeCapped: true, headersMissing: [] });
    expect(res.headers).toMatchObject({ 'x-grade': 'A', 'x-grade-capped': 'true', 'x-daily-limit': '2000', 'x-daily-remaining': '1999' });
    expect(res.body.summary.site).toBe('example.com');
    expect(res.body.service.algorithm_version).toBe(6);
    expect(res.body.service.tests_quantity).toBe(12);
    expect(res.body.graded_at).toEqual(expect.any(String));
    expect(res.body.fetched_at).toBeUndefined();
  });

  it('takes https: false (HSTS then earns nothing), repeated headers and a page for SRI', async () => {
    const res = await request(app)
      .post('/headers/grade')
      .send({
        headers: { 'Strict-Transport-Security': ['max-age=31536000', 'max-age=31536000'], 'Content-Type': 'text/html' },
        https: false,
        html: '<script src="http://cdn.other.example/x.js"></script>',
      });
    expect(res.status).toBe(200);
    expect(res.body.summary.headers['Strict-Transport-Security'].points).toBe(0);
    expect(res.body.summary.site).toBe('what-if');
    const sri = (res.body.service.advanced as { test: string; result: string }[]).find((t) => t.test === 'subresource-integrity');
    expect(sri?.result).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
  });

  it.each([
    [{}, 'headers is required'],
    [[], 'Invalid request body: must be a JSON object'],
    [{ headers: 'x' }, expect.stringMatching(/^Invalid headers: /)],
    [{ headers: { 'Bad Name': 'x' } }, expect.stringMatching(/^Invalid headers: /)],
    [{ headers: { a: 1 } }, expect.stringMatching(/^Invalid headers: /)],
    [{ headers: {}, https: 'yes' }, 'Invalid https: must be a boolean'],
    [{ headers: {}, site: 'ftp://x' }, 'Invalid site: must be a hostname, host:port or an http(s) URL'],
    [{ headers: {}, html: 3 }, 'Invalid html: must be a string'],
  ])('answers 400 for %j', async (body, error) => {
    const res = await request(app).post('/headers/grade').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('grades overlapping identical bodies once, each request counted against its quota (issue 35)', async () => {
    const { account, auth } = await createTestAccount(ctx, 'business');
    const body = { headers: { 'X-Content-Type-Options': 'nosniff' }, site: 'shared.example.com' };
    // The scanner holds the first grading until all six requests have been counted (so have
    // reached, or are about to reach, the grade): the overlap does not depend on the host's speed.
    await Promise.all(scanner.workers().map((w) => w.pause()));
    const pending = Promise.all(Array.from({ length: 6 }, () => request(app).post('/headers/grade').set(auth).send(body)));
    const counter = new DailyCounter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, 'headers'));
    // A limit of 0 reads the count without adding to it.
    while ((await counter.consume(`a${account.id}`, 0, ctx.clock.now())).count < 6) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    scanner.workers().forEach((w) => w.resume());
    const answers = await pending;
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(answers.every((r) => r.body.summary.site === 'shared.example.com')).toBe(true);
    expect(answers.map((r) => Number(r.headers['x-daily-remaining'])).sort((a, b) => b - a)).toEqual([1999, 1998, 1997, 1996, 1995, 1994]);
    // At most two gradings: the first, and the one shared by those that arrived while it ran.
    expect(new Set(answers.map((r) => r.body.graded_at)).size).toBeLessThanOrEqual(2);
  });

  it('shares the daily quota of /headers/check', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/headers/check').query({ q: `http://127.0.0.1:${sitePort}/` }).set(auth)).status).toBe(200);
    expect((await request(app).post('/headers/grade').set(auth).send({ headers: {} })).status).toBe(200);
    const over = await request(app).post('/headers/grade').set(auth).send({ headers: {} });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'Rate limit exceeded', rate_limit: 2 });
  });
});

describe('GET /headers/check', () => {
  it('grades a site anonymously through the scanner fleet, capped at A by unsafe-inline', async () => {
    const res = await request(app).get(`/headers/check?q=http://127.0.0.1:${sitePort}/`);
    expect(res.status).toBe(200);
    // HSTS does not count over plain http: 75 points, B; the script policy still caps.
    expect(res.body.score).toBe(75);
    expect(res.body.grade).toBe('B');
    expect(res.headers['x-grade']).toBe('B');
    expect(res.body.gradeCapped).toBe(true);
    expect(res.headers['x-grade-capped']).toBe('true');
    expect(res.body.gradeCapReason).toMatch(/script-src/);
    expect(res.body.headersMissing).toEqual(['Strict-Transport-Security']);
    for (const field of ['warnings', 'headersPresent', 'upcomingHeaders', 'summary', 'rawHeaders', 'service', 'fetched_at']) {
      expect(res.body).toHaveProperty(field);
    }
    expect(res.body.summary.site).toBe(`127.0.0.1:${sitePort}`);
    expect(res.headers['x-daily-limit']).toBe(String(ANONYMOUS_HEADER_CHECKS_PER_DAY));
  });

  it('answers a repeated check of the same site from the short cache, with its first fetched_at', async () => {
    const url = `http://127.0.0.1:${sitePort}/weak`;
    const first = await request(app).get('/headers/check').query({ q: url });
    const before = hits;
    const second = await request(app).get('/headers/check').query({ q: url });
    expect(second.status).toBe(200);
    expect(second.body.fetched_at).toBe(first.body.fetched_at);
    expect(hits).toBe(before);
    expect(second.body.grade).toBe('F');
    expect(second.headers['x-grade-capped']).toBeUndefined();
  });

  it('shares one fetch between overlapping checks of the same site, and a check after a change of its report reads the change (issue 35)', async () => {
    const url = `http://127.0.0.1:${sitePort}/shared`;
    const before = hits;
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(app).get('/headers/check').query({ q: url })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    // The first check ran alone; the ones that arrived while it ran shared the next read.
    expect(hits - before).toBe(1);
    expect(new Set(answers.map((r) => r.body.fetched_at)).size).toBe(1);
    // The scanners' cached report changes (a new fetch, written): the next check reads it.
    const key = headerCheckCacheKey(ctx.config.redisPrefix, parseHeaderTarget(url).url);
    const changed = { ...(JSON.parse((await ctx.redis.get(key)) ?? '{}') as Record<string, unknown>), fetched_at: '2026-01-01T00:00:00.000Z' };
    await ctx.redis.set(key, JSON.stringify(changed), 'EX', 60);
    const after = await request(app).get('/headers/check').query({ q: url });
    expect(after.body.fetched_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each([
    ['', 'Missing required parameter: q'],
    ['not a host!', 'Invalid hostname'],
    ['ftp://example.com', 'Invalid hostname'],
  ])('answers q=%p with 400 %p', async (q, message) => {
    const res = await request(app).get('/headers/check').query(q ? { q } : {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('answers an unreachable site with 502 Site unreachable and a detail', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const res = await request(app).get('/headers/check').query({ q: `http://127.0.0.1:${port}/` });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Site unreachable');
    expect(typeof res.body.detail).toBe('string');
  });

  it('still rejects a bad key with 401', async () => {
    const res = await request(app).get('/headers/check').query({ q: 'example.com' }).set('Authorization', 'Bearer vgl_nope');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
  });

  it('treats an Authorization header without a Bearer key as anonymous', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer ']) {
      const res = await request(app).get('/headers/check').query({ q: `http://127.0.0.1:${sitePort}/` }).set('Authorization', header);
      expect(res.status).toBe(200);
      expect(res.headers['x-daily-limit']).toBe(String(ANONYMOUS_HEADER_CHECKS_PER_DAY));
    }
  });

  it("counts keyed checks per account against the tier's header quota", async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const q = { q: `http://127.0.0.1:${sitePort}/` };
    expect((await request(app).get('/headers/check').query(q).set(auth)).headers['x-daily-remaining']).toBe('1');
    expect((await request(app).get('/headers/check').query(q).set(auth)).status).toBe(200);
    const over = await request(app).get('/headers/check').query(q).set(auth);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'Rate limit exceeded', rate_limit: 2, requests_today: 2 });
    expect(over.body.reset_at).toMatch(/T00:00:00\+00:00$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits anonymous checks per client IP and day', async () => {
    const counter = new DailyCounter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, 'headers'));
    const probe = await request(app).get('/headers/check').query({ q: `http://127.0.0.1:${sitePort}/` });
    const used = ANONYMOUS_HEADER_CHECKS_PER_DAY - Number(probe.headers['x-daily-remaining']);
    // Use up the rest of today's anonymous quota of this client IP directly.
    for (let i = used; i < ANONYMOUS_HEADER_CHECKS_PER_DAY; i++) await counter.consume('ip:127.0.0.1', ANONYMOUS_HEADER_CHECKS_PER_DAY, new Date());
    const over = await request(app).get('/headers/check').query({ q: `http://127.0.0.1:${sitePort}/` });
    expect(over.status).toBe(429);
    expect(over.body.rate_limit).toBe(ANONYMOUS_HEADER_CHECKS_PER_DAY);
  });
});

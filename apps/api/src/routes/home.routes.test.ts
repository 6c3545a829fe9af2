import request from 'supertest';
import { DEFAULT_TIERS } from '@vigil/core';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BASE_URL: 'https://vigil.example', VIGIL_TIERS: '{"pro":{"monitors":75}}' } });
});
afterAll(() => ctx.teardown());

describe('GET /', () => {
  it('answers an index with the version and absolute links', async () => {
    const res = await request(createApp(ctx)).get('/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Vigil',
      description: 'Uptime, TLS-certificate and security-header monitoring',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      links: {
        docs: 'https://vigil.example/docs',
        openapi: 'https://vigil.example/api/v1/openapi.json',
        pricing: 'https://vigil.example/pricing',
        header_check: 'https://vigil.example/headers/check?q=example.com',
        health: 'https://vigil.example/healthz',
        readiness: 'https://vigil.example/readyz',
      },
    });
  });
});

describe('GET /pricing', () => {
  it('answers the tier table the limits use, overrides included, as JSON by default', async () => {
    const res = await request(createApp(ctx)).get('/pricing');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.body.currency).toBe('usd');
    expect(res.body.tiers.map((t: { name: string }) => t.name)).toEqual(['free', 'pro', 'business', 'enterprise']);
    const pro = res.body.tiers[1];
    expect(pro).toEqual({
      name: 'pro',
      monthly_price_cents: DEFAULT_TIERS.pro.monthlyPriceCents,
      limits: {
        requests_per_day: 10_000,
        requests_per_minute: 60,
        concurrent_scans: 5,
        uptime_monitoring: true,
        monitors: 75,
        domains: 25,
        check_intervals: [300, 600, 1800, 3600],
        monitoring_frequencies: ['hourly', 'daily'],
        domain_creates_per_minute: 30,
        header_checks_per_day: 2000,
        status_pages: 5,
      },
    });
    expect(res.body.tiers[0].limits.monitors).toBe(0);
    expect(res.body.tiers[3].limits.monitors).toBeNull();
  });

  it('is the same table GET /api/v1/usage/limits shows an account', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const limits = await request(createApp(ctx)).get('/api/v1/usage/limits').set(auth);
    const pricing = await request(createApp(ctx)).get('/pricing');
    expect(pricing.body.tiers[1].limits).toEqual(limits.body.limits);
  });

  it('serves a self-contained HTML page to browsers', async () => {
    const res = await request(createApp(ctx)).get('/pricing').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>Vigil plans</title>');
    expect(res.text).toMatch(/<th scope="col">pro<br><span class="price">\$29\/month<\/span><\/th>/);
    expect(res.text).toContain('<td>75</td>');
    expect(res.text).toContain('<td>unlimited</td>');
    expect(res.text).not.toMatch(/(?:href|src)="(?:https?:)?\/\//);
  });

  it('takes format=html|json over the Accept header and refuses other formats', async () => {
    const app = createApp(ctx);
    expect((await request(app).get('/pricing?format=html')).headers['content-type']).toMatch(/^text\/html/);
    expect((await request(app).get('/pricing?format=json').set('Accept', 'text/html')).headers['content-type']).toMatch(/^application\/json/);
    const bad = await request(app).get('/pricing?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid format: must be json or html' });
  });
});

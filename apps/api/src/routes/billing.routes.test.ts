import request from 'supertest';
import { Monitor, generateInvoices, setAccountTier, tierPrices } from '@vigil/core';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, shiftDates, type TestAccount, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-01-10T15:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000},"business":{"requestsPerMinute":100000},"enterprise":{"monthlyPriceCents":100000}}',
    },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'business');
});
afterAll(() => ctx.teardown());

const invoice = () => ({
  id: expect.any(Number),
  period: expect.stringMatching(/^\d{4}-\d{2}$/),
  period_start: expect.any(String),
  period_end: expect.any(String),
  status: 'issued',
  currency: 'usd',
  subtotal: expect.any(Number),
  total: expect.any(Number),
  issued_at: expect.any(String),
  line_items: expect.any(Array),
});

describe('GET /api/v1/billing/usage', () => {
  it("shows the current period, the plan's price and limits, and this period's use of this account only", async () => {
    clock.set(shiftDates('2026-01-12T09:00:00Z'));
    await ctx.db.query('INSERT INTO daily_usage (account_id, day, requests) VALUES ($1, $2, $3), ($1, $4, $5), ($6, $4, $7)', [
      pro.account.id,
      shiftDates('2025-12-31'),
      50,
      shiftDates('2026-01-11'),
      7,
      other.account.id,
      400,
    ]);
    await ctx.db.getRepository(Monitor).save({ accountId: pro.account.id, name: 'site', url: 'https://example.com/', normalizedUrl: 'https://example.com/' });
    const res = await request(app).get('/api/v1/billing/usage').set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      period: { month: shiftDates('2026-01'), start: shiftDates('2026-01-01T00:00:00.000Z'), end: shiftDates('2026-02-01T00:00:00.000Z'), days: 31 },
      plan: { tier: 'pro', monthly_price: 2900, currency: 'usd' },
      limits: { requests_per_day: 10000, requests_per_minute: 100000, concurrent_scans: 5, uptime_monitoring: true, monitors: 50, domains: 25 },
      usage: { requests: 7 + 1, monitors: 1, domains: 0, scans: 0, alerts: 0, checks: 0 },
      as_of: shiftDates('2026-01-12T09:00:00.000Z'),
    });
  });

  it('follows the tier of the account and starts counting again in a new month', async () => {
    const enterprise = await createTestAccount(ctx, 'enterprise');
    clock.set(shiftDates('2026-02-01T00:00:00Z'));
    const res = await request(app).get('/api/v1/billing/usage').set(enterprise.auth);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ month: shiftDates('2026-02'), start: shiftDates('2026-02-01T00:00:00.000Z'), end: shiftDates('2026-03-01T00:00:00.000Z'), days: 28 });
    expect(res.body.plan).toEqual({ tier: 'enterprise', monthly_price: 100000, currency: 'usd' });
    expect(res.body.limits).toMatchObject({ requests_per_day: null, monitors: null, domains: null, concurrent_scans: null });
    expect(res.body.usage.requests).toBe(1);
  });

  it('needs an API key', async () => {
    expect((await request(app).get('/api/v1/billing/usage')).status).toBe(401);
  });
});

describe('GET /api/v1/billing/estimate', () => {
  let estimateAccount: TestAccount;

  it('projects the whole period at the current tier from the creation day', async () => {
    clock.set(shiftDates('2026-03-10T15:00:00Z'));
    estimateAccount = await createTestAccount(ctx, 'pro');
    clock.set(shiftDates('2026-03-15T08:00:00Z'));
    const res = await request(app).get('/api/v1/billing/estimate').set(estimateAccount.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: null,
      period: shiftDates('2026-03'),
      period_start: shiftDates('2026-03-01T00:00:00.000Z'),
      period_end: shiftDates('2026-04-01T00:00:00.000Z'),
      status: 'draft',
      currency: 'usd',
      subtotal: 2058,
      total: 2058,
      issued_at: null,
      line_items: [
        {
          description: shiftDates('Pro plan, 2026-03-10 to 2026-03-31 (22 of 31 days)'),
          tier: 'pro',
          from: shiftDates('2026-03-10T00:00:00.000Z'),
          to: shiftDates('2026-04-01T00:00:00.000Z'),
          days: 22,
          period_days: 31,
          unit_price: 2900,
          amount: 2058,
        },
      ],
      estimated: true,
      as_of: shiftDates('2026-03-15T08:00:00.000Z'),
    });
  });

  it('prorates a tier change of this period and assumes the new tier to the end, at the configured price', async () => {
    clock.set(shiftDates('2026-03-20T12:00:00Z'));
    await setAccountTier(ctx, estimateAccount.account.id, 'enterprise', clock.now());
    const res = await request(app).get('/api/v1/billing/estimate').set(estimateAccount.auth);
    expect(res.status).toBe(200);
    expect(res.body.line_items.map((l: Record<string, unknown>) => [l.tier, l.from, l.to, l.days, l.unit_price, l.amount])).toEqual([
      ['pro', shiftDates('2026-03-10T00:00:00.000Z'), shiftDates('2026-03-20T00:00:00.000Z'), 10, 2900, 935],
      ['enterprise', shiftDates('2026-03-20T00:00:00.000Z'), shiftDates('2026-04-01T00:00:00.000Z'), 12, 100000, 38710], // 38709.68
    ]);
    expect(res.body).toMatchObject({ subtotal: 935 + 38710, total: 935 + 38710, estimated: true, as_of: shiftDates('2026-03-20T12:00:00.000Z') });
  });
});

describe('GET /api/v1/billing/invoices', () => {
  beforeAll(async () => {
    // pro was created 2026-01-10 and moves to business on 2026-01-20; invoices up to April.
    await setAccountTier(ctx, pro.account.id, 'business', new Date(shiftDates('2026-01-20T12:00:00Z')));
    clock.set(shiftDates('2026-05-01T00:05:00Z'));
    await generateInvoices(ctx.db, { prices: tierPrices(ctx.config.tiers), now: clock.now() });
  });

  it("lists the caller's invoices newest first, with line items, amounts in cents", async () => {
    const res = await request(app).get('/api/v1/billing/invoices').set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 20, total: 4, pages: 1 });
    expect(res.body.invoices.map((i: { period: string; total: number }) => [i.period, i.total])).toEqual([
      [shiftDates('2026-04'), 14900],
      [shiftDates('2026-03'), 14900],
      [shiftDates('2026-02'), 14900],
      [shiftDates('2026-01'), 935 + 5768],
    ]);
    for (const i of res.body.invoices) expect(i).toEqual(invoice());
    const january = res.body.invoices[3];
    expect(january).toMatchObject({
      period_start: shiftDates('2026-01-01T00:00:00.000Z'),
      period_end: shiftDates('2026-02-01T00:00:00.000Z'),
      issued_at: shiftDates('2026-05-01T00:05:00.000Z'),
      subtotal: 6703,
    });
    expect(january.line_items).toEqual([
      {
        description: shiftDates('Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days)'),
        tier: 'pro',
        from: shiftDates('2026-01-10T00:00:00.000Z'),
        to: shiftDates('2026-01-20T00:00:00.000Z'),
        days: 10,
        period_days: 31,
        unit_price: 2900,
        amount: 935,
      },
      {
        description: shiftDates('Business plan, 2026-01-20 to 2026-01-31 (12 of 31 days)'),
        tier: 'business',
        from: shiftDates('2026-01-20T00:00:00.000Z'),
        to: shiftDates('2026-02-01T00:00:00.000Z'),
        days: 12,
        period_days: 31,
        unit_price: 14900,
        amount: 5768,
      },
    ]);
  });

  it("never shows another account's invoices", async () => {
    const mine = await request(app).get('/api/v1/billing/invoices').set(pro.auth);
    const theirs = await request(app).get('/api/v1/billing/invoices').set(other.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.body.invoices).toHaveLength(4);
    // The other account is on business since 2026-01-10: 22 of 31 days of January, then whole months.
    expect(theirs.body.invoices.map((i: { total: number }) => i.total)).toEqual([14900, 14900, 14900, 10574]);
    const mineIds = new Set(mine.body.invoices.map((i: { id: number }) => i.id));
    expect(theirs.body.invoices.some((i: { id: number }) => mineIds.has(i.id))).toBe(false);
    const [{ n }] = (await ctx.db.query('SELECT count(*)::int AS n FROM invoices')) as { n: number }[];
    expect(n).toBeGreaterThan(mine.body.pagination.total);
  });

  it('pages: per_page and page, clamped above 100, 400 below 1', async () => {
    const first = await request(app).get('/api/v1/billing/invoices?per_page=3').set(pro.auth);
    expect(first.body.pagination).toEqual({ page: 1, per_page: 3, total: 4, pages: 2 });
    expect(first.body.invoices.map((i: { period: string }) => i.period)).toEqual([shiftDates('2026-04'), shiftDates('2026-03'), shiftDates('2026-02')]);
    const second = await request(app).get('/api/v1/billing/invoices?per_page=3&page=2').set(pro.auth);
    expect(second.body.invoices.map((i: { period: string }) => i.period)).toEqual([shiftDates('2026-01')]);
    const beyond = await request(app).get('/api/v1/billing/invoices?page=9').set(pro.auth);
    expect(beyond.body.invoices).toEqual([]);
    const far = await request(app).get('/api/v1/billing/invoices?page=99999999999999999999').set(pro.auth);
    expect(far.status).toBe(200);
    expect(far.body.invoices).toEqual([]);
    const clamped = await request(app).get('/api/v1/billing/invoices?per_page=1000').set(pro.auth);
    expect(clamped.body.pagination.per_page).toBe(100);
    const bad = await request(app).get('/api/v1/billing/invoices?per_page=0').set(pro.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid per_page: must be a positive integer' });
  });

  it('is an empty list for an account without invoices yet', async () => {
    const fresh = await createTestAccount(ctx, 'free');
    const res = await request(app).get('/api/v1/billing/invoices').set(fresh.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoices: [], pagination: { page: 1, per_page: 20, total: 0, pages: 0 } });
  });
});

describe('billing routes', () => {
  it('are documented in the OpenAPI document with their response schemas', async () => {
    const res = await request(app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    for (const path of ['/api/v1/billing/usage', '/api/v1/billing/invoices', '/api/v1/billing/estimate']) {
      const op = res.body.paths[path]?.get;
      expect(op).toBeDefined();
      expect(op.tags).toEqual(['Billing']);
      expect(op.responses['200'].content['application/json'].schema.properties).toBeDefined();
    }
    expect(res.body.paths['/api/v1/billing/invoices'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'per_page']);
  });

  it('answer other methods with 405 and Allow: GET', async () => {
    const res = await request(app).post('/api/v1/billing/invoices').set(pro.auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
  });
});

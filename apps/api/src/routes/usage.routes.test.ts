import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, insertTestMonitors, shiftDates, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

describe('usage endpoints', () => {
  it("reports today's counters against the limits, this request included", async () => {
    const { auth } = await createTestAccount(ctx, 'free');
    await request(app).get('/api/v1/api-keys').set(auth);
    const res = await request(app).get('/api/v1/usage').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tier: 'free',
      date: shiftDates('2026-11-21'),
      requests_today: 2,
      daily_limit: 1000,
      daily_remaining: 998,
      requests_per_minute_limit: 10,
      reset_at: shiftDates('2026-11-22T00:00:00+00:00'),
      checks_today: 0,
      scans_today: 0,
      alerts_today: 0,
    });
  });

  it("counts today's scans by the injected clock, not by PostgreSQL's", async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'example.org' })).status).toBe(202);
    clock.advance(1_000); // counts run up to now, exclusive
    const res = await request(app).get('/api/v1/usage').set(auth);
    expect(res.body).toMatchObject({ date: shiftDates('2026-11-21'), scans_today: 1 });
    const stats = await request(app).get('/api/v1/scans/stats').set(auth);
    expect(stats.body).toMatchObject({ total: 1, by_status: { queued: 1 } });
  });

  it('lists daily history oldest first with zero days filled in', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await ctx.db.query(`INSERT INTO daily_usage (account_id, day, requests) VALUES ($1, '${shiftDates('2026-11-19')}', 7)`, [account.id]);
    const res = await request(app).get('/api/v1/usage/history?days=3').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      days: 3,
      history: [
        { date: shiftDates('2026-11-19'), requests: 7 },
        { date: shiftDates('2026-11-20'), requests: 0 },
        { date: shiftDates('2026-11-21'), requests: 1 },
      ],
      total_requests: 8,
    });
    expect((await request(app).get('/api/v1/usage/history').set(auth)).body.history).toHaveLength(30);
  });

  it.each(['0', '91', 'abc', '2.5'])('answers days=%s with 400', async (days) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).get(`/api/v1/usage/history?days=${days}`).set(auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid days: must be an integer from 1 to 90' });
  });

  it("reports the plan's limits and current use", async () => {
    const { auth } = await createTestAccount(ctx, 'business');
    const res = await request(app).get('/api/v1/usage/limits').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.tier).toBe('business');
    expect(res.body.limits).toMatchObject({
      requests_per_day: 100000,
      requests_per_minute: 300,
      concurrent_scans: 20,
      monitors: 500,
      domains: 250,
      check_intervals: [60, 300, 600, 1800, 3600],
      monitoring_frequencies: ['15min', 'hourly', 'daily'],
      domain_creates_per_minute: 60,
    });
    expect(res.body.usage).toEqual({ monitors: 0, domains: 0, concurrent_scans: 0 });
  });

  it('sums 30 days in the summary', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await ctx.db.query(
      `INSERT INTO daily_usage (account_id, day, requests) VALUES ($1, '${shiftDates('2026-10-01')}', 100), ($1, '${shiftDates('2026-10-23')}', 4), ($1, '${shiftDates('2026-11-20')}', 5)`,
      [account.id],
    );
    const res = await request(app).get('/api/v1/usage/summary').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: shiftDates('2026-10-23'), to: shiftDates('2026-11-21'), days: 30 });
    expect(res.body.totals).toEqual({ requests: 10, checks: 0, scans: 0, alerts: 0 });
  });

  it("counts checks from the rollups and successful alerts by the injected clock, in today's, the 30 days' and the billing month's answers, and a deleted monitor's checks no more", async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    const [first, second] = await insertTestMonitors(ctx, account.id, 2);
    const now = clock.now().getTime();
    const hour = Math.floor(now / 3_600_000) * 3_600_000;
    const hoursAgo = (h: number) => new Date(hour - h * 3_600_000);
    // Today: 3 (a live hour) + 4 (a settled one); this month and the 30 days: + 5 + 6; 40 days ago: neither.
    for (const [id, at, total] of [[first, hoursAgo(2), 3], [second, hoursAgo(5), 4], [first, hoursAgo(72), 5], [second, hoursAgo(480), 6], [first, hoursAgo(960), 100]] as const) {
      await ctx.db.query(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES ($1, $2, $3, $3)`, [id, at, total]);
    }
    // Successful alerts: one an hour ago, one 10 days ago, one 40 days ago; a test event and a failed attempt do not count.
    for (const [event, status, ago] of [['monitor.down', 'success', 1], ['test', 'success', 1], ['monitor.down', 'failed', 1], ['monitor.up', 'success', 240], ['monitor.up', 'success', 960]] as const) {
      await ctx.db.query(
        `INSERT INTO alert_deliveries (delivery_id, account_id, integration_type, event_id, event, payload, attempt, status, created_at)
         VALUES (0, $1, 'webhook', $2, $3, '{}', 1, $4, $5)`,
        [account.id, `e-${event}-${status}-${ago}`, event, status, hoursAgo(ago)],
      );
    }
    const counts = async () => {
      const [today, summary, billing] = await Promise.all(['/api/v1/usage', '/api/v1/usage/summary', '/api/v1/billing/usage'].map((path) => request(app).get(path).set(auth)));
      return { today: [today.body.checks_today, today.body.alerts_today], summary: [summary.body.totals.checks, summary.body.totals.alerts], billing: [billing.body.usage.checks, billing.body.usage.alerts, billing.body.usage.monitors] };
    };
    const expected = { today: [7, 1], summary: [18, 2], billing: [18, 2, 2] };
    expect(await counts()).toEqual(expected);
    expect(await counts()).toEqual(expected); // the settled hours now come from memory
    await ctx.db.query('DELETE FROM monitors WHERE id = $1', [second]);
    expect(await counts()).toEqual({ today: [3, 1], summary: [8, 2], billing: [8, 2, 1] });
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { checkQueueOf, recordHeartbeat } from '@vigil/core';
import { bucketsOfMonitor, createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let business: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_REGIONS: 'eu,us,ap', VIGIL_DEFAULT_REGIONS: 'eu,us', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null }, business: { requestsPerMinute: 100_000, requestsPerDay: null } }) },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  business = await createTestAccount(ctx, 'business');
});
afterAll(() => ctx.teardown());

let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ name: 'Site', url: `https://r-${++n}.example.com/`, ...extra });
const detail = async (account: TestAccount, id: number) => (await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth)).body.monitor as Record<string, unknown>;

describe('regions', () => {
  it('GET /regions lists configured and reporting regions with live checkers and last heartbeat', async () => {
    await recordHeartbeat(ctx.redis, ctx.config.redisPrefix, 'eu', 'c1', new Date('2026-01-01T00:00:00Z'));
    await recordHeartbeat(ctx.redis, ctx.config.redisPrefix, 'sa', 'c2', new Date('2026-01-01T00:00:05Z'));
    const res = await request(app).get('/api/v1/regions').set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body.regions).toEqual([
      { name: 'ap', live_checkers: 0, last_heartbeat: null, default: false },
      { name: 'default', live_checkers: 0, last_heartbeat: null, default: false },
      { name: 'eu', live_checkers: 1, last_heartbeat: '2026-01-01T00:00:00.000Z', default: true },
      { name: 'sa', live_checkers: 1, last_heartbeat: '2026-01-01T00:00:05.000Z', default: false },
      { name: 'us', live_checkers: 0, last_heartbeat: null, default: true },
    ]);
    expect((await request(app).get('/api/v1/regions')).status).toBe(401);
  });

  it('gives a new monitor the default regions and a majority quorum, scheduled and checked in each region', async () => {
    const created = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body());
    expect(created.status).toBe(201);
    const id = created.body.monitor.id as number;
    expect(await detail(pro, id)).toMatchObject({ regions: ['eu', 'us'], min_failing_regions: 2 });
    for (const region of ['eu', 'us']) {
      const queue = ctx.queues.queue(checkQueueOf(region));
      expect(await bucketsOfMonitor(ctx, id, region)).toHaveLength(1);
      expect((await queue.getWaiting()).some((j) => (j.data as { monitorId: number }).monitorId === id)).toBe(true);
    }
  });

  it('validates regions and quorum with clear 400s, and caps regions per monitor by plan', async () => {
    const post = (account: TestAccount, extra: Record<string, unknown>) => request(app).post('/api/v1/uptime/monitors').set(account.auth).send(body(extra));
    expect((await post(pro, { regions: ['eu', 'mars'] })).body).toEqual({ error: 'Invalid regions: unknown region "mars" (known: ap, default, eu, sa, us)' });
    expect((await post(pro, { regions: ['EU'] })).status).toBe(400);
    expect((await post(pro, { regions: [] })).status).toBe(400);
    expect((await post(pro, { regions: ['eu', 'eu'] })).status).toBe(400);
    expect((await post(pro, { regions: ['eu'], min_failing_regions: 2 })).body).toEqual({ error: 'Invalid min_failing_regions: must be at most the number of regions (1)' });
    expect((await post(pro, { min_failing_regions: 0 })).status).toBe(400);
    const capped = await post(pro, { regions: ['eu', 'us', 'ap'] });
    expect(capped.status).toBe(403);
    expect(capped.body).toMatchObject({ error: 'Regions per monitor limit reached', limit: 2, current: 3, tier: 'pro' });
    const ok = await post(business, { regions: ['eu', 'us', 'ap'], min_failing_regions: 1 });
    expect(ok.status).toBe(201);
    expect(await detail(business, ok.body.monitor.id as number)).toMatchObject({ regions: ['eu', 'us', 'ap'], min_failing_regions: 1 });
  });

  it('updates regions (re-scheduling), answers the changed fields, and checks the quorum against the new list', async () => {
    const id = (await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body())).body.monitor.id as number;
    const patched = await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(pro.auth).send({ regions: ['us'] });
    expect(patched.status).toBe(200);
    expect(patched.body.monitor).toMatchObject({ regions: ['us'] });
    expect(await detail(pro, id)).toMatchObject({ regions: ['us'], min_failing_regions: 1 });
    expect(await bucketsOfMonitor(ctx, id, 'eu')).toEqual([]);
    expect(await bucketsOfMonitor(ctx, id, 'us')).toHaveLength(1);
    const bad = await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(pro.auth).send({ min_failing_regions: 2 });
    expect(bad.body).toEqual({ error: 'Invalid min_failing_regions: must be at most the number of regions (1)' });
  });

  it('lists checks with their region and filters by region; statistics.regions per region; aggregate status degraded on a partial failure', async () => {
    const id = (await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body())).body.monitor.id as number;
    const now = ctx.clock.now();
    await ctx.db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, region) VALUES
         ($1, $2, 'failure', NULL, 503, 'Unexpected status code 503 Service Unavailable', 'r1', 'eu'),
         ($1, $2, 'success', 120, 200, NULL, 'r1', 'us')`,
      [id, new Date(now.getTime() - 60_000)],
    );
    // The writer rolls each check into its region's hour as it inserts it (statistics.regions reads those).
    await ctx.db.query(
      `INSERT INTO monitor_region_hours (monitor_id, region, hour, total, successful, response_time_sum, response_time_count) VALUES
         ($1, 'eu', date_bin('1 hour', $2::timestamptz, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1, 0, 0, 0),
         ($1, 'us', date_bin('1 hour', $2::timestamptz, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 1, 1, 120, 1)`,
      [id, new Date(now.getTime() - 60_000)],
    );
    await ctx.db.query(`UPDATE monitors SET status = 'up' WHERE id = $1`, [id]);
    await ctx.db.query(`INSERT INTO monitor_rounds VALUES ($1, 'r1', $2, false, '{eu}', '{}')`, [id, now]);
    const all = await request(app).get(`/api/v1/uptime/monitors/${id}/checks`).set(pro.auth);
    expect(all.body.checks.map((c: { region: string; status: string }) => [c.region, c.status]).sort()).toEqual([
      ['eu', 'failure'],
      ['us', 'success'],
    ]);
    const us = await request(app).get(`/api/v1/uptime/monitors/${id}/checks?region=us`).set(pro.auth);
    expect(us.body.checks).toHaveLength(1);
    expect((await request(app).get(`/api/v1/uptime/monitors/${id}/checks?region=US!`).set(pro.auth)).status).toBe(400);
    const stats = (await detail(pro, id)).statistics as { regions: unknown };
    expect(stats.regions).toEqual([
      { region: 'eu', uptime_24h: 0, avg_response_time_24h_ms: null, total_checks_24h: 1 },
      { region: 'us', uptime_24h: 100, avg_response_time_24h_ms: 120, total_checks_24h: 1 },
    ]);
    const status = await request(app).get('/api/v1/uptime/status').set(pro.auth);
    expect(status.body.status).toBe('degraded');
    expect(status.body.monitors.find((m: { id: number }) => m.id === id).status).toBe('up');
  });

  it('statistics.regions sums the regions\' hours of the 24 h window (now\'s hour and the 23 before it), never the raw checks', async () => {
    const id = (await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body())).body.monitor.id as number;
    const hour = new Date(Math.floor(ctx.clock.now().getTime() / 3_600_000) * 3_600_000);
    const hoursAgo = (h: number) => new Date(hour.getTime() - h * 3_600_000);
    await ctx.db.query(
      `INSERT INTO monitor_region_hours (monitor_id, region, hour, total, successful, response_time_sum, response_time_count) VALUES
         ($1, 'eu', $2, 60, 60, 6000, 60), ($1, 'eu', $3, 60, 30, 3600, 30), ($1, 'eu', $4, 60, 0, 0, 0), ($1, 'ap', $2, 5, 5, 50, 5)`,
      [id, hoursAgo(0), hoursAgo(23), hoursAgo(24)],
    );
    // A raw check alone (no hour of its region) counts for nothing: the figures are the rollups'.
    await ctx.db.query(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key, region) VALUES ($1, $2, 'success', 10, 200, 'x', 'us')`, [
      id,
      ctx.clock.now(),
    ]);
    expect(((await detail(pro, id)).statistics as { regions: unknown }).regions).toEqual([
      { region: 'eu', uptime_24h: 75, avg_response_time_24h_ms: 107, total_checks_24h: 120 },
      { region: 'us', uptime_24h: null, avg_response_time_24h_ms: null, total_checks_24h: 0 },
    ]);
  });

  it('a monitor in one region (not the default) answers its own 24 h figures as its region\'s', async () => {
    const id = (await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body({ regions: ['us'] }))).body.monitor.id as number;
    await ctx.db.query(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count) VALUES ($1, date_bin('1 hour', $2::timestamptz, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 4, 3, 300, 3)`, [
      id,
      ctx.clock.now(),
    ]);
    const monitor = await detail(pro, id);
    expect((monitor.statistics as { regions: unknown }).regions).toEqual([{ region: 'us', uptime_24h: 75, avg_response_time_24h_ms: 100, total_checks_24h: 4 }]);
    expect(monitor.statistics).toMatchObject({ uptime_24h: 75, avg_response_time_24h_ms: 100, total_checks_24h: 4 });
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { bumpAuthStamp } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, type TestAccount, testClock, type TestContext } from '@vigil/testing';
import { MONITOR_INPUT_MESSAGES as M } from './monitor-input.js';

const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({
        free: { requestsPerMinute: 100_000 },
        pro: { requestsPerMinute: 100_000, requestsPerDay: null },
        business: { requestsPerMinute: 100_000, requestsPerDay: null },
      }),
    },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());

let n = 0;
const uniqueUrl = () => `https://site-${++n}.example.com/health`;

async function create(account: TestAccount, body: Record<string, unknown> = {}) {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'Site', url: uniqueUrl(), ...body });
  expect(res.status).toBe(201);
  return res.body.monitor as { id: number; [k: string]: unknown };
}

describe('POST /api/v1/uptime/monitors', () => {
  it('creates a pending, active monitor with the defaults and answers the seed shape', async () => {
    const url = uniqueUrl();
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'API', url });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      monitor: {
        id: expect.any(Number),
        name: 'API',
        type: 'http',
        url,
        method: 'GET',
        status: 'pending',
        check_interval: 300,
        timeout: 30,
        expected_status_codes: [200, 201, 204],
        expected_content: null,
        alert_threshold: 2,
        is_active: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        regions: ['default'],
        min_failing_regions: 1,
      },
      message: expect.any(String),
    });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${res.body.monitor.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({
      headers: {},
      body: null,
      follow_redirects: true,
      verify_ssl: true,
      degraded_threshold_ms: 5000,
    });
  });

  it('stores every configuration field given', async () => {
    const body = {
      name: 'Login',
      url: uniqueUrl(),
      method: 'post',
      check_interval: 600,
      timeout: 10,
      expected_status_codes: [200, 302],
      expected_content: 'ok',
      headers: { 'X-Probe': 'vigil' },
      body: '{"ping":true}',
      alert_threshold: 3,
      degraded_threshold_ms: 1500,
      follow_redirects: false,
      verify_ssl: false,
    };
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send(body);
    expect(res.status).toBe(201);
    const detail = await request(app).get(`/api/v1/uptime/monitors/${res.body.monitor.id}`).set(pro.auth);
    // Header values are credentials: sealed at rest, shown masked.
    expect(detail.body.monitor).toMatchObject({ ...body, headers: { 'X-Probe': '****' }, method: 'POST', is_active: true, status: 'pending' });
  });

  it.each([
    ['ftp://example.com/'],
    ['https://'],
    ['example.com'],
    ['garbage'],
    ['javascript:alert(1)'],
    ['http://exa mple.com/'],
  ])('answers 400 Invalid URL for %j', async (url) => {
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'x', url });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid URL' });
  });

  it.each([[45], [0], ['300'], [86_400], [null]])('answers 400 Invalid interval for %j', async (check_interval) => {
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'x', url: uniqueUrl(), check_interval });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid interval' });
  });

  it.each([
    [{ name: '' }, M.name],
    [{ name: 'x'.repeat(201) }, M.name],
    [{ timeout: 0 }, M.timeout],
    [{ timeout: 61 }, M.timeout],
    [{ method: 'PUT' }, M.method],
    [{ headers: { 'X-A': 1 } }, M.headers],
    [{ headers: 'x' }, M.headers],
    [{ expected_status_codes: [700] }, M.expectedStatusCodes],
    [{ alert_threshold: 11 }, M.alertThreshold],
    [{ degraded_threshold_ms: -1 }, M.degradedThreshold],
    [{ follow_redirects: 'no' }, M.followRedirects],
    [{ verify_ssl: 0 }, M.verifySsl],
    [{ expected_content: 7 }, M.expectedContent],
    [{ body: {} }, M.requestBody],
  ])('answers 400 for %j', async (extra, message) => {
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'x', url: uniqueUrl(), ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('answers 400 for a body that is not an object, and for a missing name', async () => {
    const arr = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send([{ name: 'x' }]);
    expect(arr.status).toBe(400);
    expect(arr.body).toEqual({ error: M.body });
    const noName = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ url: uniqueUrl() });
    expect(noName.body).toEqual({ error: M.name });
  });

  it('answers 403 Interval not allowed for a listed interval the tier lacks, and accepts it on business', async () => {
    const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'x', url: uniqueUrl(), check_interval: 60 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Interval not allowed',
      allowed_intervals: [300, 600, 1800, 3600],
      upgrade_url: 'http://vigil.test/pricing',
    });
    const business = await createTestAccount(ctx, 'business');
    const ok = await request(app).post('/api/v1/uptime/monitors').set(business.auth).send({ name: 'x', url: uniqueUrl(), check_interval: 60 });
    expect(ok.status).toBe(201);
    expect(ok.body.monitor.check_interval).toBe(60);
  });

  it('answers 409 URL already monitored for the same normalised URL in the account, not across accounts', async () => {
    const account = await createTestAccount(ctx, 'pro');
    const first = await create(account, { url: 'https://dup.example.com/status' });
    for (const url of ['https://dup.example.com/status', 'HTTPS://DUP.example.com:443/status', 'https://dup.example.com./status#x', 'https://dup.example.com/status/']) {
      const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'again', url });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'URL already monitored', monitor_id: first.id });
    }
    const other = await createTestAccount(ctx, 'pro');
    expect((await request(app).post('/api/v1/uptime/monitors').set(other.auth).send({ name: 'x', url: 'https://dup.example.com/status' })).status).toBe(201);
    expect((await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'x', url: 'https://dup.example.com/other' })).status).toBe(201);
  });

  it('answers 403 Monitor limit reached with the tier-limit body at the limit', async () => {
    const account = await createTestAccount(ctx, 'pro');
    await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url)
       SELECT $1, 'bulk', 'https://bulk.example.com/' || g, 'https://bulk.example.com/' || g FROM generate_series(1, 50) g`,
      [account.account.id],
    );
    const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'one more', url: uniqueUrl() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Monitor limit reached',
      limit: 50,
      current: 50,
      remaining: 0,
      tier: 'pro',
      upgrade_url: 'http://vigil.test/pricing',
    });
  });
});

describe('GET /api/v1/uptime/monitors', () => {
  let account: TestAccount;
  const ids: number[] = [];
  beforeAll(async () => {
    account = await createTestAccount(ctx, 'business');
    for (let i = 0; i < 25; i++) ids.push((await create(account)).id);
    await ctx.db.query(`UPDATE monitors SET status = 'up' WHERE id = ANY($1)`, [ids.slice(0, 10)]);
    await ctx.db.query(`UPDATE monitors SET status = 'down' WHERE id = ANY($1)`, [ids.slice(10, 13)]);
    await ctx.db.query(`UPDATE monitors SET status = 'paused' WHERE id = ANY($1)`, [ids.slice(13, 17)]);
    await ctx.db.query(`UPDATE monitors SET status = 'degraded' WHERE id = ANY($1)`, [ids.slice(17, 19)]);
    await ctx.db.query(
      `UPDATE monitors SET last_checked_at = '${shiftDates('2026-11-21T10:29:00Z')}', last_response_time_ms = 123, last_check_status = 'success', last_status_code = 200 WHERE id = $1`,
      [ids[0]],
    );
  });

  it('lists 20 by default, oldest first, with the summary of all the account\'s monitors', async () => {
    const res = await request(app).get('/api/v1/uptime/monitors').set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.monitors.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 20));
    expect(res.body.summary).toEqual({ total: 25, up: 10, down: 3, degraded: 2, paused: 4, pending: 6 });
    expect(res.body.pagination).toEqual({ page: 1, per_page: 20, total: 25, pages: 2 });
    expect(res.body.monitors[0]).toEqual({
      id: ids[0],
      name: 'Site',
      type: 'http',
      url: expect.any(String),
      method: 'GET',
      status: 'up',
      check_interval: 300,
      timeout: 30,
      is_active: true,
      last_check: shiftDates('2026-11-21T10:29:00.000Z'),
      last_response_time_ms: 123,
      uptime_24h: null,
      uptime_7d: null,
      uptime_30d: null,
      in_maintenance: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.monitors[1]).toMatchObject({ last_check: null, last_response_time_ms: null });
  });

  it('pages, and clamps per_page above 100', async () => {
    const second = await request(app).get('/api/v1/uptime/monitors?page=2&per_page=10').set(account.auth);
    expect(second.body.monitors.map((m: { id: number }) => m.id)).toEqual(ids.slice(10, 20));
    expect(second.body.pagination).toEqual({ page: 2, per_page: 10, total: 25, pages: 3 });
    const clamped = await request(app).get('/api/v1/uptime/monitors?per_page=1000').set(account.auth);
    expect(clamped.body.pagination).toEqual({ page: 1, per_page: 100, total: 25, pages: 1 });
    expect(clamped.body.monitors).toHaveLength(25);
    const beyond = await request(app).get('/api/v1/uptime/monitors?page=9').set(account.auth);
    expect(beyond.body.monitors).toEqual([]);
  });

  it.each([
    ['per_page=0', 'Invalid per_page: must be a positive integer'],
    ['per_page=-5', 'Invalid per_page: must be a positive integer'],
    ['per_page=abc', 'Invalid per_page: must be a positive integer'],
    ['per_page=2.5', 'Invalid per_page: must be a positive integer'],
    ['page=0', 'Invalid page: must be a positive integer'],
    ['status=broken', 'Invalid status: must be one of up, down, degraded, paused, pending'],
  ])('answers 400 for ?%s', async (query, message) => {
    const res = await request(app).get(`/api/v1/uptime/monitors?${query}`).set(account.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it.each([
    ['up', 10],
    ['down', 3],
    ['paused', 4],
    ['degraded', 2],
    ['pending', 6],
    ['UP', 10],
  ])('filters by status=%s', async (status, count) => {
    const res = await request(app).get(`/api/v1/uptime/monitors?status=${status}`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(count);
    expect(res.body.monitors.every((m: { status: string }) => m.status === status.toLowerCase())).toBe(true);
    expect(res.body.summary.total).toBe(25);
  });

  it('shows no other account\'s monitors', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const res = await request(app).get('/api/v1/uptime/monitors').set(other.auth);
    expect(res.body).toEqual({
      monitors: [],
      summary: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 },
      pagination: { page: 1, per_page: 20, total: 0, pages: 0 },
    });
  });
});

describe('identical lists at once (coalesced reads)', () => {
  it('answers every one in full, and a list sent after a create has answered includes the new monitor', async () => {
    const account = await createTestAccount(ctx, 'pro');
    const first = await create(account);
    const list = () => request(app).get('/api/v1/uptime/monitors').set(account.auth);
    // Lists in flight while the create runs; the one sent after its answer must see it.
    const during = Array.from({ length: 12 }, () => list());
    const created = await create(account);
    const after = await Promise.all(Array.from({ length: 4 }, () => list()));
    for (const res of [...(await Promise.all(during)), ...after]) {
      expect(res.status).toBe(200);
      expect(res.body.monitors[0].id).toBe(first.id);
    }
    for (const res of after) {
      expect(res.body.monitors.map((m: { id: number }) => m.id)).toEqual([first.id, created.id]);
      expect(res.body.pagination.total).toBe(2);
    }
  });

  it('does not share a read between accounts, statuses or pages', async () => {
    const [a, b] = [await createTestAccount(ctx, 'pro'), await createTestAccount(ctx, 'pro')];
    const [ma, mb] = [await create(a), await create(b)];
    const answers = await Promise.all([
      request(app).get('/api/v1/uptime/monitors').set(a.auth),
      request(app).get('/api/v1/uptime/monitors').set(b.auth),
      request(app).get('/api/v1/uptime/monitors?status=up').set(a.auth),
      request(app).get('/api/v1/uptime/monitors?page=2').set(a.auth),
    ]);
    expect(answers.map((r) => r.body.monitors.map((m: { id: number }) => m.id))).toEqual([[ma.id], [mb.id], [], []]);
  });
});

describe('GET /api/v1/uptime/monitors/{id}', () => {
  it('answers the detail view: configuration, state, last_check null before the first check, empty statistics', async () => {
    const m = await create(pro);
    const res = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body.monitor).toEqual({
      id: m.id,
      name: 'Site',
      type: 'http',
      url: m.url,
      method: 'GET',
      check_interval: 300,
      timeout: 30,
      expected_status_codes: [200, 201, 204],
      expected_content: null,
      headers: {},
      body: null,
      alert_threshold: 2,
      degraded_threshold_ms: 5000,
      follow_redirects: true,
      verify_ssl: true,
      slo_target: null,
      assertions: [],
      recovery_threshold: 1,
      reminder_interval_minutes: null,
      escalation: [],
      is_active: true,
      regions: ['default'],
      min_failing_regions: 1,
      status: 'pending',
      in_maintenance: false,
      created_at: m.created_at,
      updated_at: expect.any(String),
      paused_at: null,
      resumed_at: null,
      last_check: null,
      statistics: {
        uptime_24h: null,
        uptime_7d: null,
        uptime_30d: null,
        avg_response_time_24h_ms: null,
        avg_response_time_7d_ms: null,
        total_checks_24h: 0,
        successful_checks_24h: 0,
        failed_checks_24h: 0,
        avg_timings_24h_ms: null,
      },
      recent_incidents: [],
    });
  });

  it('shows the last check as an object and the five newest incidents', async () => {
    const m = await create(pro);
    await ctx.db.query(
      `UPDATE monitors SET status = 'down', last_checked_at = '${shiftDates('2026-11-21T10:29:30Z')}', last_check_status = 'failure',
       last_response_time_ms = NULL, last_status_code = 503 WHERE id = $1`,
      [m.id],
    );
    for (let i = 1; i <= 6; i++) {
      await ctx.db.query(
        `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
         VALUES ($1, $2, 'resolved', $3, $4, 60, $5, 2)`,
        [m.id, pro.account.id, shiftDates(`2026-11-1${i}T00:00:00Z`), shiftDates(`2026-11-1${i}T00:01:00Z`), `HTTP 503 Service Unavailable #${i}`],
      );
    }
    const res = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(res.body.monitor.last_check).toEqual({ timestamp: shiftDates('2026-11-21T10:29:30.000Z'), status: 'failure', response_time_ms: null, status_code: 503 });
    expect(res.body.monitor.status).toBe('down');
    expect(res.body.monitor.recent_incidents).toHaveLength(5);
    expect(res.body.monitor.recent_incidents[0]).toEqual({
      id: expect.any(Number),
      started_at: shiftDates('2026-11-16T00:00:00.000Z'),
      resolved_at: shiftDates('2026-11-16T00:01:00.000Z'),
      duration_seconds: 60,
      cause: 'HTTP 503 Service Unavailable #6',
    });
    expect(res.body.monitor.recent_incidents[4].cause).toBe('HTTP 503 Service Unavailable #2');
  });
});

describe.each(['put', 'patch'] as const)('%s /api/v1/uptime/monitors/{id}', (method) => {
  it('changes the given fields and answers id, name, the changed fields and updated_at', async () => {
    const m = await create(pro);
    const res = await request(app)[method](`/api/v1/uptime/monitors/${m.id}`).set(pro.auth).send({ timeout: 12, alert_threshold: 4, check_interval: 600 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      monitor: { id: m.id, name: 'Site', timeout: 12, alert_threshold: 4, check_interval: 600, updated_at: expect.any(String) },
      message: 'Monitor updated',
    });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ timeout: 12, alert_threshold: 4, check_interval: 600, method: 'GET', expected_status_codes: [200, 201, 204] });
  });

  it('accepts every configuration field plus is_active and degraded_threshold_ms', async () => {
    const m = await create(pro);
    const body = {
      name: 'Renamed',
      url: uniqueUrl(),
      method: 'HEAD',
      expected_status_codes: [204],
      expected_content: null,
      headers: { Authorization: 'Bearer t' },
      body: null,
      follow_redirects: false,
      verify_ssl: false,
      is_active: false,
      degraded_threshold_ms: 800,
    };
    const res = await request(app)[method](`/api/v1/uptime/monitors/${m.id}`).set(pro.auth).send(body);
    expect(res.status).toBe(200);
    const shown = { ...body, headers: { Authorization: '****' } };
    expect(res.body.monitor).toEqual({ id: m.id, ...shown, updated_at: expect.any(String) });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject(shown);
  });

  it('re-validates like create', async () => {
    const m = await create(pro);
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{ url: 'nope' }, 400, { error: 'Invalid URL' }],
      [{ check_interval: 7 }, 400, { error: 'Invalid interval' }],
      [{ timeout: 100 }, 400, { error: M.timeout }],
      [{ is_active: 'false' }, 400, { error: M.isActive }],
      [{}, 400, { error: M.emptyUpdate }],
      [{ status: 'up' }, 400, { error: M.emptyUpdate }],
      [{ check_interval: 60 }, 403, { error: 'Interval not allowed', allowed_intervals: [300, 600, 1800, 3600], upgrade_url: 'http://vigil.test/pricing' }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await request(app)[method](`/api/v1/uptime/monitors/${m.id}`).set(pro.auth).send(body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status, answer });
    }
  });

  it('lets a downgraded account keep re-sending its current interval; changing to a disallowed one is 403', async () => {
    const account = await createTestAccount(ctx, 'business');
    const m = await create(account, { check_interval: 60 });
    await ctx.db.query(`UPDATE accounts SET tier = 'pro' WHERE id = $1`, [account.account.id]);
    await bumpAuthStamp(ctx, account.account.id);
    const same = await request(app)[method](`/api/v1/uptime/monitors/${m.id}`).set(account.auth).send({ name: 'Renamed', check_interval: 60 });
    expect(same.status).toBe(200);
    expect(same.body.monitor).toMatchObject({ name: 'Renamed', check_interval: 60 });
    const other = await create(account);
    const change = await request(app)[method](`/api/v1/uptime/monitors/${other.id}`).set(account.auth).send({ check_interval: 60 });
    expect(change.status).toBe(403);
    expect(change.body.error).toBe('Interval not allowed');
  });

  it('answers 409 when the new URL is already another monitor\'s of the account; its own URL is fine', async () => {
    const a = await create(pro);
    const b = await create(pro);
    const taken = await request(app)[method](`/api/v1/uptime/monitors/${b.id}`).set(pro.auth).send({ url: String(a.url).replace('https://', 'HTTPS://').replace('.example.com', '.EXAMPLE.COM.') });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'URL already monitored', monitor_id: a.id });
    const own = await request(app)[method](`/api/v1/uptime/monitors/${b.id}`).set(pro.auth).send({ url: b.url });
    expect(own.status).toBe(200);
  });
});

describe('pause and resume', () => {
  it('pauses from any state, idempotently, keeping the first paused_at', async () => {
    for (const status of ['pending', 'up', 'down', 'degraded']) {
      const m = await create(pro);
      await ctx.db.query('UPDATE monitors SET status = $2 WHERE id = $1', [m.id, status]);
      const res = await request(app).post(`/api/v1/uptime/monitors/${m.id}/pause`).set(pro.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ monitor: { id: m.id, status: 'paused', paused_at: shiftDates('2026-11-21T10:30:00.000Z') }, message: 'Monitor paused' });
    }
    const m = await create(pro);
    await request(app).post(`/api/v1/uptime/monitors/${m.id}/pause`).set(pro.auth);
    clock.advance(60_000);
    const again = await request(app).post(`/api/v1/uptime/monitors/${m.id}/pause`).set(pro.auth);
    expect(again.status).toBe(200);
    expect(again.body.monitor).toEqual({ id: m.id, status: 'paused', paused_at: shiftDates('2026-11-21T10:30:00.000Z') });
    clock.set(shiftDates('2026-11-21T10:30:00Z'));
  });

  it('resumes a paused monitor as up, and answers 409 Monitor is not paused otherwise', async () => {
    const m = await create(pro);
    const notPaused = await request(app).post(`/api/v1/uptime/monitors/${m.id}/resume`).set(pro.auth);
    expect(notPaused.status).toBe(409);
    expect(notPaused.body).toEqual({ error: 'Monitor is not paused' });
    await request(app).post(`/api/v1/uptime/monitors/${m.id}/pause`).set(pro.auth);
    const res = await request(app).post(`/api/v1/uptime/monitors/${m.id}/resume`).set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ monitor: { id: m.id, status: 'up', resumed_at: shiftDates('2026-11-21T10:30:00.000Z') }, message: 'Monitor resumed' });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ status: 'up', paused_at: null, resumed_at: shiftDates('2026-11-21T10:30:00.000Z') });
    expect((await request(app).post(`/api/v1/uptime/monitors/${m.id}/resume`).set(pro.auth)).status).toBe(409);
  });
});

describe('one shape for every monitor and check, default region included', () => {
  it('a monitor in the lone default region answers regions and min_failing_regions; its checks their region', async () => {
    const created = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'here', url: uniqueUrl() });
    expect(created.body.monitor).toMatchObject({ regions: ['default'], min_failing_regions: 1 });
    const id = created.body.monitor.id as number;
    const detail = await request(app).get(`/api/v1/uptime/monitors/${id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ regions: ['default'], min_failing_regions: 1 });
    expect(detail.body.monitor.statistics).not.toHaveProperty('regions');
    const updated = await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(pro.auth).send({ regions: ['default'] });
    expect(updated.body.monitor).toMatchObject({ regions: ['default'] }); // an update answers the fields given
    await ctx.db.query(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key) VALUES ($1, $2, 'success', 10, 200, 'shape')`, [id, clock.now()]);
    const checks = await request(app).get(`/api/v1/uptime/monitors/${id}/checks`).set(pro.auth);
    expect(checks.body.checks.map((c: { region: string }) => c.region)).toEqual(['default']);
  });
});

describe('DELETE /api/v1/uptime/monitors/{id}', () => {
  it('deletes the monitor with its checks, incidents and rollups', async () => {
    const m = await create(pro);
    await ctx.db.query(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key) VALUES ($1, $2, 'success', 10, 200, 'k1')`, [m.id, clock.now()]);
    await ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, cause) VALUES ($1, $2, 'open', $3, 'x')`, [m.id, pro.account.id, clock.now()]);
    await ctx.db.query(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES ($1, date_trunc('hour', $2::timestamptz), 1, 1)`, [m.id, clock.now()]);
    const res = await request(app).delete(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Monitor deleted', deleted_monitor_id: m.id });
    for (const table of ['monitors', 'checks', 'incidents', 'monitor_rollups']) {
      const column = table === 'monitors' ? 'id' : 'monitor_id';
      const [{ count }] = (await ctx.db.query(`SELECT count(*)::int AS count FROM ${table} WHERE ${column} = $1`, [m.id])) as { count: number }[];
      expect({ table, count }).toEqual({ table, count: 0 });
    }
    expect((await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/uptime/monitors/${m.id}`).set(pro.auth)).status).toBe(404);
  });
});

/** Every path that names a monitor, with a body where it takes one. */
const ID_PATHS: [method: 'get' | 'put' | 'patch' | 'delete' | 'post', path: (id: string | number) => string, body?: object][] = [
  ['get', (id) => `/api/v1/uptime/monitors/${id}`],
  ['put', (id) => `/api/v1/uptime/monitors/${id}`, { timeout: 5 }],
  ['patch', (id) => `/api/v1/uptime/monitors/${id}`, { timeout: 5 }],
  ['delete', (id) => `/api/v1/uptime/monitors/${id}`],
  ['post', (id) => `/api/v1/uptime/monitors/${id}/pause`],
  ['post', (id) => `/api/v1/uptime/monitors/${id}/resume`],
  ['get', (id) => `/api/v1/uptime/monitors/${id}/checks`],
  ['get', (id) => `/api/v1/uptime/monitors/${id}/incidents`],
  ['post', (id) => `/api/v1/uptime/monitors/${id}/check`],
];

describe('404 Monitor not found', () => {
  it('answers another account\'s monitor exactly like a missing one on every path, and changes nothing', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const theirs = await create(owner);
    await request(app).post(`/api/v1/uptime/monitors/${theirs.id}/pause`).set(owner.auth);
    const intruder = await createTestAccount(ctx, 'business');
    for (const [method, path, body] of ID_PATHS) {
      for (const id of [theirs.id, 2_000_000_000, 'abc', '0', '-1', '1.5', '99999999999']) {
        const res = await request(app)[method](path(id)).set(intruder.auth).send(body ?? {});
        expect({ method, path: path(id), status: res.status, body: res.body }).toEqual({
          method,
          path: path(id),
          status: 404,
          body: { error: 'Monitor not found' },
        });
      }
    }
    const still = await request(app).get(`/api/v1/uptime/monitors/${theirs.id}`).set(owner.auth);
    expect(still.body.monitor).toMatchObject({ status: 'paused', timeout: 30 });
  });

  it('answers 404 before looking at an invalid body or query of another account\'s monitor', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const theirs = await create(owner);
    const intruder = await createTestAccount(ctx, 'pro');
    const put = await request(app).put(`/api/v1/uptime/monitors/${theirs.id}`).set(intruder.auth).send({ url: 'bad' });
    expect(put.status).toBe(404);
    const checks = await request(app).get(`/api/v1/uptime/monitors/${theirs.id}/checks?from_date=bad`).set(intruder.auth);
    expect(checks.status).toBe(404);
  });
});

describe('free tier', () => {
  it('answers 403 Feature not available on every /api/v1/uptime path, whatever the id, body or query', async () => {
    const free = await createTestAccount(ctx, 'free');
    const paid = await create(pro);
    const paths: [string, string, object?][] = [
      ['get', '/api/v1/uptime/status'],
      ['get', '/api/v1/uptime/monitors?per_page=abc'],
      ['post', '/api/v1/uptime/monitors', { name: 'x', url: 'https://example.com' }],
      ['post', '/api/v1/uptime/monitors', { url: 'garbage' }],
      ...ID_PATHS.flatMap(([method, path, body]) => [
        [method, path(paid.id), body] as [string, string, object?],
        [method, path('abc'), body] as [string, string, object?],
      ]),
    ];
    for (const [method, path, body] of paths) {
      const res = await request(app)[method as 'get'](path).set(free.auth).send(body ?? {});
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 403,
        body: {
          error: 'Feature not available',
          message: 'Uptime monitoring requires a Pro plan or above',
          tier: 'free',
          upgrade_url: 'http://vigil.test/pricing',
        },
      });
    }
    const [{ count }] = (await ctx.db.query('SELECT count(*)::int AS count FROM monitors WHERE account_id = $1', [free.account.id])) as { count: number }[];
    expect(count).toBe(0);
  });

  it('still answers 401 without a key (authentication comes first)', async () => {
    const res = await request(app).get('/api/v1/uptime/monitors');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key required' });
  });
});

describe('methods and documentation', () => {
  it('answers a wrong method with 405 and Allow', async () => {
    const res = await request(app).delete('/api/v1/uptime/monitors').set(pro.auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const one = await request(app).post('/api/v1/uptime/monitors/1').set(pro.auth);
    expect(one.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
  });

  it('documents every uptime route in the OpenAPI document', async () => {
    const res = await request(app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/v1/uptime/monitors']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/v1/uptime/monitors/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    for (const p of ['pause', 'resume', 'check']) expect(Object.keys(paths[`/api/v1/uptime/monitors/{id}/${p}`])).toEqual(['post']);
    for (const p of ['checks', 'incidents']) expect(Object.keys(paths[`/api/v1/uptime/monitors/{id}/${p}`])).toEqual(['get']);
    expect(Object.keys(paths['/api/v1/uptime/status'])).toEqual(['get']);
  });
});

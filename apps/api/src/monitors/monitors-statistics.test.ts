import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, shiftDates, type TestAccount, testClock, type TestContext } from '@vigil/testing';

// Now is 10:30 UTC: the 24 h window is the hours from 11:00 yesterday to 10:00 today (24 rollup
// hours), 7 d = 168 hours, 30 d = 720 hours.
const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;
let a: number;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ business: { requestsPerMinute: 100_000, requestsPerDay: null } }) },
  });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'business');
  a = await insertMonitor('up');
  for (const [hour, total, successful, sum, count] of [
    [shiftDates('2026-11-21T10:00:00Z'), 30, 30, 3000, 30], // current hour
    [shiftDates('2026-11-20T11:00:00Z'), 60, 57, 11_400, 57], // oldest hour of the 24 h window
    [shiftDates('2026-11-20T10:00:00Z'), 60, 0, 0, 0], // just outside 24 h, inside 7 d
    [shiftDates('2026-11-14T11:00:00Z'), 60, 60, 30_000, 60], // oldest hour of 7 d
    [shiftDates('2026-11-14T10:00:00Z'), 100, 50, 50_000, 50], // just outside 7 d, inside 30 d
    [shiftDates('2026-10-22T11:00:00Z'), 10, 10, 100, 10], // oldest hour of 30 d
    [shiftDates('2026-10-22T10:00:00Z'), 1000, 0, 0, 0], // outside 30 d
    [shiftDates('2026-11-21T11:00:00Z'), 1000, 0, 0, 0], // a future hour (clock skew): ignored
  ] as const) {
    await insertRollup(a, hour, total, successful, sum, count);
  }
});
afterAll(() => ctx.teardown());

let n = 0;
async function insertMonitor(status: string, isActive = true): Promise<number> {
  const url = `https://stats-${++n}.example.com/`;
  const [{ id }] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, status, is_active, check_interval) VALUES ($1, $2, $3, $3, $4, $5, 60) RETURNING id`,
    [account.account.id, `m${n}`, url, status, isActive],
  )) as { id: number }[];
  return id;
}

async function insertRollup(monitorId: number, hour: string, total: number, successful: number, sum: number, count: number) {
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count) VALUES ($1, $2, $3, $4, $5, $6)`,
    [monitorId, hour, total, successful, sum, count],
  );
}

describe('statistics from the hourly rollups', () => {
  it('fills the detail view\'s statistics with the 24 h, 7 d and 30 d windows', async () => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${a}`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.monitor.statistics).toEqual({
      uptime_24h: 96.67, // 87 / 90
      uptime_7d: 70, // 147 / 210
      uptime_30d: 64.69, // 207 / 320
      avg_response_time_24h_ms: 166, // 14,400 / 87
      avg_response_time_7d_ms: 302, // 44,400 / 147
      total_checks_24h: 90,
      successful_checks_24h: 87,
      failed_checks_24h: 3,
      avg_timings_24h_ms: null,
    });
  });

  it('gives the list view the same uptime', async () => {
    const res = await request(app).get('/api/v1/uptime/monitors').set(account.auth);
    const row = res.body.monitors.find((m: { id: number }) => m.id === a);
    expect(row).toMatchObject({ uptime_24h: 96.67, uptime_7d: 70, uptime_30d: 64.69 });
  });

  it('moves the windows with the clock, hour by hour', async () => {
    clock.set(shiftDates('2026-11-21T11:05:00Z')); // 2026-11-20T11:00 leaves the 24 h window; the "future" hour is now the current one
    const res = await request(app).get(`/api/v1/uptime/monitors/${a}`).set(account.auth);
    expect(res.body.monitor.statistics).toMatchObject({ total_checks_24h: 1030, successful_checks_24h: 30, uptime_24h: 2.91 });
    clock.set(shiftDates('2026-11-21T10:30:00Z'));
  });
});

describe('GET /api/v1/uptime/status', () => {
  it('aggregates the account: overall state, counts, 24 h uptime over all monitors, each monitor', async () => {
    const other = await createTestAccount(ctx, 'business');
    const b = await insertMonitor('degraded');
    await insertRollup(b, shiftDates('2026-11-21T09:00:00Z'), 10, 5, 50, 5);
    const c = await insertMonitor('paused');
    const d = await insertMonitor('down', false);
    await ctx.db.query(`UPDATE monitors SET last_checked_at = '${shiftDates('2026-11-21T10:29:00Z')}' WHERE id = $1`, [a]);

    const res = await request(app).get('/api/v1/uptime/status').set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'degraded', // the down monitor is inactive
      summary: { total: 4, up: 1, down: 1, degraded: 1, paused: 1, pending: 0 },
      uptime_24h: 92, // (87 + 5) / (90 + 10)
      monitors: [
        { id: a, name: expect.any(String), url: expect.any(String), status: 'up', last_check: shiftDates('2026-11-21T10:29:00.000Z'), uptime_24h: 96.67, in_maintenance: false },
        { id: b, name: expect.any(String), url: expect.any(String), status: 'degraded', last_check: null, uptime_24h: 50, in_maintenance: false },
        { id: c, name: expect.any(String), url: expect.any(String), status: 'paused', last_check: null, uptime_24h: null, in_maintenance: false },
        { id: d, name: expect.any(String), url: expect.any(String), status: 'down', last_check: null, uptime_24h: null, in_maintenance: false },
      ],
    });

    await ctx.db.query(`UPDATE monitors SET status = 'down' WHERE id = $1`, [b]);
    expect((await request(app).get('/api/v1/uptime/status').set(account.auth)).body.status).toBe('outage');
    await ctx.db.query(`UPDATE monitors SET status = 'up' WHERE id = $1`, [b]);
    expect((await request(app).get('/api/v1/uptime/status').set(account.auth)).body.status).toBe('operational');

    expect((await request(app).get('/api/v1/uptime/status').set(other.auth)).body).toEqual({
      status: 'operational',
      summary: { total: 0, up: 0, down: 0, degraded: 0, paused: 0, pending: 0 },
      uptime_24h: null,
      monitors: [],
    });
  });
});

describe('timing breakdown', () => {
  it('check records return timings and the certificate expiry; the detail averages the 24 h of rollups per phase', async () => {
    const m = await insertMonitor('up');
    const row = (at: string, timings: object | null, job: string) =>
      ctx.db.query(
        `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key, timings, certificate_expires_at)
         VALUES ($1, $2, 'success', 100, 200, $3, $4, $5)`,
        [m, shiftDates(at), job, timings && JSON.stringify(timings), shiftDates('2027-02-01T00:00:00Z')],
      );
    await row('2026-11-21T10:00:00Z', { dns: 10, connect: 20, tls: 30, first_byte: 40, download: 5 }, 'a');
    await row('2026-11-21T09:00:00Z', { dns: 20, connect: 30, tls: null, first_byte: 61, download: 6 }, 'b');
    await row('2026-11-20T10:00:00Z', { dns: 1000, connect: 1000, tls: 1000, first_byte: 1000, download: 1000 }, 'old');
    await row('2026-11-21T08:00:00Z', null, 'c'); // no timings (e.g. failed before a response)
    // The detail reads the hourly rollups' timing sums (what the checker's writer adds), not the checks.
    const rollup = (hour: string, sums: Record<string, [number, number]>) =>
      ctx.db.query(
        `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, ${Object.keys(sums).flatMap((p) => [`${p}_sum`, `${p}_count`]).join(', ')})
         VALUES ($1, $2, 2, 2, ${Object.keys(sums).flatMap((_, i) => [`$${3 + 2 * i}`, `$${4 + 2 * i}`]).join(', ')})`,
        [m, shiftDates(hour), ...Object.values(sums).flat()],
      );
    await rollup('2026-11-21T10:00:00Z', { dns: [10, 1], connect: [20, 1], tls: [30, 1], first_byte: [40, 1], download: [5, 1] });
    await rollup('2026-11-21T09:00:00Z', { dns: [20, 1], connect: [30, 1], first_byte: [61, 1], download: [6, 1] }); // no TLS
    await rollup('2026-11-20T11:00:00Z', { dns: [0, 0] }); // first hour of the window, checks without timings
    await rollup('2026-11-20T10:00:00Z', { dns: [1000, 1], connect: [1000, 1], tls: [1000, 1], first_byte: [1000, 1], download: [1000, 1] }); // outside 24 h
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m}`).set(account.auth);
    expect(detail.body.monitor.statistics.avg_timings_24h_ms).toEqual({ dns: 15, connect: 25, tls: 30, first_byte: 51, download: 6 });
    const checks = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).set(account.auth);
    expect(checks.body.checks[0]).toMatchObject({
      timings: { dns: 10, connect: 20, tls: 30, first_byte: 40, download: 5 },
      certificate_expires_at: shiftDates('2027-02-01T00:00:00.000Z'),
      details: null,
    });
    expect(checks.body.checks[2].timings).toBeNull();
  });
});

describe('GET /api/v1/uptime/monitors/{id}/checks', () => {
  let m: number;
  const start = Date.parse(shiftDates('2026-11-21T06:20:00Z'));
  beforeAll(async () => {
    m = await insertMonitor('up');
    // 250 checks, one a minute, 06:20 .. 10:29; every 10th failed.
    await ctx.db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key)
       SELECT $1, to_timestamp($2::bigint / 1000.0) + g * interval '1 minute',
              CASE WHEN g % 10 = 9 THEN 'failure' ELSE 'success' END,
              CASE WHEN g % 10 = 9 THEN NULL ELSE 100 + g END,
              CASE WHEN g % 10 = 9 THEN 503 ELSE 200 END,
              CASE WHEN g % 10 = 9 THEN 'Unexpected status code 503 Service Unavailable' END,
              'job-' || g
       FROM generate_series(0, 249) g`,
      [m, start],
    );
  });
  const at = (g: number) => new Date(start + g * 60_000).toISOString();

  it('answers the newest 100 by default with the seed\'s check records', async () => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.monitor_id).toBe(m);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 100, total: 250, pages: 3 });
    expect(res.body.checks).toHaveLength(100);
    expect(res.body.checks[0]).toEqual({
      timestamp: at(249),
      status: 'failure',
      response_time_ms: null,
      status_code: 503,
      error: 'Unexpected status code 503 Service Unavailable',
      in_maintenance: false,
      timings: null,
      certificate_expires_at: null,
      details: null,
      region: 'default',
    });
    expect(res.body.checks[1]).toEqual({
      timestamp: at(248),
      status: 'success',
      response_time_ms: 348,
      status_code: 200,
      in_maintenance: false,
      timings: null,
      certificate_expires_at: null,
      details: null,
      region: 'default',
    });
    const times = res.body.checks.map((c: { timestamp: string }) => c.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('clamps per_page to 1000 and pages', async () => {
    const all = await request(app).get(`/api/v1/uptime/monitors/${m}/checks?per_page=5000`).set(account.auth);
    expect(all.body.pagination).toEqual({ page: 1, per_page: 1000, total: 250, pages: 1 });
    expect(all.body.checks).toHaveLength(250);
    const third = await request(app).get(`/api/v1/uptime/monitors/${m}/checks?page=3`).set(account.auth);
    expect(third.body.checks).toHaveLength(50);
    expect(third.body.checks[49].timestamp).toBe(at(0));
  });

  it('filters by status', async () => {
    const failures = await request(app).get(`/api/v1/uptime/monitors/${m}/checks?status=failure&per_page=1000`).set(account.auth);
    expect(failures.body.pagination.total).toBe(25);
    expect(failures.body.checks.every((c: { status: string; error?: string }) => c.status === 'failure' && c.error)).toBe(true);
    const successes = await request(app).get(`/api/v1/uptime/monitors/${m}/checks?status=success&per_page=1000`).set(account.auth);
    expect(successes.body.pagination.total).toBe(225);
    expect(successes.body.checks.some((c: object) => 'error' in c)).toBe(false);
  });

  it('filters by from_date and to_date, both inclusive; a bare to_date covers its whole day', async () => {
    const range = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).query({ from_date: at(10), to_date: at(19) }).set(account.auth);
    expect(range.body.pagination.total).toBe(10);
    expect(range.body.checks[0].timestamp).toBe(at(19));
    expect(range.body.checks[9].timestamp).toBe(at(10));
    const day = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).query({ from_date: shiftDates('2026-11-21'), to_date: shiftDates('2026-11-21') }).set(account.auth);
    expect(day.body.pagination.total).toBe(250);
    const offset = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).query({ to_date: shiftDates('2026-11-21T08:20:00+02:00') }).set(account.auth);
    expect(offset.body.pagination.total).toBe(1);
    const none = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).query({ from_date: shiftDates('2026-11-22') }).set(account.auth);
    expect(none.body).toMatchObject({ checks: [], pagination: { total: 0, pages: 0 } });
  });

  it.each([
    [{ from_date: 'yesterday' }, 'Invalid from_date: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
    [{ to_date: shiftDates('2026-13-01') }, 'Invalid to_date: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
    [{ from_date: shiftDates('2026-11-21T10:00:00Z'), to_date: shiftDates('2026-11-21T09:00:00Z') }, 'Invalid date range: from_date must not be after to_date'],
    [{ status: 'ok' }, 'Invalid status: must be success or failure'],
    [{ per_page: '0' }, 'Invalid per_page: must be a positive integer'],
    [{ page: 'x' }, 'Invalid page: must be a positive integer'],
  ])('answers 400 for %j', async (query, message) => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${m}/checks`).query(query).set(account.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });
});

describe('GET /api/v1/uptime/monitors/{id}/incidents', () => {
  let m: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    m = await insertMonitor('down');
    const rows: [string, string, string | null, number | null, number, object[]][] = [
      ['old', shiftDates('2026-09-01T00:00:00Z'), shiftDates('2026-09-01T01:00:00Z'), 3600, 5, []],
      ['nov10', shiftDates('2026-11-10T00:00:00Z'), shiftDates('2026-11-10T00:10:00Z'), 600, 3, [{ type: 'email', sent_at: shiftDates('2026-11-10T00:00:05.000Z') }]],
      ['nov15', shiftDates('2026-11-15T00:00:00Z'), shiftDates('2026-11-15T00:01:00Z'), 60, 2, []],
      ['open', shiftDates('2026-11-21T10:00:00Z'), null, null, 4, [{ type: 'webhook', sent_at: shiftDates('2026-11-21T10:00:02.000Z') }]],
    ];
    for (const [key, started, resolved, duration, affected, alerts] of rows) {
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks, alerts_sent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [m, account.account.id, resolved ? 'resolved' : 'open', started, resolved, duration, `cause ${key}`, affected, JSON.stringify(alerts)],
      )) as { id: number }[];
      ids[key] = id;
    }
  });

  it('lists incidents newest first with the 30-day summary', async () => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${m}/incidents`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.monitor_id).toBe(m);
    expect(res.body.incidents.map((i: { id: number }) => i.id)).toEqual([ids.open, ids.nov15, ids.nov10, ids.old]);
    expect(res.body.incidents[0]).toEqual({
      id: ids.open,
      status: 'open',
      started_at: shiftDates('2026-11-21T10:00:00.000Z'),
      resolved_at: null,
      duration_seconds: null,
      cause: 'cause open',
      affected_checks: 4,
      acknowledged_at: null,
      acknowledged_by: null,
      alerts_sent: [{ type: 'webhook', sent_at: shiftDates('2026-11-21T10:00:02.000Z'), kind: 'alert' }],
    });
    expect(res.body.incidents[2]).toEqual({
      id: ids.nov10,
      status: 'resolved',
      started_at: shiftDates('2026-11-10T00:00:00.000Z'),
      resolved_at: shiftDates('2026-11-10T00:10:00.000Z'),
      duration_seconds: 600,
      cause: 'cause nov10',
      affected_checks: 3,
      acknowledged_at: null,
      acknowledged_by: null,
      alerts_sent: [{ type: 'email', sent_at: shiftDates('2026-11-10T00:00:05.000Z'), kind: 'alert' }],
    });
    expect(res.body.summary).toEqual({ total_incidents_30d: 3, total_downtime_30d_seconds: 600 + 60 + 1800, mttr_seconds: 330 });
    expect(res.body.pagination).toEqual({ page: 1, per_page: 20, total: 4, pages: 1 });
  });

  it('filters by status and started_at range, pages, and keeps the summary', async () => {
    const get = (query: Record<string, string>) => request(app).get(`/api/v1/uptime/monitors/${m}/incidents`).query(query).set(account.auth);
    const idsOf = (res: { body: { incidents: { id: number }[] } }) => res.body.incidents.map((i) => i.id);
    expect(idsOf(await get({ status: 'open' }))).toEqual([ids.open]);
    expect(idsOf(await get({ status: 'resolved' }))).toEqual([ids.nov15, ids.nov10, ids.old]);
    expect(idsOf(await get({ from_date: shiftDates('2026-11-01') }))).toEqual([ids.open, ids.nov15, ids.nov10]);
    expect(idsOf(await get({ to_date: shiftDates('2026-11-14') }))).toEqual([ids.nov10, ids.old]);
    expect(idsOf(await get({ from_date: shiftDates('2026-11-10'), to_date: shiftDates('2026-11-15'), status: 'resolved' }))).toEqual([ids.nov15, ids.nov10]);
    const page2 = await get({ per_page: '3', page: '2' });
    expect(idsOf(page2)).toEqual([ids.old]);
    expect(page2.body.pagination).toEqual({ page: 2, per_page: 3, total: 4, pages: 2 });
    expect(page2.body.summary.total_incidents_30d).toBe(3);
    expect((await get({ per_page: '500' })).body.pagination.per_page).toBe(100);
  });

  it.each([
    [{ status: 'closed' }, 'Invalid status: must be open or resolved'],
    [{ from_date: '11/01/2026' }, 'Invalid from_date: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z'],
    [{ per_page: '-1' }, 'Invalid per_page: must be a positive integer'],
  ])('answers 400 for %j', async (query, message) => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${m}/incidents`).query(query).set(account.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('has an empty summary without incidents', async () => {
    const empty = await insertMonitor('up');
    const res = await request(app).get(`/api/v1/uptime/monitors/${empty}/incidents`).set(account.auth);
    expect(res.body).toEqual({
      monitor_id: empty,
      incidents: [],
      summary: { total_incidents_30d: 0, total_downtime_30d_seconds: 0, mttr_seconds: null },
      pagination: { page: 1, per_page: 20, total: 0, pages: 0 },
    });
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, shiftDates as d, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { FINISHED_DAYS_TTL_MS } from '../monitors/finished-days.js';

const clock = testClock('2026-12-10T12:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let monitorId: number;
let quietId: number;

async function monitor(name: string, url: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name, url, ...over });
  expect(res.status).toBe(201);
  // Rows get created_at from PostgreSQL's clock; pin it to the manual clock's world.
  await ctx.db.query(`UPDATE monitors SET created_at = $2 WHERE id = $1`, [res.body.monitor.id, d('2026-10-15T00:00:00Z')]);
  return res.body.monitor.id as number;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null } }) } });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  monitorId = await monitor('Shop, EU', 'https://sla-a.example.com/', { slo_target: 99.9 });
  quietId = await monitor('Blog', 'https://sla-b.example.com/');
  const incident = (start: string, end: string | null) =>
    ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause) VALUES ($1, $2, $3, $4, $5, $6, 'x')`, [
      monitorId,
      pro.account.id,
      end ? 'resolved' : 'open',
      start,
      end,
      end ? (Date.parse(end) - Date.parse(start)) / 1000 : null,
    ]);
  await incident(d('2026-11-10T10:00:00Z'), d('2026-11-10T11:00:00Z')); // 1 h, half of it in maintenance
  await incident(d('2026-11-30T23:00:00Z'), d('2026-12-01T01:00:00Z')); // 1 h in November
  await ctx.db.query(
    d(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES ($1, '2026-11-05T00:00:00Z', 60, 60), ($1, '2026-11-10T10:00:00Z', 60, 0), ($1, '2026-12-01T00:00:00Z', 60, 0)`),
    [monitorId],
  );
  const window = await request(app)
    .post('/api/v1/maintenance-windows')
    .set(pro.auth)
    .send({ title: 'Patch', monitor_ids: [monitorId], starts_at: d('2026-11-10T10:30:00Z'), ends_at: d('2026-11-10T12:30:00Z') });
  expect(window.status).toBe(201);
});
afterAll(() => ctx.teardown());

const NOVEMBER_S = 30 * 86_400;

describe('GET /api/v1/uptime/monitors/{id}/sla', () => {
  it('reports a month from incidents, rollups and maintenance, with the error budget', async () => {
    const res = await request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?from=2026-11-01&to=2026-11-30`)).set(pro.auth);
    expect(res.status).toBe(200);
    const served = NOVEMBER_S - 7200;
    expect(res.body).toEqual({
      monitor_id: monitorId,
      name: 'Shop, EU',
      period: { from: d('2026-11-01T00:00:00.000Z'), to: d('2026-12-01T00:00:00.000Z'), monitored_seconds: NOVEMBER_S },
      uptime_percentage: Math.round(((NOVEMBER_S - 7200) / NOVEMBER_S) * 100_000) / 1000,
      downtime_seconds: 7200,
      incidents: 2,
      mttr_seconds: 3600,
      mtbf_seconds: (NOVEMBER_S - 7200) / 2,
      maintenance_seconds: 7200,
      uptime_excluding_maintenance_percentage: Math.round(((served - 5400) / served) * 100_000) / 1000,
      checks: { total: 120, successful: 60, uptime_percentage: 50 },
      slo: {
        target: 99.9,
        met: false,
        error_budget_seconds: Math.round(served * 0.001),
        error_budget_used_seconds: 5400,
        error_budget_remaining_seconds: Math.round(served * 0.001) - 5400,
        error_budget_remaining_percentage: expect.any(Number),
      },
    });
  });

  it('defaults to the current month so far', async () => {
    const res = await request(app).get(`/api/v1/uptime/monitors/${monitorId}/sla`).set(pro.auth);
    expect(res.body.period).toEqual({ from: d('2026-12-01T00:00:00.000Z'), to: d('2026-12-10T12:00:00.000Z'), monitored_seconds: 9.5 * 86_400 });
    expect(res.body).toMatchObject({ downtime_seconds: 3600, incidents: 1, checks: { total: 60, successful: 0 } });
    // The error budget is the whole month's (31 days of December), of which the hour is used.
    expect(res.body.slo).toMatchObject({ error_budget_seconds: Math.round(31 * 86_400 * 0.001), error_budget_used_seconds: 3600 });
  });

  it('takes month=YYYY-MM as the account report does (the same report), and refuses it with from or to', async () => {
    const byMonth = await request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?month=2026-11`)).set(pro.auth);
    expect(byMonth.status).toBe(200);
    const byRange = await request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?from=2026-11-01&to=2026-11-30`)).set(pro.auth);
    expect(byMonth.body).toEqual(byRange.body);
    const account = await request(app).get(d(`/api/v1/uptime/sla?month=2026-11`)).set(pro.auth);
    expect(account.body.monitors.find((m: { monitor_id: number }) => m.monitor_id === monitorId)).toEqual(byMonth.body);
    const bad = async (q: string) => (await request(app).get(`/api/v1/uptime/monitors/${monitorId}/sla?${q}`).set(pro.auth)).body;
    expect(await bad('month=2026-13')).toEqual({ error: 'Invalid month: must be YYYY-MM, e.g. 2026-11' });
    expect(await bad(d('month=2026-11&from=2026-11-01'))).toEqual({ error: 'Invalid month: give either month or from and to, not both' });
  });

  it('answers CSV for format=csv and for Accept: text/csv', async () => {
    for (const req of [
      request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?from=2026-11-01&to=2026-11-30&format=csv`)).set(pro.auth),
      request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?from=2026-11-01&to=2026-11-30`)).set(pro.auth).set('Accept', 'text/csv'),
    ]) {
      const res = await req;
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename=sla-monitor-${monitorId}.csv`);
      const lines = res.text.split('\r\n');
      expect(lines[0].split(',').slice(0, 3)).toEqual(['monitor_id', 'monitor_name', 'from']);
      expect(lines[1]).toMatch(new RegExp(d(`^${monitorId},"Shop, EU",2026-11-01T00:00:00.000Z,2026-12-01T00:00:00.000Z,${NOVEMBER_S},`)));
      expect(lines).toHaveLength(3);
    }
  });

  it('answers 404 before 400, and 400 for bad ranges and formats', async () => {
    const other = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/uptime/monitors/${monitorId}/sla?from=bad`).set(other.auth)).body).toEqual({ error: 'Monitor not found' });
    const bad = async (q: string) => (await request(app).get(`/api/v1/uptime/monitors/${monitorId}/sla?${q}`).set(pro.auth)).body;
    expect(await bad('from=bad')).toEqual({ error: 'Invalid from: must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z' });
    expect(await bad('from=2026-11-02&to=2026-11-01')).toEqual({ error: 'Invalid date range: from must be before to' });
    expect(await bad('from=2025-01-01&to=2026-11-01')).toEqual({ error: 'Invalid date range: at most 366 days' });
    expect(await bad('format=xml')).toEqual({ error: 'Invalid format: must be json or csv' });
  });

  it('is a Pro feature', async () => {
    const free = await createTestAccount(ctx, 'free');
    const res = await request(app).get(`/api/v1/uptime/monitors/${monitorId}/sla`).set(free.auth);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Feature not available');
    expect((await request(app).get('/api/v1/uptime/sla').set(free.auth)).status).toBe(403);
  });
});

describe('GET /api/v1/uptime/sla', () => {
  it('reports every monitor of the account for a month, with a summary', async () => {
    const res = await request(app).get(d('/api/v1/uptime/sla?month=2026-11')).set(pro.auth);
    expect(res.status).toBe(200);
    expect(res.body.month).toBe(d('2026-11'));
    expect(res.body.period).toEqual({ from: d('2026-11-01T00:00:00.000Z'), to: d('2026-12-01T00:00:00.000Z') });
    expect(res.body.monitors.map((m: { monitor_id: number }) => m.monitor_id)).toEqual([monitorId, quietId]);
    expect(res.body.monitors[1]).toMatchObject({ name: 'Blog', uptime_percentage: 100, downtime_seconds: 0, slo: null, checks: { total: 0, uptime_percentage: null } });
    expect(res.body.summary).toEqual({
      monitors: 2,
      incidents: 2,
      downtime_seconds: 7200,
      average_uptime_percentage: Math.round(((res.body.monitors[0].uptime_percentage + 100) / 2) * 1000) / 1000,
    });
    const csv = await request(app).get(d('/api/v1/uptime/sla?month=2026-11&format=csv')).set(pro.auth);
    expect(csv.headers['content-disposition']).toBe(d('attachment; filename=sla-2026-11.csv'));
    expect(csv.text.split('\r\n')).toHaveLength(4);
    expect((await request(app).get('/api/v1/uptime/sla?month=2026-13').set(pro.auth)).body).toEqual({ error: 'Invalid month: must be YYYY-MM, e.g. 2026-11' });
  });
});

describe('identical reports at once (one read, each answer in its own format)', () => {
  /**
   * Counts the account report's reads of its monitors (SLA_FACTS) while `run` runs; each takes
   * 200 ms more, so the requests arrive while one runs.
   */
  async function countingFactsReads<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
    const query = ctx.db.query.bind(ctx.db);
    let reads = 0;
    ctx.db.query = ((sql: string, ...rest: unknown[]) => {
      if (!sql.includes('slo_target AS "sloTarget"')) return query(sql, ...(rest as [unknown[]]));
      reads++;
      return new Promise((resolve) => setTimeout(resolve, 200)).then(() => query(sql, ...(rest as [unknown[]])));
    }) as typeof ctx.db.query;
    try {
      return { result: await run(), reads };
    } finally {
      ctx.db.query = query;
    }
  }

  it('answers each overlapping request as a lone one would, JSON or CSV, from fewer reads than requests', async () => {
    const url = d('/api/v1/uptime/sla?month=2026-11');
    const alone = { json: await request(app).get(url).set(pro.auth), csv: await request(app).get(url).set(pro.auth).set('Accept', 'text/csv') };
    const { result: answers, reads } = await countingFactsReads(() =>
      Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? request(app).get(url).set(pro.auth).set('Accept', 'text/csv') : request(app).get(url).set(pro.auth)))),
    );
    answers.forEach((res, i) => {
      const lone = i % 2 ? alone.csv : alone.json;
      expect([res.status, res.headers['content-type'], res.headers['content-disposition'], res.headers.vary, res.headers.etag, res.text]).toEqual([
        200,
        lone.headers['content-type'],
        lone.headers['content-disposition'],
        lone.headers.vary,
        lone.headers.etag,
        lone.text,
      ]);
    });
    expect(reads).toBeLessThan(answers.length);
  });

  it('shares a monitor report only for the same monitor and period, its 404 included, and a report asked after a change shows it', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const monitorUrl = (id: number) => d(`/api/v1/uptime/monitors/${id}/sla?from=2026-11-01&to=2026-11-30`);
    const [mine, quiet, theirs, december] = await Promise.all([
      request(app).get(monitorUrl(monitorId)).set(pro.auth),
      request(app).get(monitorUrl(quietId)).set(pro.auth),
      request(app).get(monitorUrl(monitorId)).set(other.auth),
      request(app).get(d(`/api/v1/uptime/monitors/${monitorId}/sla?month=2026-12`)).set(pro.auth),
    ]);
    expect([mine.body.monitor_id, mine.body.incidents, quiet.body.monitor_id, quiet.body.incidents, theirs.status, december.body.period.from]).toEqual([
      monitorId,
      2,
      quietId,
      0,
      404,
      d('2026-12-01T00:00:00.000Z'),
    ]);
    // On the period's first day, which a report reads live (its finished days after it are held: below).
    await ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause) VALUES ($1, $2, 'resolved', $3, $4, 60, 'x')`, [
      quietId,
      pro.account.id,
      d('2026-11-01T10:00:00Z'),
      d('2026-11-01T10:01:00Z'),
    ]);
    expect((await request(app).get(monitorUrl(quietId)).set(pro.auth)).body.incidents).toBe(1);
    await ctx.db.query(`DELETE FROM incidents WHERE monitor_id = $1`, [quietId]);
  });
});

describe("a report's finished days, held in the process", () => {
  const url = (id: number) => d(`/api/v1/uptime/monitors/${id}/sla?from=2026-11-01&to=2026-11-30`);

  it('answers a report from held days as from days read afresh, and an account report the same figures', async () => {
    const first = await request(app).get(url(monitorId)).set(pro.auth);
    const again = await request(app).get(url(monitorId)).set(pro.auth);
    const fresh = await request(createApp(ctx)).get(url(monitorId)).set(pro.auth);
    expect(again.body).toEqual(first.body);
    expect(fresh.body).toEqual(first.body);
    expect([first.body.incidents, first.body.downtime_seconds]).toEqual([2, 7200]);
    const account = await request(app).get(d('/api/v1/uptime/sla?month=2026-11')).set(pro.auth);
    const row = account.body.monitors.find((m: { monitor_id: number }) => m.monitor_id === monitorId);
    expect([row.incidents, row.downtime_seconds, row.maintenance_seconds]).toEqual([first.body.incidents, first.body.downtime_seconds, first.body.maintenance_seconds]);
  });

  it('shows a change on a finished day once the held days are older than FINISHED_DAYS_TTL_MS', async () => {
    expect((await request(app).get(url(quietId)).set(pro.auth)).body.incidents).toBe(0);
    await ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause) VALUES ($1, $2, 'resolved', $3, $4, 60, 'x')`, [
      quietId,
      pro.account.id,
      d('2026-11-20T10:00:00Z'),
      d('2026-11-20T10:01:00Z'),
    ]);
    const before = clock.now();
    try {
      // Finished days do not change in production (LATE_WRITES_MS): an incident written into one is a correction.
      expect((await request(app).get(url(quietId)).set(pro.auth)).body.incidents).toBe(0);
      clock.advance(FINISHED_DAYS_TTL_MS);
      const res = await request(app).get(url(quietId)).set(pro.auth);
      expect([res.body.incidents, res.body.downtime_seconds]).toEqual([1, 60]);
    } finally {
      clock.set(before);
      await ctx.db.query(`DELETE FROM incidents WHERE monitor_id = $1`, [quietId]);
    }
  });
});

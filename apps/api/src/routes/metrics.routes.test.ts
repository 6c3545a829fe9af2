import request from 'supertest';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createApp } from '@vigil/api';
import { recordChecks } from '@vigil/checker';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:30:00Z');
const HOUR = 3_600_000;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

async function keyWith(auth: Record<string, string>, scopes: string[]): Promise<Record<string, string>> {
  const res = await request(app).post('/api/v1/api-keys').set(auth).send({ name: 'scraper', scopes });
  expect(res.status).toBe(201);
  return { Authorization: `Bearer ${res.body.key}` };
}

/** Every sample of a family: labels -> value. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const family = parsePrometheusTextFormat(text).find((f) => f.name === name);
  if (!family) throw new Error(`no ${name} in the scrape`);
  expect(family.type).toBe('GAUGE');
  return family.metrics.map((m) => ({ labels: m.labels ?? {}, value: Number(m.value) }));
}

async function rollup(monitorId: number, hoursAgo: number, total: number, successful: number): Promise<void> {
  const hour = new Date(Math.floor(clock.now().getTime() / HOUR) * HOUR - hoursAgo * HOUR);
  await ctx.db.query(
    'INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count) VALUES ($1, $2, $3, $4, $5, $4)',
    [monitorId, hour, total, successful, successful * 100],
  );
}

describe('GET /api/v1/metrics', () => {
  it('answers the Prometheus text format whose figures are the API\'s, names escaped', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    const tricky = 'shop "eu"\\main\nline two';
    const a = (await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'a', url: 'https://a.example.com' })).body.monitor;
    const b = (await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'b', url: 'https://b.example.com' })).body.monitor;
    await ctx.db.query(`UPDATE monitors SET name = $2, status = 'up', last_response_time_ms = 123 WHERE id = $1`, [a.id, tricky]);
    await ctx.db.query(`UPDATE monitors SET status = 'down' WHERE id = $1`, [b.id]);
    await ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, cause) VALUES ($1, $2, 'open', $3, 'Timeout')`, [b.id, account.id, clock.now()]);
    await rollup(a.id, 1, 60, 59);
    await rollup(a.id, 48, 60, 30);
    await rollup(a.id, 24 * 20, 60, 0);
    await rollup(b.id, 1, 10, 0);
    const [{ id: domainId }] = (await ctx.db.query(
      `INSERT INTO domains (account_id, hostname, ssl_grade, header_grade, cert_valid_to) VALUES ($1, 'www.example.com', 'A+', 'C', $2) RETURNING id`,
      [account.id, new Date(clock.now().getTime() + 40.5 * 24 * HOUR)],
    )) as { id: number }[];

    const scraper = await keyWith(auth, ['monitors:read']);
    const res = await request(app).get('/api/v1/metrics').set(scraper);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('name="shop \\"eu\\"\\\\main\\nline two"');

    const up = samples(res.text, 'vigil_monitor_up');
    expect(up).toEqual([
      { labels: { monitor_id: String(a.id), name: tricky, type: 'http', region: 'default' }, value: 1 },
      { labels: { monitor_id: String(b.id), name: 'b', type: 'http', region: 'default' }, value: 0 },
    ]);
    const states = samples(res.text, 'vigil_monitor_state').filter((s) => s.value === 1).map((s) => [s.labels.monitor_id, s.labels.state]);
    expect(states).toEqual([[String(a.id), 'up'], [String(b.id), 'down']]);
    expect(samples(res.text, 'vigil_monitor_open_incidents').map((s) => s.value)).toEqual([0, 1]);

    const listed = (await request(app).get('/api/v1/uptime/monitors').set(auth)).body.monitors as { id: number; last_response_time_ms: number | null }[];
    for (const monitor of [a, b]) {
      const detail = (await request(app).get(`/api/v1/uptime/monitors/${monitor.id}`).set(auth)).body.monitor;
      const uptime = samples(res.text, 'vigil_monitor_uptime_percent').filter((s) => s.labels.monitor_id === String(monitor.id));
      expect(Object.fromEntries(uptime.map((s) => [s.labels.window, s.value]))).toEqual({
        '24h': detail.statistics.uptime_24h,
        '7d': detail.statistics.uptime_7d,
        '30d': detail.statistics.uptime_30d,
      });
      const rt = samples(res.text, 'vigil_monitor_response_time_milliseconds').find((s) => s.labels.monitor_id === String(monitor.id));
      expect(rt?.value ?? null).toBe(listed.find((m) => m.id === monitor.id)?.last_response_time_ms);
    }

    const domain = (await request(app).get(`/api/v1/domains/${domainId}`).set(auth)).body.domain;
    const domainLabels = { domain_id: String(domainId), hostname: 'www.example.com' };
    expect(samples(res.text, 'vigil_domain_certificate_expiry_days')).toEqual([{ labels: domainLabels, value: domain.days_until_expiry }]);
    expect(domain.days_until_expiry).toBe(40);
    expect(samples(res.text, 'vigil_domain_tls_grade')).toEqual([{ labels: domainLabels, value: 6 }]);
    expect(samples(res.text, 'vigil_domain_header_grade')).toEqual([{ labels: domainLabels, value: 3 }]);
  });

  it('exports the timing phases of each monitor\'s last check, as the checks list shows them', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const m = (await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'phases', url: 'https://phases.example.com' })).body.monitor;
    const check = (at: Date, timings: Record<string, number | null>) => ({
      monitorId: m.id,
      jobKey: `phases-${at.getTime()}`,
      manual: false,
      result: { timestamp: at.toISOString(), status: 'success' as const, response_time_ms: 90, status_code: 200, timings: { dns: null, connect: null, tls: null, first_byte: null, download: null, ...timings } },
    });
    // Through the checker's own writer: the older check first, then the last one (a reused connection: no dns, connect, tls).
    await recordChecks(ctx.db, [check(new Date(clock.now().getTime() - 120_000), { dns: 9, connect: 9, tls: 9, first_byte: 9, download: 9 })]);
    await recordChecks(ctx.db, [check(new Date(clock.now().getTime() - 60_000), { first_byte: 71, download: 19 })]);
    clock.advance(11_000);

    const text = (await request(app).get('/api/v1/metrics').set(auth)).text;
    const phases = samples(text, 'vigil_monitor_timing_milliseconds').filter((s) => s.labels.monitor_id === String(m.id));
    const last = (await request(app).get(`/api/v1/uptime/monitors/${m.id}/checks`).set(auth)).body.checks[0];
    expect(last.timings).toEqual({ dns: null, connect: null, tls: null, first_byte: 71, download: 19 });
    expect(Object.fromEntries(phases.map((s) => [s.labels.phase, s.value]))).toEqual({ first_byte: 71, download: 19 });
    expect(phases[0].labels).toMatchObject({ name: 'phases', type: 'http', region: 'default' });
  });

  it('exports per region whether a multi-region monitor\'s regions passed its last judged round', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const multi = (await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'multi', url: 'https://multi.example.com' })).body.monitor;
    const single = (await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'single', url: 'https://single.example.com' })).body.monitor;
    await ctx.db.query(`UPDATE monitors SET regions = '{eu,us,ap}' WHERE id = $1`, [multi.id]);
    const round = (id: number, key: string, minutesAgo: number, failing: string[], skipped: string[]) =>
      ctx.db.query(`INSERT INTO monitor_rounds (monitor_id, job_key, judged_at, failed, failing_regions, skipped_regions) VALUES ($1, $2, $3, $4, $5, $6)`, [
        id,
        key,
        new Date(clock.now().getTime() - minutesAgo * 60_000),
        failing.length > 1,
        failing,
        skipped,
      ]);
    await round(multi.id, 'z-older', 2, ['eu', 'us', 'ap'], []);
    await round(multi.id, 'a-last', 1, ['us'], ['ap']);
    await round(single.id, 'only', 1, ['default'], []);
    clock.advance(11_000);

    const text = (await request(app).get('/api/v1/metrics').set(auth)).text;
    const regions = samples(text, 'vigil_monitor_region_up');
    expect(regions.map((s) => [s.labels.monitor_id, s.labels.region, s.value])).toEqual([
      [String(multi.id), 'eu', 1],
      [String(multi.id), 'us', 0],
    ]);
    expect(regions[0].labels).toMatchObject({ name: 'multi', type: 'http' });
  });

  it('serves an account\'s figures from memory for a few seconds', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const first = await request(app).get('/api/v1/metrics').set(auth);
    expect(samples(first.text, 'vigil_monitor_up')).toEqual([]);
    await request(app).post('/api/v1/uptime/monitors').set(auth).send({ name: 'new', url: 'https://n.example.com' });
    expect((await request(app).get('/api/v1/metrics').set(auth)).text).toBe(first.text);
    clock.advance(11_000);
    expect(samples((await request(app).get('/api/v1/metrics').set(auth)).text, 'vigil_monitor_up')).toHaveLength(1);
  });

  it('needs monitors:read', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).get('/api/v1/metrics').set(await keyWith(auth, ['domains:read']));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Insufficient scope', required: 'monitors:read' });
    expect((await request(app).get('/api/v1/metrics').set(await keyWith(auth, ['*:read']))).status).toBe(200);
  });
});

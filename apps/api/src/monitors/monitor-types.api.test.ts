import request from 'supertest';
import { createApp } from '@vigil/api';
import { DNS_CONFIG_MESSAGES, JobName, TCP_CONFIG_MESSAGES } from '@vigil/core';
import { bucketsOfMonitor, createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';
import { MONITOR_INPUT_MESSAGES as M } from './monitor-input.js';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({
        pro: { requestsPerMinute: 100_000, requestsPerDay: null },
        business: { requestsPerMinute: 100_000, requestsPerDay: null },
      }),
    },
  });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'business');
});
afterAll(() => ctx.teardown());

const post = (body: Record<string, unknown>, who: TestAccount = account) => request(app).post('/api/v1/uptime/monitors').set(who.auth).send(body);
const put = (id: number, body: Record<string, unknown>) => request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send(body);
const detail = async (id: number) => (await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth)).body.monitor as Record<string, unknown>;
let n = 0;
const host = () => `db-${++n}.example.com`;

describe('tcp monitors', () => {
  it('creates with defaults: url is the display target, config the typed configuration', async () => {
    const h = host();
    const res = await post({ name: 'DB', type: 'tcp', config: { host: h.toUpperCase(), port: 5432 } });
    expect(res.status).toBe(201);
    expect(res.body.monitor).toEqual({
      id: expect.any(Number),
      name: 'DB',
      type: 'tcp',
      url: `tcp://${h}:5432`,
      config: { host: h, port: 5432, tls: false, verify_tls: true, servername: null },
      status: 'pending',
      check_interval: 300,
      timeout: 30,
      alert_threshold: 2,
      is_active: true,
      created_at: expect.any(String),
      regions: ['default'],
      min_failing_regions: 1,
    });
    const d = await detail(res.body.monitor.id);
    expect(d).toMatchObject({ type: 'tcp', url: `tcp://${h}:5432`, config: res.body.monitor.config, degraded_threshold_ms: 5000 });
    expect(d).not.toHaveProperty('method');
    expect(d).not.toHaveProperty('headers');
  });

  it('is unique per account on host:port and tls', async () => {
    const h = host();
    const first = await post({ name: 'a', type: 'tcp', config: { host: h, port: 443 } });
    expect(first.status).toBe(201);
    const dup = await post({ name: 'b', type: 'tcp', config: { host: `${h}.`, port: 443 } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'TCP target already monitored', monitor_id: first.body.monitor.id });
    expect((await post({ name: 'c', type: 'tcp', config: { host: h, port: 443, tls: true } })).status).toBe(201);
    expect((await post({ name: 'd', type: 'tcp', config: { host: h, port: 444 } })).status).toBe(201);
    expect((await post({ name: 'e', type: 'tcp', config: { host: h, port: 443 } }, await createTestAccount(ctx, 'pro'))).status).toBe(201);
  });

  it('names the bad field of config', async () => {
    const cases: [unknown, string][] = [
      [undefined, TCP_CONFIG_MESSAGES.config],
      ['db:5432', TCP_CONFIG_MESSAGES.config],
      [{ port: 1 }, TCP_CONFIG_MESSAGES.host],
      [{ host: 'bad host', port: 1 }, TCP_CONFIG_MESSAGES.host],
      [{ host: 'db.example.com' }, TCP_CONFIG_MESSAGES.port],
      [{ host: 'db.example.com', port: 70_000 }, TCP_CONFIG_MESSAGES.port],
      [{ host: 'db.example.com', port: 1, tls: 'yes' }, TCP_CONFIG_MESSAGES.tls],
      [{ host: 'db.example.com', port: 1, servername: '-x-' }, TCP_CONFIG_MESSAGES.servername],
    ];
    for (const [config, error] of cases) {
      const res = await post({ name: 'x', type: 'tcp', config });
      expect({ config, status: res.status, body: res.body }).toEqual({ config, status: 400, body: { error } });
    }
  });

  it('refuses the http-only fields, and http refuses config', async () => {
    const res = await post({ name: 'x', type: 'tcp', url: 'https://example.com/', config: { host: host(), port: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid url: not a field of tcp monitors (configure them in config)');
    const http = await post({ name: 'x', url: 'https://config.example.com/', config: { host: 'a' } });
    expect(http.body).toEqual({ error: M.configOfHttp });
    expect((await post({ name: 'x', type: 'ftp' })).body).toEqual({ error: M.type });
    expect((await post({ name: 'x' })).body).toEqual({ error: M.url });
  });

  it('update merges config, re-checks uniqueness, never changes the type', async () => {
    const h = host();
    const { id } = (await post({ name: 'a', type: 'tcp', config: { host: h, port: 1 } })).body.monitor;
    const b = (await post({ name: 'b', type: 'tcp', config: { host: h, port: 2 } })).body.monitor.id as number;
    const res = await put(id, { config: { port: 3, tls: true } });
    expect(res.status).toBe(200);
    expect(res.body.monitor).toMatchObject({ id, config: { host: h, port: 3, tls: true, verify_tls: true, servername: null } });
    expect(await detail(id)).toMatchObject({ url: `tls://${h}:3` });
    expect((await put(id, { config: { port: 2, tls: false } })).body).toEqual({ error: 'TCP target already monitored', monitor_id: b });
    expect((await put(id, { type: 'dns' })).body).toEqual({ error: M.typeChange });
    expect((await put(id, { method: 'POST' })).body).toEqual({ error: 'Invalid method: not a field of tcp monitors (configure them in config)' });
    expect((await put(id, { type: 'tcp', timeout: 5 })).status).toBe(200);
    expect((await put(id, { config: { port: 0 } })).body).toEqual({ error: TCP_CONFIG_MESSAGES.port });
  });
});

describe('dns monitors', () => {
  it('creates with defaults and a canonical resolver', async () => {
    const res = await post({ name: 'MX', type: 'dns', config: { name: 'Example.COM.', record_type: 'MX', resolver: '9.9.9.9:53' } });
    expect(res.status).toBe(201);
    expect(res.body.monitor).toMatchObject({
      type: 'dns',
      url: 'dns://9.9.9.9/example.com?type=MX',
      config: { name: 'example.com', record_type: 'MX', expected_values: [], match: 'any', resolver: '9.9.9.9' },
    });
  });

  it('is unique on name, record type and resolver', async () => {
    const config = { name: 'unique.example.com', record_type: 'A' };
    const first = await post({ name: 'a', type: 'dns', config });
    expect(first.status).toBe(201);
    expect((await post({ name: 'b', type: 'dns', config })).body).toEqual({ error: 'DNS record already monitored', monitor_id: first.body.monitor.id });
    expect((await post({ name: 'c', type: 'dns', config: { ...config, record_type: 'AAAA' } })).status).toBe(201);
    expect((await post({ name: 'd', type: 'dns', config: { ...config, resolver: '[2606:4700::1111]:5353' } })).body.monitor.url).toBe(
      'dns://[2606:4700::1111]:5353/unique.example.com?type=A',
    );
  });

  it('names the bad field of config', async () => {
    const cases: [unknown, string][] = [
      [{ record_type: 'A' }, DNS_CONFIG_MESSAGES.name],
      [{ name: '1.2.3.4', record_type: 'A' }, DNS_CONFIG_MESSAGES.name],
      [{ name: 'x.example.com', record_type: 'SRV' }, DNS_CONFIG_MESSAGES.recordType],
      [{ name: 'x.example.com', record_type: 'A', expected_values: 'a' }, DNS_CONFIG_MESSAGES.expectedValues],
      [{ name: 'x.example.com', record_type: 'A', expected_values: Array(21).fill('a') }, DNS_CONFIG_MESSAGES.expectedValues],
      [{ name: 'x.example.com', record_type: 'A', match: 'some' }, DNS_CONFIG_MESSAGES.match],
      [{ name: 'x.example.com', record_type: 'A', resolver: 'dns.google' }, DNS_CONFIG_MESSAGES.resolver],
      [{ name: 'x.example.com', record_type: 'A', resolver: '1.1.1.1:99999' }, DNS_CONFIG_MESSAGES.resolver],
    ];
    for (const [config, error] of cases) {
      const res = await post({ name: 'x', type: 'dns', config });
      expect({ config, status: res.status, body: res.body }).toEqual({ config, status: 400, body: { error } });
    }
  });
});

describe('heartbeat monitors', () => {
  it('have no uniqueness and are never scheduled or checked at once', async () => {
    const a = await post({ name: 'cron', type: 'heartbeat', config: {} });
    const b = await post({ name: 'cron', type: 'heartbeat', config: { period: 3600 } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.monitor.config).toEqual({ period: 3600, cron: null, timezone: null, grace: 3600, min_duration: null, max_duration: null });
    const queue = ctx.queues.queueOf(JobName.MonitorCheck);
    expect(await bucketsOfMonitor(ctx, a.body.monitor.id as number)).toEqual([]);
    const waiting = await queue.getWaiting();
    expect(waiting.filter((j) => j.data.monitorId === a.body.monitor.id)).toEqual([]);
    const manual = await request(app).post(`/api/v1/uptime/monitors/${a.body.monitor.id}/check`).set(account.auth);
    expect(manual.status).toBe(409);
    expect(manual.body).toEqual({ error: 'Heartbeat monitors are checked by their pings, not probed' });
  });
});

describe('every type', () => {
  it('counts toward the monitor limit and shows in the list with its type', async () => {
    const pro = await createTestAccount(ctx, 'pro');
    await ctx.db.query(
      `INSERT INTO monitors (account_id, name, type, config, url, normalized_url)
       SELECT $1, 'bulk', 'tcp', jsonb_build_object('host', 'h' || g, 'port', 1, 'tls', false, 'verify_tls', true, 'servername', null), 'tcp://h' || g || ':1', 'tcp://h' || g || ':1'
         FROM generate_series(1, 49) g`,
      [pro.account.id],
    );
    expect((await post({ name: 'last', url: 'https://last.example.com/' }, pro)).status).toBe(201);
    const res = await post({ name: 'one more', type: 'dns', config: { name: 'x.example.com', record_type: 'A' } }, pro);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Monitor limit reached', limit: 50, current: 50 });
    const list = await request(app).get('/api/v1/uptime/monitors?per_page=100').set(pro.auth);
    const types = (list.body.monitors as { type: string; url: string; method?: string }[]).map((m) => [m.type, m.method ?? null]);
    expect(types.filter(([t]) => t === 'tcp')).toHaveLength(49);
    expect(types).toContainEqual(['http', 'GET']);
    expect(types).toContainEqual(['tcp', null]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { createSecretBox, JobName, Monitor, openMonitorSecrets, type AlertEventPayload } from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';

// The API together with the real checker app (worker, probe, writer) against a loopback target.
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let checker: ReturnType<typeof createCheckerApp>;
let account: TestAccount;
let server: http.Server;
let base: string;
let answer = 200;
let port: number;
/** What the target saw of each request: the credentials a check sent. */
const seen: { path: string; authorization?: string; apiKey?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, apiKey: req.headers['x-api-key'] as string | undefined });
    res.statusCode = answer;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  // Polling the API for checks would pass pro's 60 requests a minute on a slow machine.
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null } }) } });
  app = createApp(ctx);
  checker = createCheckerApp(ctx);
  await checker.start();
  account = await createTestAccount(ctx, 'pro');
});
afterAll(async () => {
  await checker.stop();
  await ctx.teardown();
  await new Promise((resolve) => server.close(resolve));
});

const checksOf = async (id: number) => (await request(app).get(`/api/v1/uptime/monitors/${id}/checks`).set(account.auth)).body.checks as { status: string }[];

it('a new monitor gets its first check shortly after create, and its status follows it', async () => {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'local', url: `${base}/first` });
  expect(res.body.monitor.status).toBe('pending');
  const id = res.body.monitor.id as number;
  const checks = await waitFor(async () => ((await checksOf(id)).length ? checksOf(id) : null), { what: 'the first check' });
  expect(checks[0]).toMatchObject({ status: 'success', status_code: 200 });
  const detail = await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth);
  expect(detail.body.monitor.status).toBe('up');
  expect(detail.body.monitor.last_check).toMatchObject({ status: 'success', status_code: 200 });
});

it('a manual check answers 200 with the check record, which then shows in the checks list and statistics', async () => {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'manual', url: `${base}/manual` });
  const id = res.body.monitor.id as number;
  await waitFor(async () => (await checksOf(id)).length === 1, { what: 'the first check' });
  answer = 503;
  const manual = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
  answer = 200;
  expect(manual.status).toBe(200);
  expect(manual.body.check).toEqual({
    timestamp: expect.any(String),
    status: 'failure',
    response_time_ms: null,
    status_code: 503,
    error: expect.stringContaining('503'),
    timings: { dns: expect.any(Number), connect: expect.any(Number), tls: null, first_byte: expect.any(Number), download: expect.any(Number) },
    certificate_expires_at: null,
    details: null,
    region: 'default',
  });
  const checks = await checksOf(id);
  expect(checks).toHaveLength(2);
  // The list adds the in_maintenance flag to the manual check's record.
  expect(checks[0]).toEqual({ ...manual.body.check, in_maintenance: false });
  const detail = await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth);
  expect(detail.body.monitor.statistics).toMatchObject({ total_checks_24h: 2, successful_checks_24h: 1, failed_checks_24h: 1, uptime_24h: 50 });
});

it('resume runs a check at once', async () => {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'resume', url: `${base}/resume` });
  const id = res.body.monitor.id as number;
  await waitFor(async () => (await checksOf(id)).length === 1, { what: 'the first check' });
  await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth);
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth)).status).toBe(200);
  await waitFor(async () => (await checksOf(id)).length === 2, { what: 'the check after resume' });
});

it('a manual check of an inactive monitor is 409 Monitor is not active', async () => {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'off', url: `${base}/off` });
  const id = res.body.monitor.id as number;
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: false });
  const manual = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
  expect(manual.status).toBe(409);
  expect(manual.body).toEqual({ error: 'Monitor is not active' });
});

describe('monitor credentials', () => {
  const PASSWORD = 's3cret-password-for-the-target';
  const API_KEY = 'key-0123456789abcdef-wxyz';

  const box = () => createSecretBox(ctx.config.secretKey);
  const rowOf = (id: number) => ctx.db.getRepository(Monitor).findOneByOrFail({ id });
  const rawRow = async (id: number) => JSON.stringify(await ctx.db.query('SELECT row_to_json(m) AS r FROM monitors m WHERE id = $1', [id]));
  const create = (body: Record<string, unknown>) => request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'private', ...body });

  it('seals URL user info and header values at rest, shows them masked everywhere, and probes with the real ones', async () => {
    const url = `http://alice:${PASSWORD}@127.0.0.1:${port}/private`;
    const res = await create({ url, headers: { 'X-Api-Key': API_KEY, Accept: 'text/plain' } });
    expect(res.status).toBe(201);
    const id = res.body.monitor.id as number;
    const shownUrl = `http://alice:****@127.0.0.1:${port}/private`;
    expect(res.body.monitor.url).toBe(shownUrl);

    const detail = await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth);
    expect(detail.body.monitor).toMatchObject({ url: shownUrl, headers: { 'X-Api-Key': '****wxyz', Accept: '****' } });
    const list = await request(app).get('/api/v1/uptime/monitors').set(account.auth);
    expect(JSON.stringify(list.body)).not.toContain(PASSWORD);
    expect(list.body.monitors.find((m: { id: number }) => m.id === id).url).toBe(shownUrl);

    const row = await rowOf(id);
    expect(row.credentials).toMatch(/^v1\./);
    const stored = await rawRow(id);
    for (const secret of [PASSWORD, API_KEY, 'text/plain']) expect(stored).not.toContain(secret);
    expect(row.normalizedUrl).toMatch(/^http:\/\/hmac-[A-Za-z0-9_-]{22}@127\.0\.0\.1:\d+\/private$/);
    expect(openMonitorSecrets(box(), row)).toEqual({ url, headers: { 'X-Api-Key': API_KEY, Accept: 'text/plain' } });

    const probe = await waitFor(() => seen.find((s) => s.path === '/private'), { what: 'the first check' });
    expect(probe).toEqual({ path: '/private', authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`, apiKey: API_KEY });
  });

  it('takes masks sent back on update as "unchanged", and new values as new', async () => {
    const url = `http://bob:${PASSWORD}@127.0.0.1:${port}/update`;
    const id = (await create({ url, headers: { Authorization: `Bearer ${API_KEY}`, 'X-Other': 'other-value-0123456789' } })).body.monitor.id as number;
    const shown = (await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth)).body.monitor;

    // GET, edit the name and the path, PUT everything back: credentials stay.
    const edited = { name: 'renamed', url: shown.url.replace('/update', '/update2'), headers: shown.headers };
    expect((await request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send(edited)).status).toBe(200);
    expect(openMonitorSecrets(box(), await rowOf(id))).toEqual({
      url: `http://bob:${PASSWORD}@127.0.0.1:${port}/update2`,
      headers: { Authorization: `Bearer ${API_KEY}`, 'X-Other': 'other-value-0123456789' },
    });

    // A new password and one new header value (the other echoed): both applied, the rest kept.
    const res = await request(app)
      .patch(`/api/v1/uptime/monitors/${id}`)
      .set(account.auth)
      .send({ url: `http://bob:new-password@127.0.0.1:${port}/update2`, headers: { Authorization: shown.headers.Authorization, 'X-Other': 'changed' } });
    expect(res.body.monitor).toMatchObject({ url: `http://bob:****@127.0.0.1:${port}/update2`, headers: { Authorization: shown.headers.Authorization, 'X-Other': '****' } });
    expect(openMonitorSecrets(box(), await rowOf(id))).toEqual({
      url: `http://bob:new-password@127.0.0.1:${port}/update2`,
      headers: { Authorization: `Bearer ${API_KEY}`, 'X-Other': 'changed' },
    });

    // Headers alone keep the URL's user info; removing every header and the user info clears the seal.
    await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ headers: {} });
    expect(openMonitorSecrets(box(), await rowOf(id))).toEqual({ url: `http://bob:new-password@127.0.0.1:${port}/update2`, headers: {} });
    await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ url: `http://127.0.0.1:${port}/update2` });
    expect((await rowOf(id)).credentials).toBeNull();
  });

  it('"URL already monitored" still compares user info, without storing it', async () => {
    const url = `https://carol:${PASSWORD}@dup.example.com/health`;
    expect((await create({ url })).status).toBe(201);
    expect((await create({ url: `https://carol:${PASSWORD}@DUP.example.com/health/` })).status).toBe(409);
    expect((await create({ url: `https://carol:other@dup.example.com/health` })).status).toBe(201);
    expect((await create({ url: 'https://dup.example.com/health' })).status).toBe(201);
    expect((await create({ url: 'https://tok-0123456789abcdef@dup.example.com/health' })).body.monitor.url).toBe('https://****@dup.example.com/health');
    expect((await create({ url: 'https://tok-0123456789abcdef@dup.example.com/health' })).status).toBe(409);
  });

  it('never copies credentials into alert payloads', async () => {
    answer = 500;
    try {
      const url = `http://dave:${PASSWORD}@127.0.0.1:${port}/down`;
      const id = (await create({ url, alert_threshold: 1, headers: { 'X-Api-Key': API_KEY } })).body.monitor.id as number;
      const alerts = ctx.queues.queueOf(JobName.AlertEvent);
      const job = await waitFor(async () => (await alerts.getJobs(['waiting', 'delayed', 'active', 'completed'])).find((j) => (j.data as AlertEventPayload).event === 'monitor.down' && JSON.stringify(j.data).includes(`/down`)), {
        what: 'the down alert',
      });
      expect(JSON.stringify(job.data)).not.toContain(PASSWORD);
      expect(JSON.stringify(job.data)).not.toContain(API_KEY);
      expect((job.data as AlertEventPayload).data).toMatchObject({ monitor: { id, url: `http://dave:****@127.0.0.1:${port}/down` } });
    } finally {
      answer = 200;
    }
  });
});

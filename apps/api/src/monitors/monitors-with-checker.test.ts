import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';

// The API together with the real checker app (worker, probe, writer) against a loopback target.
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let checker: ReturnType<typeof createCheckerApp>;
let account: TestAccount;
let server: http.Server;
let base: string;
let answer = 200;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.statusCode = answer;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000' } });
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

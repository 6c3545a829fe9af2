import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiProcess } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { callApi, createTestAccount, createTestContext, startSentinelSetup, waitFor, type SentinelSetup, type TestAccount, type TestContext } from '@vigil/testing';

// Redis behind Sentinel (a primary, a replica, three Sentinels): the primary is killed while the
// API and the checker work; the Sentinels promote the replica and both apps find it by themselves.
let setup: SentinelSetup;
let ctx: TestContext;
let account: TestAccount;
let target: http.Server;
let targetUrl: string;
let api: ReturnType<typeof createApiProcess>;
let checker: ReturnType<typeof createCheckerApp>;

beforeAll(async () => {
  setup = await startSentinelSetup();
  target = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { ...setup.env, VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000' } });
  account = await createTestAccount(ctx, 'pro');
  api = createApiProcess(ctx);
  checker = createCheckerApp(ctx);
  await Promise.all([api.start(), checker.start()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([api?.stop(), checker?.stop()]);
  await new Promise((resolve) => target?.close(resolve));
  await ctx?.teardown();
  await setup?.stop();
}, 60_000);

const call = (method: string, path: string, body?: unknown) => callApi(api.port(), account.key, method, path, body);

const checksOf = async (monitorId: number) => Number(((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE monitor_id = $1`, [monitorId])) as { n: number }[])[0].n);

it('keeps checking through a failover of the Redis primary', async () => {
  const first = await call('POST', '/api/v1/uptime/monitors', { name: 'before', url: `${targetUrl}/before` });
  expect(first.status).toBe(201);
  const before = (first.json.monitor as { id: number }).id;
  await waitFor(async () => (await checksOf(before)) > 0, { timeoutMs: 30_000, what: 'a check before the failover' });

  await setup.primary.kill();
  await waitFor(async () => (await setup.primaryPort()) === setup.replica.port, { timeoutMs: 60_000, what: 'the Sentinels to promote the replica' });

  // The API reconnects by itself: while it cannot reach a primary it answers 503 (JSON), then 201.
  const statuses = new Set<number>();
  const created = await waitFor(
    async () => {
      const res = await call('POST', '/api/v1/uptime/monitors', { name: 'after', url: `${targetUrl}/after` });
      statuses.add(res.status);
      return res.status === 201 ? res : null;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'the API to create a monitor on the new primary' },
  );
  expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
  const after = (created.json.monitor as { id: number }).id;

  // The checker's workers resume on the new primary: the new monitor's first check, and a manual check of the old one.
  await waitFor(async () => (await checksOf(after)) > 0, { timeoutMs: 60_000, what: 'a check after the failover' });
  const manual = await waitFor(
    async () => {
      const res = await call('POST', `/api/v1/uptime/monitors/${before}/check`);
      return res.status === 200 ? res : null;
    },
    { timeoutMs: 60_000, intervalMs: 500, what: 'a manual check after the failover' },
  );
  expect(manual.json).toMatchObject({ check: { status: 'success' } });
}, 240_000);

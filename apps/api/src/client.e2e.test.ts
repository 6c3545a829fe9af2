import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@vigil/client';
import { createCheckerApp } from '@vigil/checker';
import { createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';
import { createApp } from './app.js';

// End to end through the typed client (@vigil/client): the real API on a loopback port, the
// real checker, a loopback target. account -> key -> monitor -> checks -> delete.
let ctx: TestContext;
let account: TestAccount;
let api: http.Server;
let target: http.Server;
let checker: ReturnType<typeof createCheckerApp>;
let apiUrl: string;
let targetUrl: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  target = http.createServer((_req, res) => res.end('ok'));
  targetUrl = await listen(target);
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000' } });
  api = http.createServer(createApp(ctx));
  apiUrl = await listen(api);
  checker = createCheckerApp(ctx);
  await checker.start();
  account = await createTestAccount(ctx, 'pro');
});
afterAll(async () => {
  await checker.stop();
  await new Promise((resolve) => api.close(resolve));
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
});

it('issues a key, monitors a target with it, reads its checks and deletes it, all through the typed client', async () => {
  const admin = createClient({ baseUrl: apiUrl, apiKey: account.key });
  const issued = await admin.POST('/api/v1/api-keys', { body: { name: 'e2e' } });
  expect(issued.response.status).toBe(201);
  const secret = issued.data?.key;
  if (!secret) throw new Error(`no key issued: ${JSON.stringify(issued.error)}`);

  const client = createClient({ baseUrl: apiUrl, apiKey: secret });
  const created = await client.POST('/api/v1/uptime/monitors', { body: { name: 'e2e target', url: `${targetUrl}/health` } });
  expect(created.response.status).toBe(201);
  const id = created.data?.monitor?.id;
  if (typeof id !== 'number') throw new Error(`no monitor: ${JSON.stringify(created.error)}`);

  const checks = await waitFor(
    async () => {
      const page = await client.GET('/api/v1/uptime/monitors/{id}/checks', { params: { path: { id } } });
      return page.data?.checks?.length ? page.data.checks : null;
    },
    { what: 'the first check' },
  );
  expect(checks[0]).toMatchObject({ status: 'success', status_code: 200 });

  const listed = await client.GET('/api/v1/uptime/monitors');
  expect(listed.data?.monitors?.map((m) => m.id)).toEqual([id]);

  expect((await client.DELETE('/api/v1/uptime/monitors/{id}', { params: { path: { id } } })).response.status).toBe(200);
  const gone = await client.GET('/api/v1/uptime/monitors/{id}', { params: { path: { id } } });
  expect(gone.response.status).toBe(404);
  expect(gone.error).toEqual({ error: 'Monitor not found' });

  const keys = await admin.GET('/api/v1/api-keys');
  expect(keys.data?.api_keys?.map((k) => k.name)).toContain('e2e');
});

it('answers a missing key with the documented 401 body', async () => {
  const anonymous = createClient({ baseUrl: apiUrl });
  const res = await anonymous.GET('/api/v1/uptime/monitors');
  expect(res.response.status).toBe(401);
  expect(res.error).toEqual({ error: expect.any(String) });
});

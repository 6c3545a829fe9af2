import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { createNotifierApp } from '@vigil/notifier';
import { createTestAccount, createTestContext, startDnsServer, type LoopbackDns, type TestAccount, type TestContext } from '@vigil/testing';

// Every write of the OpenAPI document, made for real (checker, notifier, loopback target and DNS
// running), must leave its audit entry: a new write without a row in this table fails here.
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let checker: ReturnType<typeof createCheckerApp>;
let notifier: ReturnType<typeof createNotifierApp>;
let dns: LoopbackDns;
let target: http.Server;
let base: string;
let owner: TestAccount;

beforeAll(async () => {
  // /down/... fails, so the checker never resolves an incident opened on such a monitor.
  target = http.createServer((req, res) => {
    res.statusCode = req.url?.startsWith('/down/') ? 503 : 200;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  dns = await startDnsServer();
  ctx = await createTestContext({
    env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_DNS_SERVERS: dns.server, VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"business":{"requestsPerMinute":100000}}' },
  });
  app = createApp(ctx);
  checker = createCheckerApp(ctx);
  notifier = createNotifierApp(ctx);
  await checker.start();
  await notifier.start();
  owner = await createTestAccount(ctx, 'business', { email: 'ops@audit-walk.example', emailVerified: true });
});
afterAll(async () => {
  await notifier.stop();
  await checker.stop();
  await ctx.teardown();
  await dns.close();
  await new Promise((resolve) => target.close(resolve));
});

type Method = 'post' | 'put' | 'patch' | 'delete';
interface Call {
  path: string;
  body?: Record<string, unknown>;
  /** The entry the call must leave. */
  entry: { type: string; action: string };
}

async function post(path: string, body: Record<string, unknown> = {}): Promise<Record<string, { id: number }>> {
  const res = await request(app).post(path).set(owner.auth).send(body);
  if (res.status >= 300) throw new Error(`setup ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, { id: number }>;
}

let made = 0;
const unique = () => `${Date.now().toString(36)}${made++}`;
const monitor = async (path = ''): Promise<number> => (await post('/api/v1/uptime/monitors', { name: 'm', url: `${base}/${path}${unique()}`, timeout: 5 })).monitor.id;
const heartbeat = async (): Promise<number> => (await post('/api/v1/uptime/monitors', { type: 'heartbeat', name: 'hb', config: { period: 3600 } })).monitor.id;
const domain = async (): Promise<number> => (await post('/api/v1/domains', { hostname: `d${unique()}.audit-walk.example` })).domain.id;
const webhook = async (): Promise<number> => (await post('/api/v1/integrations', { type: 'webhook', name: 'hook', config: { url: `${base}/hook` } })).integration.id;
const page = async (): Promise<number> => (await post('/api/v1/status-pages', { slug: `p-${unique()}`, title: 'Status' })).status_page.id;
const notice = async (pageId: number): Promise<number> => (await post(`/api/v1/status-pages/${pageId}/notices`, { title: 'n', status: 'monitoring', message: 'm' })).notice.id;
const window = async (): Promise<number> => (await post('/api/v1/maintenance-windows', { title: 'w', applies_to_all: true, starts_at: '2030-01-01T01:00:00Z', ends_at: '2030-01-01T02:00:00Z' })).maintenance_window.id;
const location = async (): Promise<number> => (await post('/api/v1/locations', { name: `loc-${unique()}` })).location.id;
const key = async (): Promise<number> => (await post('/api/v1/api-keys', { name: 'k', scopes: ['monitors:read'] })).api_key.id;
const verification = async (): Promise<number> => (await post('/api/v1/verifications', { hostname: `v${unique()}.other-walk.example` })).verification.id;
async function openIncident(): Promise<[number, number]> {
  const id = await monitor('down/');
  const [{ id: incident }] = (await ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, cause) VALUES ($1, $2, 'open', now(), 'x') RETURNING id`, [id, owner.account.id])) as { id: number }[];
  return [id, incident];
}

/** One real call per write operation (method and path as the document writes them). */
const CALLS: Record<string, () => Promise<Call>> = {
  'post /api/v1/api-keys': async () => ({ path: '/api/v1/api-keys', body: { name: 'ci', scopes: ['monitors:read'] }, entry: { type: 'api_key', action: 'create' } }),
  'delete /api/v1/api-keys/{id}': async () => ({ path: `/api/v1/api-keys/${await key()}`, entry: { type: 'api_key', action: 'revoke' } }),
  'post /api/v1/api-keys/{id}/rotate': async () => ({ path: `/api/v1/api-keys/${await key()}/rotate`, entry: { type: 'api_key', action: 'rotate' } }),
  'post /api/v1/uptime/monitors': async () => ({ path: '/api/v1/uptime/monitors', body: { name: 'new', url: `${base}/new` }, entry: { type: 'monitor', action: 'create' } }),
  'put /api/v1/uptime/monitors/{id}': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}`, body: { name: 'renamed' }, entry: { type: 'monitor', action: 'update' } }),
  'patch /api/v1/uptime/monitors/{id}': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}`, body: { alert_threshold: 4 }, entry: { type: 'monitor', action: 'update' } }),
  'delete /api/v1/uptime/monitors/{id}': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}`, entry: { type: 'monitor', action: 'delete' } }),
  'post /api/v1/uptime/monitors/{id}/pause': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}/pause`, entry: { type: 'monitor', action: 'pause' } }),
  'post /api/v1/uptime/monitors/{id}/resume': async () => {
    const id = await monitor();
    await post(`/api/v1/uptime/monitors/${id}/pause`);
    return { path: `/api/v1/uptime/monitors/${id}/resume`, entry: { type: 'monitor', action: 'resume' } };
  },
  'post /api/v1/uptime/monitors/{id}/check': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}/check`, entry: { type: 'monitor', action: 'check' } }),
  'post /api/v1/uptime/monitors/{id}/incidents/{incident_id}/acknowledge': async () => {
    const [id, incident] = await openIncident();
    return { path: `/api/v1/uptime/monitors/${id}/incidents/${incident}/acknowledge`, entry: { type: 'incident', action: 'acknowledge' } };
  },
  'post /api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates': async () => {
    const [id, incident] = await openIncident();
    return { path: `/api/v1/uptime/monitors/${id}/incidents/${incident}/updates`, body: { status: 'identified', message: 'found it' }, entry: { type: 'incident_update', action: 'create' } };
  },
  'post /api/v1/uptime/monitors/{id}/rotate-ping-token': async () => ({ path: `/api/v1/uptime/monitors/${await heartbeat()}/rotate-ping-token`, entry: { type: 'monitor', action: 'rotate' } }),
  'post /api/v1/uptime/monitors/{id}/badges/rotate': async () => ({ path: `/api/v1/uptime/monitors/${await monitor()}/badges/rotate`, entry: { type: 'monitor', action: 'rotate' } }),
  'post /api/v1/domains': async () => ({ path: '/api/v1/domains', body: { hostname: `n${unique()}.audit-walk.example` }, entry: { type: 'domain', action: 'create' } }),
  'put /api/v1/domains/{id}': async () => ({ path: `/api/v1/domains/${await domain()}`, body: { notifications_enabled: false }, entry: { type: 'domain', action: 'update' } }),
  'patch /api/v1/domains/{id}': async () => ({ path: `/api/v1/domains/${await domain()}`, body: { alert_days_before_expiry: 10 }, entry: { type: 'domain', action: 'update' } }),
  'delete /api/v1/domains/{id}': async () => ({ path: `/api/v1/domains/${await domain()}`, entry: { type: 'domain', action: 'delete' } }),
  'post /api/v1/domains/bulk-delete': async () => ({ path: '/api/v1/domains/bulk-delete', body: { domain_ids: [await domain(), await domain()] }, entry: { type: 'domain', action: 'delete' } }),
  'post /api/v1/domains/{id}/badges/rotate': async () => ({ path: `/api/v1/domains/${await domain()}/badges/rotate`, entry: { type: 'domain', action: 'rotate' } }),
  'post /api/v1/scan': async () => ({ path: '/api/v1/scan', body: { hostname: 'scan-walk.example' }, entry: { type: 'scan', action: 'scan' } }),
  'post /api/v1/scans': async () => ({ path: '/api/v1/scans', body: { domain_id: await domain() }, entry: { type: 'scan', action: 'scan' } }),
  'post /api/v1/verifications': async () => ({ path: '/api/v1/verifications', body: { hostname: `new-${unique()}.other-walk.example` }, entry: { type: 'verification', action: 'create' } }),
  'post /api/v1/verifications/{id}/check': async () => ({ path: `/api/v1/verifications/${await verification()}/check`, entry: { type: 'verification', action: 'verify' } }),
  'post /api/v1/integrations': async () => ({ path: '/api/v1/integrations', body: { type: 'webhook', name: 'h', config: { url: `${base}/h` } }, entry: { type: 'integration', action: 'create' } }),
  'put /api/v1/integrations/{id}': async () => ({ path: `/api/v1/integrations/${await webhook()}`, body: { name: 'renamed' }, entry: { type: 'integration', action: 'update' } }),
  'patch /api/v1/integrations/{id}': async () => ({ path: `/api/v1/integrations/${await webhook()}`, body: { is_active: false }, entry: { type: 'integration', action: 'update' } }),
  'delete /api/v1/integrations/{id}': async () => ({ path: `/api/v1/integrations/${await webhook()}`, entry: { type: 'integration', action: 'delete' } }),
  'post /api/v1/integrations/{id}/test': async () => ({ path: `/api/v1/integrations/${await webhook()}/test`, entry: { type: 'integration', action: 'test' } }),
  'post /api/v1/integrations/{id}/rotate-secret': async () => ({ path: `/api/v1/integrations/${await webhook()}/rotate-secret`, entry: { type: 'integration', action: 'rotate' } }),
  'post /api/v1/integrations/{id}/deliveries/{delivery_id}/redeliver': async () => {
    const id = await webhook();
    const tested = await post(`/api/v1/integrations/${id}/test`);
    return { path: `/api/v1/integrations/${id}/deliveries/${tested.delivery.id}/redeliver`, entry: { type: 'integration', action: 'redeliver' } };
  },
  'post /api/v1/maintenance-windows': async () => ({
    path: '/api/v1/maintenance-windows',
    body: { title: 'upgrade', applies_to_all: true, starts_at: '2030-01-01T01:00:00Z', ends_at: '2030-01-01T02:00:00Z' },
    entry: { type: 'maintenance_window', action: 'create' },
  }),
  'put /api/v1/maintenance-windows/{id}': async () => ({ path: `/api/v1/maintenance-windows/${await window()}`, body: { title: 'renamed' }, entry: { type: 'maintenance_window', action: 'update' } }),
  'patch /api/v1/maintenance-windows/{id}': async () => ({ path: `/api/v1/maintenance-windows/${await window()}`, body: { description: 'db' }, entry: { type: 'maintenance_window', action: 'update' } }),
  'delete /api/v1/maintenance-windows/{id}': async () => ({ path: `/api/v1/maintenance-windows/${await window()}`, entry: { type: 'maintenance_window', action: 'delete' } }),
  'post /api/v1/status-pages': async () => ({ path: '/api/v1/status-pages', body: { slug: `s-${unique()}`, title: 'S' }, entry: { type: 'status_page', action: 'create' } }),
  'put /api/v1/status-pages/{id}': async () => ({ path: `/api/v1/status-pages/${await page()}`, body: { title: 'T' }, entry: { type: 'status_page', action: 'update' } }),
  'patch /api/v1/status-pages/{id}': async () => ({ path: `/api/v1/status-pages/${await page()}`, body: { theme: 'dark' }, entry: { type: 'status_page', action: 'update' } }),
  'delete /api/v1/status-pages/{id}': async () => ({ path: `/api/v1/status-pages/${await page()}`, entry: { type: 'status_page', action: 'delete' } }),
  'post /api/v1/status-pages/{id}/notices': async () => ({
    path: `/api/v1/status-pages/${await page()}/notices`,
    body: { title: 'n', status: 'monitoring', message: 'm' },
    entry: { type: 'status_page_notice', action: 'create' },
  }),
  'put /api/v1/status-pages/{id}/notices/{notice_id}': async () => {
    const p = await page();
    return { path: `/api/v1/status-pages/${p}/notices/${await notice(p)}`, body: { message: 'better' }, entry: { type: 'status_page_notice', action: 'update' } };
  },
  'patch /api/v1/status-pages/{id}/notices/{notice_id}': async () => {
    const p = await page();
    return { path: `/api/v1/status-pages/${p}/notices/${await notice(p)}`, body: { status: 'resolved' }, entry: { type: 'status_page_notice', action: 'update' } };
  },
  'post /api/v1/locations': async () => ({ path: '/api/v1/locations', body: { name: `new-${unique()}` }, entry: { type: 'location', action: 'create' } }),
  'delete /api/v1/locations/{id}': async () => ({ path: `/api/v1/locations/${await location()}`, entry: { type: 'location', action: 'delete' } }),
  'post /api/v1/locations/{id}/rotate-key': async () => ({ path: `/api/v1/locations/${await location()}/rotate-key`, body: {}, entry: { type: 'location', action: 'rotate' } }),
  'post /api/v1/config/apply': async () => ({
    path: '/api/v1/config/apply',
    body: { monitors: [{ key: `cfg-${unique()}`, name: 'from config', url: `${base}/config` }] },
    entry: { type: 'monitor', action: 'apply' },
  }),
  'delete /api/v1/status-pages/{id}/notices/{notice_id}': async () => {
    const p = await page();
    return { path: `/api/v1/status-pages/${p}/notices/${await notice(p)}`, entry: { type: 'status_page_notice', action: 'delete' } };
  },
};

/** Every keyed operation of the document that is not a GET and needs a write scope, as `method path`. */
async function writeOperations(): Promise<string[]> {
  const doc = (await request(app).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { security: Record<string, string[]>[] }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      // A POST that only reads (a config plan) declares a read scope: not a change.
      .filter(([method, op]) => method !== 'get' && op.security.length === 1 && op.security[0].apiKey !== undefined && !op.security[0].apiKey.some((s) => s.endsWith(':read')))
      .map(([method]) => `${method} ${path}`),
  );
}

it('the table above has one call for every write operation of the document, and nothing else', async () => {
  expect(Object.keys(CALLS).sort()).toEqual((await writeOperations()).sort());
});

it.each(Object.keys(CALLS))('%s leaves its audit entry, with the key and the IP', async (operation) => {
  const [method] = operation.split(' ') as [Method];
  const call = await CALLS[operation]();
  const before = (await request(app).get('/api/v1/audit-log').query({ per_page: 1 }).set(owner.auth)).body.entries[0]?.id ?? '0';
  const res = await request(app)[method](call.path).set(owner.auth).send(call.body ?? {});
  expect(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toMatch(/^2\d\d /);
  const log = await request(app).get('/api/v1/audit-log').query({ resource: call.entry.type, action: call.entry.action, per_page: 5 }).set(owner.auth);
  expect(log.status).toBe(200);
  const entry = log.body.entries[0];
  expect(BigInt(entry.id)).toBeGreaterThan(BigInt(before));
  expect(entry).toMatchObject({ resource: { type: call.entry.type }, action: call.entry.action, ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
  expect(entry.key.name).toEqual(expect.any(String));
}, 30_000);

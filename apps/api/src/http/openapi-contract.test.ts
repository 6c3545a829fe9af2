import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AlertDelivery, Incident, Scan, completeScan, markScanRunning, setAccountActive } from '@vigil/core';
import { createCheckerApp } from '@vigil/checker';
import { createNotifierApp } from '@vigil/notifier';
import { createScannerApp } from '@vigil/scanner';
import { createTestAccount, createTestContext, startDnsServer, tlsReportFixture, type LoopbackDns, type TestAccount, type TestContext } from '@vigil/testing';
import { createApp } from '../app.js';
import { ContractChecker } from './testing/openapi-contract.js';
import type { HttpMethod } from './route.js';

/**
 * Real requests over every operation of the served document, each answer checked against it
 * (status documented, schema present, no undocumented field). The last test fails when an
 * operation is never exercised. The workers run in-process (checker for manual checks, notifier
 * for test deliveries, scanner for scans) and talk to loopback parts: a site that also receives
 * webhooks, and a DNS server for domain verification.
 */

let ctx: TestContext;

let app: ReturnType<typeof createApp>;
let account: TestAccount;
let checker: ContractChecker;
const problems: string[] = [];
let scanner: ReturnType<typeof createScannerApp>;
let checkerApp: ReturnType<typeof createCheckerApp>;
let notifier: ReturnType<typeof createNotifierApp>;
let dns: LoopbackDns;
/** A loopback site: monitor checks, header checks and webhooks go to it. */
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html', 'x-content-type-options': 'nosniff' }).end('<p>ok</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  dns = await startDnsServer();
  ctx = await createTestContext({
    env: {
      VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
      VIGIL_BURST_PER_SECOND: '100000',
      // business and enterprise keys exist here only to meet their per-minute and daily 429s.
      VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000},"business":{"requestsPerMinute":1},"enterprise":{"requestsPerDay":1}}',
      VIGIL_DNS_SERVERS: dns.server,
    },
  });
  app = createApp(ctx);
  scanner = createScannerApp(ctx);
  checkerApp = createCheckerApp(ctx);
  notifier = createNotifierApp(ctx);
  await Promise.all([scanner.start(), checkerApp.start(), notifier.start()]);
  account = await createTestAccount(ctx, 'pro');
  checker = new ContractChecker((await request(app).get('/api/v1/openapi.json')).body);
});
afterAll(async () => {
  await Promise.all([scanner.stop(), checkerApp.stop(), notifier.stop()]);
  await ctx.teardown();
  await new Promise((resolve) => site.close(resolve));
  await dns.close();
});

/** One real request; `template` is the documented path, `params` fill it. */
async function call(
  method: HttpMethod,
  template: string,
  opts: { params?: Record<string, string | number>; body?: unknown; auth?: boolean; headers?: Record<string, string>; query?: Record<string, string>; via?: typeof app } = {},
) {
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(opts.params?.[name] ?? `missing-${name}`));
  let req = request(opts.via ?? app)[method](url);
  if (opts.auth !== false) req = req.set(account.auth);
  if (opts.headers) req = req.set(opts.headers);
  if (opts.query) req = req.query(opts.query);
  const res = opts.body === undefined ? await req : await req.send(opts.body as object);
  problems.push(...checker.check(method, template, res.status, res.headers['content-type'], res.body));
  return res;
}

describe('every answer matches the served OpenAPI document', () => {
  it('documentation, probes and the index', async () => {
    for (const path of ['/', '/healthz', '/readyz', '/metrics', '/api/v1/openapi.json', '/pricing']) await call('get', path, { auth: false });
    const page = await call('get', '/pricing', { auth: false, headers: { Accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('removed token endpoints', async () => {
    for (const name of ['login', 'refresh']) for (const m of ['get', 'put', 'post', 'delete', 'patch'] as const) await call(m, `/api/v1/auth/${name}`, { auth: false });
  });

  it('API keys', async () => {
    await call('get', '/api/v1/api-keys');
    const created = await call('post', '/api/v1/api-keys', { body: { name: 'contract' } });
    await call('post', '/api/v1/api-keys', { body: { name: '' } });
    const id = created.body.api_key.id as number;
    await call('get', '/api/v1/api-keys/{id}', { params: { id } });
    await call('get', '/api/v1/api-keys/{id}', { params: { id: 999999 } });
    await call('post', '/api/v1/api-keys/{id}/rotate', { params: { id } });
    await call('delete', '/api/v1/api-keys/{id}', { params: { id } });
    const page = await call('get', '/api/v1/audit-log', { query: { resource: 'api_key', per_page: '1' } });
    await call('get', '/api/v1/audit-log', { query: { cursor: page.body.pagination.next_cursor as string } });
    await call('get', '/api/v1/audit-log', { query: { action: 'explode' } });
    await call('get', '/api/v1/api-keys', { auth: false });
  });

  it('uptime monitors', async () => {
    const created = await call('post', '/api/v1/uptime/monitors', { body: { name: 'contract', url: 'http://127.0.0.1:9/x' } });
    await call('post', '/api/v1/uptime/monitors', { body: { name: 'contract' } });
    const id = created.body.monitor.id as number;
    await call('get', '/api/v1/uptime/monitors');
    await call('get', '/api/v1/uptime/monitors/{id}', { params: { id } });
    await call('get', '/api/v1/uptime/monitors/{id}/checks', { params: { id } });
    await call('get', '/api/v1/uptime/monitors/{id}/incidents', { params: { id } });
    await call('patch', '/api/v1/uptime/monitors/{id}', { params: { id }, body: { name: 'renamed' } });
    const site = (await call('post', '/api/v1/uptime/monitors', { body: { name: 'checked now', url: `${siteUrl}/manual` } })).body.monitor.id as number;
    const checked = await call('post', '/api/v1/uptime/monitors/{id}/check', { params: { id: site } });
    expect(checked.status).toBe(200);
    expect(checked.body.check.status).toBe('success');
    await call('post', '/api/v1/uptime/monitors/{id}/check', { params: { id: 999999 } });
    await call('post', '/api/v1/uptime/monitors/{id}/pause', { params: { id } });
    await call('post', '/api/v1/uptime/monitors/{id}/check', { params: { id } });
    await call('post', '/api/v1/uptime/monitors/{id}/resume', { params: { id } });
    await call('delete', '/api/v1/uptime/monitors/{id}', { params: { id } });
    await call('get', '/api/v1/uptime/monitors/{id}', { params: { id } });
  });

  it('monitor types: tcp, dns, heartbeat pings and their token; regions', async () => {
    await call('post', '/api/v1/uptime/monitors', { body: { name: 'tcp', type: 'tcp', config: { host: '127.0.0.1', port: 9 } } });
    await call('post', '/api/v1/uptime/monitors', { body: { name: 'dns', type: 'dns', config: { name: 'example.com', record_type: 'A' } } });
    const created = await call('post', '/api/v1/uptime/monitors', { body: { name: 'nightly', type: 'heartbeat', config: { period: 3600, grace: 300 } } });
    const id = created.body.monitor.id as number;
    const token = (new URL(created.body.monitor.ping_url as string).pathname.split('/')[2]) ?? '';
    await call('get', '/api/v1/uptime/monitors/{id}', { params: { id } });
    await call('get', '/ping/{token}', { params: { token }, auth: false });
    await call('post', '/ping/{token}', { params: { token }, auth: false });
    await call('get', '/ping/{token}/{action}', { params: { token, action: 'start' }, auth: false });
    await call('post', '/ping/{token}/{action}', { params: { token, action: 'fail' }, auth: false });
    await call('get', '/ping/{token}/{action}', { params: { token, action: 'nonsense' }, auth: false });
    const rotated = await call('post', '/api/v1/uptime/monitors/{id}/rotate-ping-token', { params: { id } });
    expect(rotated.status).toBe(200);
    await call('get', '/ping/{token}', { params: { token }, auth: false });
    await call('get', '/api/v1/regions');
  });

  it('private locations and the agent protocol', async () => {
    const created = await call('post', '/api/v1/locations', { body: { name: 'contract-lab', allowed_cidrs: ['127.0.0.0/8'] } });
    expect(created.status).toBe(201);
    const id = created.body.location.id as number;
    const agent = { Authorization: `Bearer ${created.body.agent_key as string}` };
    await call('post', '/api/v1/locations', { body: { name: 'contract-lab' } });
    await call('get', '/api/v1/locations');
    const leased = await call('post', '/api/v1/agent/leases', { auth: false, headers: agent, body: { agent_id: 'contract', version: '1', wait_seconds: 0 } });
    expect(leased.status).toBe(200);
    await call('post', '/api/v1/agent/leases', { auth: false, body: { agent_id: 'contract', version: '1', wait_seconds: 0 } });
    const result = { timestamp: new Date().toISOString(), status: 'failure', response_time_ms: null, status_code: null, error: 'Connection refused' };
    const lease = { lease_id: '0'.repeat(32), result };
    expect((await call('post', '/api/v1/agent/results', { auth: false, headers: agent, body: { results: [lease] } })).status).toBe(200);
    expect((await call('post', '/api/v1/agent/results', { auth: false, headers: agent, body: { results: [{ ...lease, location: 'elsewhere' }] } })).status).toBe(403);
    await call('get', '/api/v1/locations/{id}', { params: { id } });
    const rotated = await call('post', '/api/v1/locations/{id}/rotate-key', { params: { id }, body: { overlap_seconds: 0 } });
    expect(rotated.status).toBe(201);
    await call('delete', '/api/v1/locations/{id}', { params: { id } });
    await call('get', '/api/v1/locations/{id}', { params: { id } });
  });

  it('monitor extras: full update, SLA, badges', async () => {
    const id = (await call('post', '/api/v1/uptime/monitors', { body: { name: 'extras', url: 'http://127.0.0.1:9/extras' } })).body.monitor.id as number;
    await call('put', '/api/v1/uptime/monitors/{id}', { params: { id }, body: { name: 'extras 2', check_interval: 300 } });
    await call('get', '/api/v1/uptime/monitors/{id}/sla', { params: { id } });
    await call('get', '/api/v1/uptime/sla');
    const csv = await call('get', '/api/v1/uptime/monitors/{id}/sla', { params: { id }, query: { format: 'csv' } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect((await call('get', '/api/v1/uptime/sla', { headers: { Accept: 'text/csv' } })).headers['content-type']).toMatch(/^text\/csv/);
    const badges = await call('get', '/api/v1/uptime/monitors/{id}/badges', { params: { id } });
    await call('post', '/api/v1/uptime/monitors/{id}/badges/rotate', { params: { id } });
    const url = JSON.stringify(badges.body);
    const token = /\/badges\/([^/"]+)\//.exec(url)?.[1];
    const fresh = await call('get', '/api/v1/uptime/monitors/{id}/badges', { params: { id } });
    const freshToken = /\/badges\/([^/"]+)\//.exec(JSON.stringify(fresh.body))?.[1];
    expect(freshToken).toBeDefined();
    expect(freshToken).not.toBe(token);
    await call('get', '/badges/{token}/{badge}', { params: { token: freshToken ?? '', badge: 'uptime.svg' }, auth: false });
  });

  it('integrations', async () => {
    await call('get', '/api/v1/integrations/types');
    const created = await call('post', '/api/v1/integrations', { body: { type: 'webhook', name: 'hook', config: { url: 'https://hooks.example.com/vigil' } } });
    await call('post', '/api/v1/integrations', { body: { type: 'carrier-pigeon', name: 'x', config: {} } });
    await call('post', '/api/v1/integrations', { body: { type: 'email', name: 'mail', config: { to: ['ops@example.com', 'oncall@example.com'] } } });
    await call('post', '/api/v1/integrations', { body: { type: 'slack', name: 'chat', config: { webhook_url: 'https://hooks.slack.com/services/T0/B0/secret' } } });
    await call('get', '/api/v1/integrations');
    const id = created.body.integration.id as number;
    await call('get', '/api/v1/integrations/{id}', { params: { id } });
    await call('put', '/api/v1/integrations/{id}', { params: { id }, body: { name: 'hook 2' } });
    await call('patch', '/api/v1/integrations/{id}', { params: { id }, body: { is_active: true } });
    const hook = (await call('post', '/api/v1/integrations', { body: { type: 'webhook', name: 'loopback', config: { url: `${siteUrl}/hook` } } })).body.integration.id as number;
    const tested = await call('post', '/api/v1/integrations/{id}/test', { params: { id: hook } });
    expect(tested.status).toBe(200);
    expect(tested.body.delivery.status).toBe('success');
    const first = await ctx.db.getRepository(AlertDelivery).findOneByOrFail({ integrationId: hook });
    const again = await call('post', '/api/v1/integrations/{id}/deliveries/{delivery_id}/redeliver', { params: { id: hook, delivery_id: first.id } });
    expect(again.status).toBe(200);
    await call('post', '/api/v1/integrations/{id}/deliveries/{delivery_id}/redeliver', { params: { id: hook, delivery_id: 999999 } });
    await call('post', '/api/v1/integrations/{id}/test', { params: { id: 999999 } });
    await call('get', '/api/v1/integrations/{id}/deliveries', { params: { id: hook } });
    await call('get', '/api/v1/integrations/{id}/deliveries', { params: { id } });
    await call('post', '/api/v1/integrations/{id}/rotate-secret', { params: { id } });
    await call('delete', '/api/v1/integrations/{id}', { params: { id } });
    await call('get', '/api/v1/integrations/{id}', { params: { id } });
    // The on-call tools' callbacks (no key): signed and acknowledged or ignored, forged, unknown, not a webhook.
    const pdSecret = 'contract-signing-secret';
    const pd = await call('post', '/api/v1/integrations', { body: { type: 'pagerduty', name: 'pd', config: { routing_key: 'e93facc04764012d7bfb002500d5d1a6', webhook_secret: pdSecret } } });
    const token = new URL(pd.body.integration.inbound_url as string).pathname.split('/')[3] ?? '';
    const event = { event: { id: 'e1', event_type: 'incident.acknowledged', agent: { summary: 'Jane Doe' }, data: { incident_key: 'vigil-incident-999999' } } };
    const signature = (body: unknown, secret = pdSecret) => `v1=${createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex')}`;
    const inbound = (body: unknown, headers: Record<string, string>, t = token) => call('post', '/inbound/{type}/{token}', { params: { type: 'pagerduty', token: t }, auth: false, headers, body });
    expect((await inbound(event, { 'X-PagerDuty-Signature': signature(event) })).body).toEqual({ result: 'ignored' });
    expect((await inbound(event, { 'X-PagerDuty-Signature': signature(event, 'forged') })).status).toBe(401);
    expect((await inbound(event, { 'X-PagerDuty-Signature': signature(event) }, `${pd.body.integration.id as number}.AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await inbound({ messages: [] }, { 'X-PagerDuty-Signature': signature({ messages: [] }) })).status).toBe(400);
  });

  it('maintenance windows', async () => {
    const start = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    const end = new Date(ctx.clock.now().getTime() + 90_000_000).toISOString();
    const created = await call('post', '/api/v1/maintenance-windows', { body: { title: 'Upgrade', applies_to_all: true, starts_at: start, ends_at: end } });
    await call('post', '/api/v1/maintenance-windows', { body: { title: '' } });
    const id = created.body.maintenance_window.id as number;
    await call('get', '/api/v1/maintenance-windows/{id}', { params: { id } });
    await call('put', '/api/v1/maintenance-windows/{id}', { params: { id }, body: { title: 'Upgrade 2' } });
    await call('patch', '/api/v1/maintenance-windows/{id}', { params: { id }, body: { keep_checking: false } });
    await call('delete', '/api/v1/maintenance-windows/{id}', { params: { id } });
    await call('get', '/api/v1/maintenance-windows/{id}', { params: { id } });
  });

  it('status pages, notices and their public pages', async () => {
    const created = await call('post', '/api/v1/status-pages', { body: { slug: 'contract-page', title: 'Contract' } });
    const id = created.body.status_page.id as number;
    await call('get', '/api/v1/status-pages/{id}', { params: { id } });
    await call('put', '/api/v1/status-pages/{id}', { params: { id }, body: { title: 'Contract 2' } });
    await call('patch', '/api/v1/status-pages/{id}', { params: { id }, body: { theme: 'dark' } });
    const notice = await call('post', '/api/v1/status-pages/{id}/notices', { params: { id }, body: { title: 'Slow', status: 'investigating', message: 'Looking' } });
    const notice_id = notice.body.notice.id as number;
    await call('get', '/api/v1/status-pages/{id}/notices', { params: { id } });
    await call('put', '/api/v1/status-pages/{id}/notices/{notice_id}', { params: { id, notice_id }, body: { status: 'monitoring' } });
    await call('patch', '/api/v1/status-pages/{id}/notices/{notice_id}', { params: { id, notice_id }, body: { status: 'resolved' } });
    await call('get', '/status/{slug}/feed.atom', { params: { slug: 'contract-page' }, auth: false });
    await call('get', '/status/{slug}', { params: { slug: 'contract-page' }, auth: false });
    await call('get', '/status/{slug}', { params: { slug: 'no-such-page' }, auth: false });
    const page = await call('get', '/status/{slug}.json', { params: { slug: 'contract-page' }, auth: false });
    expect(page.status).toBe(200);
    expect(page.body.page.title).toBe('Contract 2');
    await call('get', '/status/{slug}.json', { params: { slug: 'no-such-page' }, auth: false });
    await call('delete', '/api/v1/status-pages/{id}/notices/{notice_id}', { params: { id, notice_id } });
    await call('delete', '/api/v1/status-pages/{id}', { params: { id } });
  });

  it('domains, verifications, scans (queued) and domain badges', async () => {
    const company = `contract-${Date.now().toString(36)}.test`;
    const owner = await createTestAccount(ctx, 'pro', { email: `ops@${company}`, emailVerified: true });
    const as = { auth: false, headers: owner.auth };
    const created = await call('post', '/api/v1/domains', { ...as, body: { hostname: `www.${company}` } });
    await call('post', '/api/v1/domains', { ...as, body: { hostname: 'not-mine.example.com' } });
    const id = created.body.domain.id as number;
    const again = await call('post', '/api/v1/domains', { ...as, body: { hostname: `www.${company}` } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Domain already exists', hostname: `www.${company}`, port: 443 });
    await call('get', '/api/v1/domains/{id}', { ...as, params: { id } });
    await call('put', '/api/v1/domains/{id}', { ...as, params: { id }, body: { alert_days_before_expiry: 14 } });
    await call('patch', '/api/v1/domains/{id}', { ...as, params: { id }, body: { is_active: true } });
    await call('get', '/api/v1/domains/{id}/certificate', { ...as, params: { id } });
    await call('get', '/api/v1/domains/{id}/certificate/chain', { ...as, params: { id } });
    await call('get', '/api/v1/domains/{id}/scans', { ...as, params: { id } });
    await call('get', '/api/v1/domains/{id}/header-checks', { ...as, params: { id } });
    await call('get', '/api/v1/domains/{id}/header-checks/{check_id}', { ...as, params: { id, check_id: 999999 } });
    await call('get', '/api/v1/domains/{id}/badges', { ...as, params: { id } });
    await call('post', '/api/v1/domains/{id}/badges/rotate', { ...as, params: { id } });
    const rescan = await call('post', '/api/v1/scans', { ...as, body: { domain_id: id } });
    const scanId = (rescan.body.scan_id ?? created.body.scan_id) as number;
    await call('get', '/api/v1/scans/{id}', { ...as, params: { id: scanId } });
    // A scan still queued answers 202; the scanner then fails it (the .test name does not resolve): 200.
    await ctx.db.getRepository(Scan).update({ id: scanId }, { status: 'queued' });
    await call('get', '/api/v1/scans/{id}/full', { ...as, params: { id: scanId } });
    await ctx.db.getRepository(Scan).update({ id: scanId }, { status: 'failed', error: 'Could not resolve host', completedAt: ctx.clock.now() });
    await call('get', '/api/v1/scans/{id}/full', { ...as, params: { id: scanId } });
    // Completed: the stored report with the envelope (the other branch of the 200's oneOf).
    await ctx.db.getRepository(Scan).update({ id: scanId }, { status: 'queued', error: null, completedAt: null });
    const running = await markScanRunning(ctx.db.manager, scanId, ctx.clock.now());
    if (!running) throw new Error('scan not runnable');
    await completeScan(ctx, running, tlsReportFixture(`www.${company}`), ctx.clock.now());
    const full = await call('get', '/api/v1/scans/{id}/full', { ...as, params: { id: scanId } });
    expect(full.body).toMatchObject({ status: 'completed', host: `www.${company}`, hsts: { present: true } });
    await call('get', '/api/v1/scans/stats', as);
    await call('post', '/api/v1/scan', { ...as, body: { hostname: 'scan-me.example.com' } });
    const verification = await call('post', '/api/v1/verifications', { ...as, body: { hostname: 'other.example.org' } });
    const vid = verification.body.verification.id as number;
    await call('get', '/api/v1/verifications/{id}', { ...as, params: { id: vid } });
    await call('post', '/api/v1/verifications/{id}/check', { ...as, params: { id: vid } });
    const { record_name, record_value } = verification.body.verification as { record_name: string; record_value: string };
    dns.zone.set(record_name, { TXT: [[record_value]] });
    const verified = await call('post', '/api/v1/verifications/{id}/check', { ...as, params: { id: vid } });
    expect(verified.body.verification.status).toBe('verified');
    await call('post', '/api/v1/verifications/{id}/check', { ...as, params: { id: 999999 } });
    await call('delete', '/api/v1/domains/{id}', { ...as, params: { id } });
    await call('post', '/api/v1/domains/bulk-delete', { ...as, body: { domain_ids: [id] } });
  });

  it('incidents and their updates', async () => {
    const monitorId = (await call('post', '/api/v1/uptime/monitors', { body: { name: 'incidents', url: `${siteUrl}/incidents` } })).body.monitor.id as number;
    const incident = await ctx.db.getRepository(Incident).save({ monitorId, accountId: account.account.id, status: 'open', startedAt: ctx.clock.now(), cause: 'HTTP 503' });
    const params = { id: monitorId, incident_id: incident.id };
    await call('get', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}', { params });
    await call('post', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', { params, body: { status: 'identified', message: 'A bad deploy' } });
    await call('post', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', { params, body: { status: 'nonsense' } });
    await call('get', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', { params });
    await call('post', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}/acknowledge', { params });
    await call('get', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}', { params: { id: monitorId, incident_id: 999999 } });
  });

  it('header checks of a loopback site', async () => {
    await call('get', '/headers/check', { auth: false, query: { q: siteUrl } });
    await call('get', '/headers/check', { auth: false, query: { q: '' } });
    const refused = await call('get', '/headers/check', { auth: false, query: { q: 'http://127.0.0.1:9/' } });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toEqual(expect.any(String));
    await call('post', '/headers/grade', { auth: false, body: { headers: { 'X-Content-Type-Options': 'nosniff' }, site: 'example.com' } });
    await call('post', '/headers/grade', { auth: false, body: { headers: 'none' } });
  });

  it('every shape of 403 and 429', async () => {
    const company = `free-${Date.now().toString(36)}.test`;
    const free = await createTestAccount(ctx, 'free', { email: `ops@${company}`, emailVerified: true });
    const asFree = { auth: false, headers: free.auth };
    // The free plan's one status page, then a second one.
    expect((await call('post', '/api/v1/status-pages', { ...asFree, body: { slug: 'free-page-one', title: 'One' } })).status).toBe(201);
    const answers = [
      await call('get', '/api/v1/uptime/monitors', asFree),
      await call('post', '/api/v1/domains', { ...asFree, body: { hostname: `a.${company}`, monitoring_frequency: 'hourly' } }),
      await call('post', '/api/v1/status-pages', { ...asFree, body: { slug: 'free-page-two', title: 'Two' } }),
      await call('post', '/api/v1/uptime/monitors', { body: { name: 'every minute', url: 'http://127.0.0.1:9/fast', check_interval: 60 } }),
    ];
    const windows = await createTestAccount(ctx, 'pro');
    const window = { title: 'Weekly', applies_to_all: true, starts_at: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(), duration_minutes: 30, rrule: 'FREQ=WEEKLY' };
    for (let i = 0; i < 100; i++) expect((await request(app).post('/api/v1/maintenance-windows').set(windows.auth).send(window)).status).toBe(201);
    answers.push(await call('post', '/api/v1/maintenance-windows', { auth: false, headers: windows.auth, body: window }));
    const inactive = await createTestAccount(ctx, 'pro');
    await setAccountActive(ctx, inactive.account.id, false);
    answers.push(await call('get', '/api/v1/usage', { auth: false, headers: inactive.auth }));
    const readOnly = await request(app).post('/api/v1/api-keys').set(windows.auth).send({ name: 'read only', scopes: ['*:read'] });
    answers.push(await call('post', '/api/v1/maintenance-windows', { auth: false, headers: { Authorization: `Bearer ${readOnly.body.key}` }, body: window }));
    expect(answers.map((r) => [r.status, r.body.error])).toEqual([
      [403, 'Feature not available'],
      [403, 'Frequency not allowed'],
      [403, 'Status page limit reached'],
      [403, 'Interval not allowed'],
      [403, 'Maintenance window limit reached'],
      [403, 'Account inactive'],
      [403, 'Insufficient scope'],
    ]);

    const minute = await createTestAccount(ctx, 'business');
    const daily = await createTestAccount(ctx, 'enterprise');
    // A burst limit of 0 answers every request 429, whatever the host's speed.
    const burst = createApp({ ...ctx, config: { ...ctx.config, burstPerSecond: 0 } });
    const limited = [];
    for (const who of [minute, daily]) {
      await call('get', '/api/v1/usage', { auth: false, headers: who.auth });
      limited.push(await call('get', '/api/v1/usage', { auth: false, headers: who.auth }));
    }
    limited.push(await call('get', '/pricing', { auth: false, via: burst }));
    expect(limited.map((r) => [r.status, Object.keys(r.body as object).sort().join(' ')])).toEqual([
      [429, 'error limit_type message retry_after'],
      [429, 'error rate_limit requests_today reset_at'],
      [429, 'error'],
    ]);
  });

  it('configuration as code: schema, plan, apply, export', async () => {
    const doc = { monitors: [{ key: 'contract', name: 'Contract', url: `${siteUrl}/config` }] };
    expect((await call('get', '/api/v1/config/schema', { auth: false })).status).toBe(200);
    const planned = await call('post', '/api/v1/config/plan', { body: doc });
    expect(planned.status).toBe(200);
    expect((await call('post', '/api/v1/config/plan', { body: { monitors: [{ key: 'x', name: 'x', url: 'ftp://x' }] } })).status).toBe(400);
    expect((await call('post', '/api/v1/config/apply', { body: doc, query: { fingerprint: planned.body.fingerprint } })).status).toBe(200);
    expect((await call('post', '/api/v1/config/apply', { body: doc, query: { fingerprint: planned.body.fingerprint } })).status).toBe(409);
    expect((await call('get', '/api/v1/config/export')).status).toBe(200);
  });

  it('account-wide reads', async () => {
    for (const path of [
      '/api/v1/usage', '/api/v1/usage/history', '/api/v1/usage/summary', '/api/v1/usage/limits',
      '/api/v1/billing/usage', '/api/v1/billing/invoices', '/api/v1/billing/estimate',
      '/api/v1/uptime/status', '/api/v1/uptime/sla', '/api/v1/maintenance-windows', '/api/v1/integrations',
      '/api/v1/status-pages', '/api/v1/domains', '/api/v1/verifications', '/api/v1/metrics',
    ]) await call('get', path);
  });

  it('answered with no undocumented status, field or missing schema', () => {
    expect(problems).toEqual([]);
  });

  it('describes every answer precisely: no object open to any field, one shape per error variant', () => {
    // The OpenAPI document's own shape is the OpenAPI 3.1 specification's, not ours to list; so
    // is the configuration JSON Schema's, and an export's entries are described by that schema.
    expect(
      checker.vagueShapes(['#/paths/~1api~1v1~1openapi.json/get/responses/200', '#/paths/~1api~1v1~1config~1schema/get/responses/200', '#/components/schemas/ConfigDocument']),
    ).toEqual([]);
  });

  it('every operation of the document was exercised', () => {
    expect(checker.operations().filter((op) => !checker.exercised.has(op))).toEqual([]);
  });
});

/**
 * How the every-operation API bench (api-ops.bench.ts) calls each operation of the served
 * OpenAPI document. The bench fails loudly for an operation of the document that no row here
 * names: a new endpoint is one more line, e.g. `read('get /api/v1/locations')` for a read
 * without parameters, `read('get /api/v1/things/{id}', (f) => ({ id: f.thingId }))` with a
 * fixture (add it to api-ops-fixtures.ts), or a `cycle(...)` of steps for a write that must be
 * undone (create + delete, or an update there and back) so every connection can repeat it.
 */
import type { Fixtures } from './api-ops-fixtures.js';

/** Values a step leaves for the next steps of the same cycle on the same connection (a created id). */
export type Carry = Record<string, string | number>;
type Json = Record<string, unknown>;
type Params = (f: Fixtures, c: Carry, n: number) => Record<string, string | number>;

export interface Step {
  /** `method /documented/{path}`, as the document lists it. */
  op: string;
  params?: Params;
  query?: (f: Fixtures) => string;
  /** The JSON body; `n` is unique per request (names and hostnames that must not repeat). */
  body?: (f: Fixtures, n: number, c: Carry) => unknown;
  /**
   * The main account's key (default), no key, one of the other accounts' keys per cycle, the
   * connection's own configuration account (`own`: an account per connection, as configuration
   * applies are one per account at a time), or the private location's agent key.
   */
  auth?: 'main' | 'none' | 'many' | 'own' | 'agent';
  accept?: string;
  /** Headers the operation needs besides the key (an on-call tool's shared secret). */
  headers?: (f: Fixtures) => Record<string, string>;
  save?: (json: Json, c: Carry) => void;
}

export interface OpRow {
  /** Public paths are held to 0.5 x bare Express, authenticated ones to 0.3 x. */
  public: boolean;
  steps: Step[];
  /** Said in the table: why a figure is what it is (a deliberate limit, a worker round trip). */
  note?: string;
}

/** Reads a created id out of an answer into the cycle's carry. */
const keep = (name: string, path: string) => (json: Json, c: Carry) => {
  const value = path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Json)[k] : undefined), json);
  if (typeof value === 'number' || typeof value === 'string') c[name] = value;
};
const read = (op: string, params?: Params, extra: Partial<Step> = {}): OpRow => ({ public: false, steps: [{ op, params, ...extra }] });
const open = (op: string, params?: Params, extra: Partial<Step> = {}): OpRow => ({ public: true, steps: [{ op, params, auth: 'none', ...extra }] });
const cycle = (...steps: Step[]): OpRow => ({ public: false, steps });
const limited = (row: OpRow, note: string): OpRow => ({ ...row, note });
const at429 = (limit: string) => `measured at its 429: ${limit}, a fixed per-account limit no setting raises`;

const monitor: Params = (f) => ({ id: f.monitorId });
const incident: Params = (f) => ({ id: f.monitorId, incident_id: f.incidentId });
const integration: Params = (f) => ({ id: f.integrationId });
const domain: Params = (f) => ({ id: f.domainId });
const page: Params = (f) => ({ id: f.statusPageId });
const window: Params = (f) => ({ id: f.maintenanceId });
const created = (c: Carry) => ({ id: c.id });
const ping = (f: Fixtures, n: number, share: number) => f.pingTokens[share * Math.floor(f.pingTokens.length / 4) + (n % Math.floor(f.pingTokens.length / 4))];
const httpMonitor = (f: Fixtures, n: number) => ({ name: `bench ${n}`, url: `${f.siteUrl}/new-${n}`, check_interval: 300 });
const windowBody = () => ({ title: 'Bench window', applies_to_all: true, starts_at: new Date(Date.now() + 86_400_000).toISOString(), ends_at: new Date(Date.now() + 90_000_000).toISOString() });
const location: Params = (f) => ({ id: f.locationId });
/** The connection's configuration account's document: as applied (`a`), or with its first monitor renamed (`b`). */
const configDocument = (which: 'a' | 'b') => (f: Fixtures, _n: number, c: Carry) => f.configDocuments[Number(c.own)][which];
const removed = (name: string) => (['get', 'put', 'post', 'delete', 'patch'] as const).map((m) => open(`${m} /api/v1/auth/${name}`));

export const OPERATIONS: OpRow[] = [
  // Documentation, probes, the index.
  open('get /'),
  open('get /pricing'),
  open('get /healthz'),
  open('get /readyz'),
  open('get /metrics'),
  open('get /api/v1/openapi.json'),
  ...removed('login'),
  ...removed('refresh'),

  // API keys: a key created, rotated (the old one revoked) and the new one deleted.
  read('get /api/v1/api-keys'),
  read('get /api/v1/api-keys/{id}', (f) => ({ id: f.keyId })),
  cycle(
    { op: 'post /api/v1/api-keys', body: (_f, n) => ({ name: `bench ${n}` }), save: keep('id', 'api_key.id') },
    { op: 'post /api/v1/api-keys/{id}/rotate', params: (_f, c) => created(c), save: keep('id', 'api_key.id') },
    { op: 'delete /api/v1/api-keys/{id}', params: (_f, c) => created(c) },
  ),

  // Integrations.
  read('get /api/v1/integrations/types'),
  read('get /api/v1/integrations'),
  read('get /api/v1/integrations/{id}', integration),
  read('get /api/v1/integrations/{id}/deliveries', integration),
  cycle(
    { op: 'post /api/v1/integrations', body: (f, n) => ({ type: 'webhook', name: `hook ${n}`, config: { url: `${f.siteUrl}/hook-${n}` } }), save: keep('id', 'integration.id') },
    { op: 'delete /api/v1/integrations/{id}', params: (_f, c) => created(c) },
  ),
  cycle({ op: 'put /api/v1/integrations/{id}', params: integration, body: () => ({ name: 'hook A' }) }, { op: 'put /api/v1/integrations/{id}', params: integration, body: () => ({ name: 'hook B' }) }),
  cycle({ op: 'patch /api/v1/integrations/{id}', params: integration, body: () => ({ name: 'hook C' }) }, { op: 'patch /api/v1/integrations/{id}', params: integration, body: () => ({ name: 'hook D' }) }),
  read('post /api/v1/integrations/{id}/rotate-secret', integration),
  open('post /inbound/{type}/{token}', (f) => ({ type: 'opsgenie', token: f.inboundToken }), {
    headers: (f) => ({ 'x-vigil-webhook-secret': f.inboundSecret }),
    body: (f, n) => ({ action: 'Acknowledge', alert: { alias: `vigil-incident-${f.acknowledgedIncidentIds[n % f.acknowledgedIncidentIds.length]}`, username: 'oncall@example.com' } }),
  }),
  limited(read('post /api/v1/integrations/{id}/test', integration), at429('10 test deliveries a minute')),
  limited(read('post /api/v1/integrations/{id}/deliveries/{delivery_id}/redeliver', (f) => ({ id: f.integrationId, delivery_id: f.deliveryId })), at429('10 redeliveries a minute')),

  // Usage and billing.
  read('get /api/v1/usage'),
  read('get /api/v1/usage/history'),
  read('get /api/v1/usage/limits'),
  read('get /api/v1/usage/summary'),
  read('get /api/v1/billing/usage'),
  read('get /api/v1/billing/invoices'),
  read('get /api/v1/billing/estimate'),

  // Header checks (with the key: the tier's daily quota, raised by VIGIL_TIERS).
  limited(read('get /headers/check', undefined, { query: (f) => `q=${encodeURIComponent(f.siteUrl)}` }), 'fetches the loopback site each time'),
  read('post /headers/grade', undefined, { body: () => ({ headers: { 'X-Content-Type-Options': 'nosniff' }, site: 'example.com' }) }),

  // Uptime monitors, with 30 days of rollups and 1,440 checks in the last 24 h each.
  read('get /api/v1/uptime/status'),
  read('get /api/v1/uptime/monitors'),
  { public: false, note: 'each cycle one of the other accounts (20 monitors each)', steps: [{ op: 'get /api/v1/uptime/monitors', auth: 'many' }] },
  read('get /api/v1/uptime/monitors/{id}', monitor),
  read('get /api/v1/uptime/monitors/{id}/checks', monitor),
  read('get /api/v1/uptime/monitors/{id}/incidents', monitor),
  read('get /api/v1/uptime/monitors/{id}/incidents/{incident_id}', incident),
  read('get /api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', incident),
  read('post /api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', incident, { body: (_f, n) => ({ status: 'monitoring', message: `Watching ${n}` }) }),
  read('post /api/v1/uptime/monitors/{id}/incidents/{incident_id}/acknowledge', incident),
  read('get /api/v1/uptime/monitors/{id}/sla', monitor),
  read('get /api/v1/uptime/sla'),
  read('get /api/v1/metrics'),
  read('get /api/v1/regions'),
  read('get /api/v1/audit-log'),
  cycle(
    { op: 'post /api/v1/uptime/monitors', body: httpMonitor, save: keep('id', 'monitor.id') },
    { op: 'delete /api/v1/uptime/monitors/{id}', params: (_f, c) => created(c) },
  ),
  {
    public: false,
    note: 'each cycle one of the other accounts',
    steps: [
      { op: 'post /api/v1/uptime/monitors', auth: 'many', body: httpMonitor, save: keep('id', 'monitor.id') },
      { op: 'delete /api/v1/uptime/monitors/{id}', auth: 'many', params: (_f, c) => created(c) },
    ],
  },
  cycle({ op: 'put /api/v1/uptime/monitors/{id}', params: monitor, body: () => ({ name: 'site A' }) }, { op: 'put /api/v1/uptime/monitors/{id}', params: monitor, body: () => ({ name: 'site 0' }) }),
  cycle({ op: 'patch /api/v1/uptime/monitors/{id}', params: monitor, body: () => ({ name: 'site B' }) }, { op: 'patch /api/v1/uptime/monitors/{id}', params: monitor, body: () => ({ name: 'site 0' }) }),
  cycle({ op: 'post /api/v1/uptime/monitors/{id}/pause', params: monitor }, { op: 'post /api/v1/uptime/monitors/{id}/resume', params: monitor }),
  limited(read('post /api/v1/uptime/monitors/{id}/check', monitor), 'a round trip through the checker process (BullMQ job, loopback site)'),
  read('post /api/v1/uptime/monitors/{id}/rotate-ping-token', (f) => ({ id: f.heartbeatId })),
  read('get /api/v1/uptime/monitors/{id}/badges', monitor),
  read('post /api/v1/uptime/monitors/{id}/badges/rotate', (f) => ({ id: f.spareMonitorId })),

  // Private locations (one with 20 monitors and an agent polling) and the agent protocol.
  read('get /api/v1/locations'),
  read('get /api/v1/locations/{id}', location),
  {
    public: false,
    note: 'each cycle one of the other accounts (20 locations per account, a fixed limit, would refuse 100 connections of one)',
    steps: [
      { op: 'post /api/v1/locations', auth: 'many', body: (_f, n) => ({ name: `bench-${n}` }), save: keep('id', 'location.id') },
      { op: 'delete /api/v1/locations/{id}', auth: 'many', params: (_f, c) => created(c) },
    ],
  },
  read('post /api/v1/locations/{id}/rotate-key', (f) => ({ id: f.spareLocationId }), { body: () => ({ overlap_seconds: 60 }) }),
  {
    public: false,
    note: 'the agent key; no wait (the 20 monitors fall due one every 3 s: most polls lease nothing)',
    steps: [{ op: 'post /api/v1/agent/leases', auth: 'agent', body: (_f, n) => ({ agent_id: `bench-${n % 4}`, version: '0.1.0', max: 10, wait_seconds: 0 }) }],
  },
  {
    public: false,
    note: 'the agent key; a result posted again (duplicate), as an agent retrying a batch does',
    steps: [
      {
        op: 'post /api/v1/agent/results',
        auth: 'agent',
        body: (f) => ({ results: [{ lease_id: f.doneLeaseId, location: f.locationName, result: { timestamp: new Date().toISOString(), status: 'success', response_time_ms: 42, status_code: 200 } }] }),
      },
    ],
  },

  // Configuration as code: an account per connection (10 monitors, a webhook, a window, a page).
  open('get /api/v1/config/schema'),
  { public: false, steps: [{ op: 'post /api/v1/config/plan', auth: 'own', body: configDocument('a') }] },
  { public: false, steps: [{ op: 'get /api/v1/config/export', auth: 'own' }] },
  {
    public: false,
    note: 'one monitor renamed and back; an account per connection (one apply per account at a time, the next 409)',
    steps: [
      { op: 'post /api/v1/config/apply', auth: 'own', body: configDocument('b') },
      { op: 'post /api/v1/config/apply', auth: 'own', body: configDocument('a') },
    ],
  },

  // Heartbeat pings: each operation its own quarter of the tokens, one after another (120 pings a minute per token).
  open('get /ping/{token}', (f, _c, n) => ({ token: ping(f, n, 0) })),
  open('post /ping/{token}', (f, _c, n) => ({ token: ping(f, n, 1) })),
  open('get /ping/{token}/{action}', (f, _c, n) => ({ token: ping(f, n, 2), action: 'start' })),
  open('post /ping/{token}/{action}', (f, _c, n) => ({ token: ping(f, n, 3), action: '0' })),

  // Maintenance windows.
  read('get /api/v1/maintenance-windows'),
  read('get /api/v1/maintenance-windows/{id}', window),
  cycle(
    { op: 'post /api/v1/maintenance-windows', body: windowBody, save: keep('id', 'maintenance_window.id') },
    { op: 'delete /api/v1/maintenance-windows/{id}', params: (_f, c) => created(c) },
  ),
  cycle({ op: 'put /api/v1/maintenance-windows/{id}', params: window, body: () => ({ title: 'Upgrade A' }) }, { op: 'put /api/v1/maintenance-windows/{id}', params: window, body: () => ({ title: 'Upgrade' }) }),
  cycle({ op: 'patch /api/v1/maintenance-windows/{id}', params: window, body: () => ({ keep_checking: false }) }, { op: 'patch /api/v1/maintenance-windows/{id}', params: window, body: () => ({ keep_checking: true }) }),

  // Domains, certificates, scans, header checks, verifications.
  read('get /api/v1/domains'),
  read('get /api/v1/domains/{id}', domain),
  cycle(
    { op: 'post /api/v1/domains', body: (f, n) => ({ hostname: `d${n}.${f.company}` }), save: keep('id', 'domain.id') },
    { op: 'delete /api/v1/domains/{id}', params: (_f, c) => created(c) },
  ),
  cycle(
    { op: 'post /api/v1/domains', body: (f, n) => ({ hostname: `b${n}.${f.company}` }), save: keep('id', 'domain.id') },
    { op: 'post /api/v1/domains/bulk-delete', body: (_f, _n, c) => ({ domain_ids: [c.id] }) },
  ),
  cycle({ op: 'put /api/v1/domains/{id}', params: domain, body: () => ({ alert_days_before_expiry: 14 }) }, { op: 'put /api/v1/domains/{id}', params: domain, body: () => ({ alert_days_before_expiry: 30 }) }),
  cycle({ op: 'patch /api/v1/domains/{id}', params: domain, body: () => ({ alert_days_before_expiry: 21 }) }, { op: 'patch /api/v1/domains/{id}', params: domain, body: () => ({ alert_days_before_expiry: 30 }) }),
  read('get /api/v1/domains/{id}/certificate', domain),
  read('get /api/v1/domains/{id}/certificate/chain', domain),
  read('get /api/v1/domains/{id}/scans', domain),
  read('get /api/v1/domains/{id}/header-checks', domain),
  read('get /api/v1/domains/{id}/header-checks/{check_id}', (f) => ({ id: f.domainId, check_id: f.headerCheckId })),
  read('get /api/v1/domains/{id}/badges', domain),
  read('post /api/v1/domains/{id}/badges/rotate', domain),
  read('get /api/v1/verifications'),
  read('post /api/v1/verifications', undefined, { body: (f, n) => ({ hostname: `v${n}.other-${f.company}` }) }),
  read('get /api/v1/verifications/{id}', (f) => ({ id: f.verificationId })),
  read('post /api/v1/verifications/{id}/check', (f) => ({ id: f.verificationId })),
  limited(read('post /api/v1/scan', undefined, { body: (f) => ({ hostname: `www.${f.company}` }) }), at429('20 scans an hour')),
  limited(read('post /api/v1/scans', undefined, { body: (f) => ({ domain_id: f.domainId }) }), at429('20 scans an hour')),
  read('get /api/v1/scans/stats'),
  read('get /api/v1/scans/{id}', (f) => ({ id: f.scanId })),
  limited(read('get /api/v1/scans/{id}/full', (f) => ({ id: f.scanId })), at429('5 full reports a minute per key')),

  // Status pages, notices and the public pages.
  read('get /api/v1/status-pages'),
  read('get /api/v1/status-pages/{id}', page),
  cycle(
    { op: 'post /api/v1/status-pages', body: (_f, n) => ({ slug: `bench-page-${n}`, title: 'Bench' }), save: keep('id', 'status_page.id') },
    { op: 'delete /api/v1/status-pages/{id}', params: (_f, c) => created(c) },
  ),
  cycle({ op: 'put /api/v1/status-pages/{id}', params: page, body: () => ({ title: 'Bench A' }) }, { op: 'put /api/v1/status-pages/{id}', params: page, body: () => ({ title: 'Bench' }) }),
  cycle({ op: 'patch /api/v1/status-pages/{id}', params: page, body: () => ({ theme: 'dark' }) }, { op: 'patch /api/v1/status-pages/{id}', params: page, body: () => ({ theme: 'light' }) }),
  read('get /api/v1/status-pages/{id}/notices', page),
  cycle(
    { op: 'post /api/v1/status-pages/{id}/notices', params: page, body: (_f, n) => ({ title: `Slow ${n}`, status: 'investigating', message: 'Looking' }), save: keep('notice', 'notice.id') },
    { op: 'delete /api/v1/status-pages/{id}/notices/{notice_id}', params: (f, c) => ({ id: f.statusPageId, notice_id: c.notice }) },
  ),
  cycle(
    { op: 'put /api/v1/status-pages/{id}/notices/{notice_id}', params: (f) => ({ id: f.statusPageId, notice_id: f.noticeId }), body: () => ({ status: 'monitoring' }) },
    { op: 'put /api/v1/status-pages/{id}/notices/{notice_id}', params: (f) => ({ id: f.statusPageId, notice_id: f.noticeId }), body: () => ({ status: 'investigating' }) },
  ),
  cycle(
    { op: 'patch /api/v1/status-pages/{id}/notices/{notice_id}', params: (f) => ({ id: f.statusPageId, notice_id: f.noticeId }), body: () => ({ message: 'Still looking' }) },
    { op: 'patch /api/v1/status-pages/{id}/notices/{notice_id}', params: (f) => ({ id: f.statusPageId, notice_id: f.noticeId }), body: () => ({ message: 'Looking' }) },
  ),
  open('get /status/{slug}.json', (f) => ({ slug: f.statusSlug })),
  open('get /status/{slug}/feed.atom', (f) => ({ slug: f.statusSlug })),
  open('get /status/{slug}', (f) => ({ slug: f.statusSlug }), { accept: 'text/html' }),
  open('get /badges/{token}/{badge}', (f) => ({ token: f.badgeToken, badge: 'uptime-30d.svg' })),
];

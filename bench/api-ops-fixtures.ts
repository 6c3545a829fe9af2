/**
 * The data the every-operation API bench (api-ops.bench.ts) reads and writes: one enterprise
 * account with a verified email domain owning one of everything, made through the running API
 * where it can be (so the rows are what the API itself writes), history added by SQL, and a few
 * more accounts with monitors for the many-accounts rows. Never run alone (not a *.bench.ts).
 */
import { Incident, completeScan, createAccount, markScanRunning, recordHeaderCheck, type Context, type HeaderReport } from '@vigil/core';
import { tlsReportFixture } from '../test/support/tls-report-fixture.js';
import type { LoopbackDns } from '../test/support/dns-server.js';
import { seedConfigAccounts, seedInbound, seedLocation, type ConfigFixtures, type InboundFixtures, type LocationFixtures } from './api-ops-fixtures-more.js';

/** Monitors of each account, each with 30 days of hourly rollups (timing phases included) and 24 h of checks once a minute. */
export const MONITORS = 20;
const ROLLUP_HOURS = 720;
const CHECKS_PER_MONITOR = 1_440;

export interface Fixtures extends LocationFixtures, InboundFixtures, ConfigFixtures {
  /** The main account's key, its email's domain (its domains are under it) and the default key's id. */
  key: string;
  company: string;
  keyId: number;
  /** Keys of the other accounts (many-accounts rows), each with MONITORS monitors. */
  otherKeys: string[];
  /** The loopback site monitors, header checks and webhooks reach. */
  siteUrl: string;
  monitorId: number;
  /** Another monitor of the same kind: its badge token is rotated, so monitorId's stays valid. */
  spareMonitorId: number;
  incidentId: number;
  badgeToken: string;
  heartbeatId: number;
  pingTokens: string[];
  integrationId: number;
  deliveryId: number;
  maintenanceId: number;
  domainId: number;
  scanId: number;
  headerCheckId: number;
  verificationId: number;
  statusPageId: number;
  statusSlug: string;
  noticeId: number;
}

type Json = Record<string, unknown>;

/** Numbers and strings out of an API answer, by path (`monitor.id`), failing loudly when absent. */
function pick(json: Json, path: string): unknown {
  const value = path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Json)[k] : undefined), json);
  if (value === undefined) throw new Error(`fixture answer has no ${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return value;
}
export const num = (json: Json, path: string) => Number(pick(json, path));
export const str = (json: Json, path: string) => String(pick(json, path));

/** A client of the running API for one key: `call('post', path, body)` answers the parsed JSON, throwing on an unexpected status. */
export function apiClient(base: string, key: string) {
  return async (method: string, path: string, body?: unknown, expect = [200, 201, 202]): Promise<Json> => {
    const send = () =>
      fetch(`${base}${path}`, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    let res = await send();
    // On a host loaded far past its cores the API's 1 s dependency probes time out and it answers
    // 503 for a moment (Retry-After): the fixtures wait and ask again rather than end the run.
    // A 503 can come while the request still runs (a config apply: the retry then meets 409
    // "in progress" until it ends); fixture writes are idempotent or refused as duplicates.
    const again = (status: number, retry: number) => status === 503 || (retry > 0 && status === 409);
    for (let retry = 0; again(res.status, retry) && !expect.includes(res.status) && retry < 20; retry++) {
      await res.text();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      res = await send();
    }
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`fixture ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text.startsWith('{') ? (JSON.parse(text) as Json) : {};
  };
}

async function addHistory(ctx: Context, monitorIds: number[]): Promise<void> {
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count,
                                  dns_sum, dns_count, connect_sum, connect_count, tls_sum, tls_count, first_byte_sum, first_byte_count, download_sum, download_count)
     SELECT m, date_trunc('hour', now()) - h * interval '1 hour', 60, 59 + (h % 2), 60 * 120, 60,
            60 * 2, 60, 60 * 6, 60, 60 * 20, 60, 60 * 80, 60, 60 * 3, 60
     FROM unnest($1::int[]) m, generate_series(1, $2::int) h`,
    [monitorIds, ROLLUP_HOURS],
  );
  await ctx.db.query(
    `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key, timings)
     SELECT m, now() - g * interval '1 minute', 'success', 100 + g % 50, 200, 'bench-' || m || '-' || g,
            jsonb_build_object('dns', 2, 'connect', 5 + g % 3, 'tls', 20, 'first_byte', 60 + g % 40, 'download', 3)
     FROM unnest($1::int[]) m, generate_series(1, $2::int) g`,
    [monitorIds, CHECKS_PER_MONITOR],
  );
}

/** Seeds everything but the header check (the scanner grades it: seedHeaderCheck, once it runs); `pingTokens` heartbeat monitors give the ping rows tokens to spread over (each has its own per-minute limit). */
export async function seedFixtures(
  ctx: Context,
  base: string,
  siteUrl: string,
  dns: LoopbackDns,
  opts: { pingTokens: number; otherAccounts: number; configAccounts: number },
): Promise<{ fixtures: Omit<Fixtures, 'headerCheckId'>; accountId: number }> {
  const company = `bench-${Date.now().toString(36)}.test`;
  const now = new Date();
  const main = await createAccount(ctx.db, { email: `ops@${company}`, tier: 'enterprise', emailVerified: true }, now);
  const accountId = main.account.id;
  const call = apiClient(base, main.apiKey);

  const keyId = num((await call('get', '/api/v1/api-keys')) as Json, 'api_keys.0.id');
  const monitorIds: number[] = [];
  for (let i = 0; i < MONITORS; i++) {
    const created = await call('post', '/api/v1/uptime/monitors', { name: `site ${i}`, url: `${siteUrl}/site-${i}`, check_interval: 300 });
    monitorIds.push(num(created, 'monitor.id'));
  }
  await addHistory(ctx, monitorIds);
  const [monitorId, spareMonitorId] = monitorIds;
  const incident = await ctx.db.getRepository(Incident).save({ monitorId, accountId, status: 'open', startedAt: new Date(now.getTime() - 3_600_000), cause: 'HTTP 503' });
  for (const [status, message] of [['identified', 'A bad deploy'], ['monitoring', 'Rolled back']]) {
    await call('post', `/api/v1/uptime/monitors/${monitorId}/incidents/${incident.id}/updates`, { status, message });
  }
  const badges = JSON.stringify(await call('get', `/api/v1/uptime/monitors/${monitorId}/badges`));
  const badgeToken = /\/badges\/([^/"]+)\//.exec(badges)?.[1];
  if (!badgeToken) throw new Error(`no badge token in ${badges}`);

  // One heartbeat more than the ping rows' tokens: the first is the rotate-ping-token row's, whose
  // token stops working when that row runs (it was also a GET /ping row's token: 1 % of that row
  // answered 404 Unknown ping token).
  const heartbeats: Json[] = [];
  for (let i = 0; i < opts.pingTokens + 1; i += 10) {
    const batch = Array.from({ length: Math.min(10, opts.pingTokens + 1 - i) }, (_, j) =>
      call('post', '/api/v1/uptime/monitors', { name: `job ${i + j}`, type: 'heartbeat', config: { period: 3600, grace: 300 } }),
    );
    heartbeats.push(...(await Promise.all(batch)));
  }
  const heartbeatId = num(heartbeats[0], 'monitor.id');
  const pingTokens = heartbeats.slice(1).map((created) => new URL(str(created, 'monitor.ping_url')).pathname.split('/')[2]);

  const integrationId = num(await call('post', '/api/v1/integrations', { type: 'webhook', name: 'hook', config: { url: `${siteUrl}/hook` } }), 'integration.id');
  const tested = await call('post', `/api/v1/integrations/${integrationId}/test`);
  const deliveryId = num(tested, 'delivery.id');

  const start = new Date(now.getTime() + 86_400_000).toISOString();
  const window = await call('post', '/api/v1/maintenance-windows', { title: 'Upgrade', applies_to_all: true, starts_at: start, duration_minutes: 60, rrule: 'FREQ=WEEKLY' });
  const maintenanceId = num(window, 'maintenance_window.id');

  const hostname = `www.${company}`;
  const domain = await call('post', '/api/v1/domains', { hostname });
  const domainId = num(domain, 'domain.id');
  const scanId = num(domain, 'scan_id');
  const running = await markScanRunning(ctx.db.manager, scanId, new Date());
  if (!running) throw new Error('the domain scan is not runnable');
  await completeScan(ctx, running, tlsReportFixture(hostname), new Date());

  const verification = await call('post', '/api/v1/verifications', { hostname: `other-${company}` });
  const verificationId = num(verification, 'verification.id');
  dns.zone.set(str(verification, 'verification.record_name'), { TXT: [[str(verification, 'verification.record_value')]] });
  await call('post', `/api/v1/verifications/${verificationId}/check`);

  const statusSlug = `bench-${Date.now().toString(36)}`;
  const page = await call('post', '/api/v1/status-pages', { slug: statusSlug, title: 'Bench', sections: [{ title: 'All', monitor_ids: monitorIds, domain_ids: [domainId] }] });
  const statusPageId = num(page, 'status_page.id');
  const notice = await call('post', `/api/v1/status-pages/${statusPageId}/notices`, { title: 'Slow', status: 'investigating', message: 'Looking' });
  const noticeId = num(notice, 'notice.id');

  const located = await seedLocation(base, main.apiKey, siteUrl);
  const inbound = await seedInbound(ctx, base, main.apiKey, siteUrl, accountId, monitorIds.slice(2));
  const configured = await seedConfigAccounts(ctx, base, siteUrl, company, opts.configAccounts);

  const otherKeys: string[] = [];
  for (let a = 0; a < opts.otherAccounts; a++) {
    const other = await createAccount(ctx.db, { email: `ops-${a}@${company}`, tier: 'enterprise' }, now);
    otherKeys.push(other.apiKey);
    const ids = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, last_checked_at, last_response_time_ms, last_check_status, last_status_code)
       SELECT $1, 'site ' || g, $3 || '/other-' || g, $3 || '/other-' || g, 300, 'up', now(), 120, 'success', 200
       FROM generate_series(1, $2::int) g RETURNING id`,
      [other.account.id, MONITORS, siteUrl],
    )) as { id: number }[];
    await addHistory(ctx, ids.map((r) => r.id));
  }
  await ctx.db.query('VACUUM ANALYZE');
  const fixtures = {
    key: main.apiKey, company, keyId, otherKeys, siteUrl, monitorId, spareMonitorId, incidentId: incident.id, badgeToken, heartbeatId, pingTokens,
    integrationId, deliveryId, maintenanceId, domainId, scanId, verificationId, statusPageId, statusSlug, noticeId,
    ...located, ...inbound, ...configured,
  };
  return { fixtures, accountId };
}

/**
 * The domain's header check, graded by the scanner through the API (POST /headers/grade) as the
 * scanner would have stored it: its id. Asked until the scanner process answers (a minute at most).
 */
export async function seedHeaderCheck(ctx: Context, base: string, f: Omit<Fixtures, 'headerCheckId'>, accountId: number): Promise<number> {
  const call = apiClient(base, f.key);
  const hostname = `www.${f.company}`;
  let graded: Json = {};
  for (let i = 0; i < 60 && !('graded_at' in graded); i++) {
    graded = await call('post', '/headers/grade', { headers: { 'X-Content-Type-Options': 'nosniff', 'Strict-Transport-Security': 'max-age=63072000' }, site: hostname, https: true }, [200, 503]);
  }
  const { graded_at: fetchedAt, ...rest } = graded;
  const report = { ...rest, fetched_at: fetchedAt, final_url: `https://${hostname}/` } as HeaderReport;
  await recordHeaderCheck(ctx, { scanId: f.scanId, accountId, domainId: f.domainId, hostname, port: 443, url: `https://${hostname}/`, checkedAt: new Date(), outcome: { status: 'completed', report } });
  const [row] = (await ctx.db.query('SELECT id FROM header_checks WHERE scan_id = $1', [f.scanId])) as { id: number }[];
  if (!row) throw new Error('no header check recorded (the scanner never graded)');
  return row.id;
}

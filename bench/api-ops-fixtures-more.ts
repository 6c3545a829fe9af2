/**
 * The every-operation API bench's data for the endpoints of private locations, on-call callbacks
 * and configuration as code (api-ops-fixtures.ts seeds the rest). Never run alone.
 */
import { createAccount, type Context } from '@vigil/core';
import { apiClient, num, str } from './api-ops-fixtures.js';

type Json = Record<string, unknown>;

/** Monitors placed at the private location only (its agent's work), and their interval. */
const LOCATION_MONITORS = 20;
const LOCATION_INTERVAL = 60;
/** Long polls the seeding waits through for the first lease (25 s each). */
const LEASE_POLLS = 4;
/** Past incidents an on-call tool acknowledged, which its callbacks name again. */
const ACKNOWLEDGED_INCIDENTS = 40;
const CONFIG_MONITORS = 10;

export interface LocationFixtures {
  locationId: number;
  locationName: string;
  /** Another location of the account: its key is rotated (the agent's stays valid). */
  spareLocationId: number;
  agentKey: string;
  /** A lease whose result was accepted: posted again it is a duplicate. */
  doneLeaseId: string;
}

/** A request with the agent key: the parsed JSON answer, throwing on a status other than 200. */
async function agentCall(base: string, agentKey: string, path: string, body: unknown): Promise<Json> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${agentKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`fixture POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/**
 * A private location with LOCATION_MONITORS monitors checked every minute there, a lease taken
 * and its result accepted (the location then has an agent, a last poll and a backlog), and a
 * spare location.
 */
export async function seedLocation(base: string, key: string, siteUrl: string): Promise<LocationFixtures> {
  const call = apiClient(base, key);
  const locationName = 'office';
  const made = await call('post', '/api/v1/locations', { name: locationName, allowed_cidrs: ['127.0.0.0/8'] });
  const agentKey = str(made, 'agent_key');
  const spareLocationId = num(await call('post', '/api/v1/locations', { name: 'spare' }), 'location.id');
  await Promise.all(
    Array.from({ length: LOCATION_MONITORS }, (_, i) =>
      call('post', '/api/v1/uptime/monitors', { name: `office ${i}`, url: `${siteUrl}/office-${i}`, check_interval: LOCATION_INTERVAL, regions: [locationName] }),
    ),
  );
  for (let poll = 0; poll < LEASE_POLLS; poll++) {
    const leased = await agentCall(base, agentKey, '/api/v1/agent/leases', { agent_id: 'bench-0', version: '0.1.0', max: 1, wait_seconds: 25 });
    if (!num(leased, 'leases.length')) continue;
    const doneLeaseId = str(leased, 'leases.0.lease_id');
    const result = { timestamp: new Date().toISOString(), status: 'success', response_time_ms: 40, status_code: 200 };
    const posted = await agentCall(base, agentKey, '/api/v1/agent/results', { results: [{ lease_id: doneLeaseId, location: locationName, result }] });
    if (str(posted, 'results.0.status') !== 'accepted') throw new Error(`the fixture's result was not accepted: ${JSON.stringify(posted)}`);
    return { locationId: num(made, 'location.id'), locationName, spareLocationId, agentKey, doneLeaseId };
  }
  throw new Error(`no run of the private location fell due in ${LEASE_POLLS * 25} s (is the checker's dispatcher running?)`);
}

export interface InboundFixtures {
  /** The token of an Opsgenie integration's inbound_url, and the secret its callbacks carry. */
  inboundToken: string;
  inboundSecret: string;
  acknowledgedIncidentIds: number[];
}

/** An Opsgenie integration of the account and past incidents of its monitors the tool acknowledged (callbacks naming them again change nothing). */
export async function seedInbound(ctx: Context, base: string, key: string, siteUrl: string, accountId: number, monitorIds: number[]): Promise<InboundFixtures> {
  const inboundSecret = 'bench-opsgenie-webhook-secret';
  const created = await apiClient(base, key)('post', '/api/v1/integrations', {
    type: 'opsgenie',
    name: 'On-call',
    config: { api_key: '0f3c9a52-7d1e-4b8a-9c6f-2e5d8a1b4c7e', api_url: `${siteUrl}/opsgenie`, webhook_secret: inboundSecret },
  });
  const inboundToken = new URL(str(created, 'integration.inbound_url')).pathname.split('/')[3];
  const rows = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, acknowledged_at, acknowledged_by)
     SELECT m, $1, 'resolved', now() - g * interval '10 hours', now() - g * interval '10 hours' + interval '20 minutes', 1200, 'HTTP 503',
            now() - g * interval '10 hours' + interval '5 minutes', 'oncall@example.com (Opsgenie)'
     FROM generate_series(1, $2::int) g, LATERAL (SELECT ($3::int[])[1 + g % cardinality($3::int[])] AS m) pick
     RETURNING id`,
    [accountId, ACKNOWLEDGED_INCIDENTS, monitorIds],
  )) as { id: number }[];
  return { inboundToken, inboundSecret, acknowledgedIncidentIds: rows.map((r) => r.id) };
}

export interface ConfigFixtures {
  /** Keys of the configuration accounts, one per connection of the `own` rows. */
  configKeys: string[];
  /** Each account's document as applied (`a`) and with its first monitor renamed (`b`). */
  configDocuments: { a: Json; b: Json }[];
}

function configDocument(siteUrl: string, slug: string, i: number, firstName: string): Json {
  const keys = Array.from({ length: CONFIG_MONITORS }, (_, k) => `site-${k}`);
  return {
    monitors: keys.map((key, k) => ({ key, name: k === 0 ? firstName : `Site ${k}`, url: `${siteUrl}/config-${i}-${k}`, check_interval: 3600 })),
    integrations: [{ key: 'ops-hook', type: 'webhook', name: 'Ops webhook', config: { url: `${siteUrl}/config-hook-${i}`, secret: 'whsec_benchmark-signing-secret-0001' }, monitor_ids: keys.slice(0, 3) }],
    maintenance_windows: [{ key: 'sunday', title: 'Sunday deploys', monitor_ids: keys.slice(0, 2), starts_at: '2026-01-04T02:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=SU', duration_minutes: 30 }],
    status_pages: [{ key: 'public', slug, title: 'Status', sections: [{ title: 'All', monitor_ids: keys }] }],
  };
}

/** `accounts` enterprise accounts, each with its document applied through the API (10 at a time). */
export async function seedConfigAccounts(ctx: Context, base: string, siteUrl: string, company: string, accounts: number): Promise<ConfigFixtures> {
  const stamp = Date.now().toString(36);
  const configKeys: string[] = [];
  const configDocuments: ConfigFixtures['configDocuments'] = [];
  for (let i = 0; i < accounts; i++) {
    configKeys.push((await createAccount(ctx.db, { email: `config-${i}@${company}`, tier: 'enterprise' }, new Date())).apiKey);
    const slug = `config-${stamp}-${i}`;
    configDocuments.push({ a: configDocument(siteUrl, slug, i, 'Site 0'), b: configDocument(siteUrl, slug, i, 'Site 0 (renamed)') });
  }
  for (let i = 0; i < accounts; i += 10) {
    await Promise.all(configKeys.slice(i, i + 10).map((key, j) => apiClient(base, key)('post', '/api/v1/config/apply', configDocuments[i + j].a)));
  }
  return { configKeys, configDocuments };
}

import { randomUUID } from 'node:crypto';
import {
  createSecretBox,
  Integration,
  type AlertEventDataMap,
  type AlertEventMeta,
  type AlertEventName,
  type AlertEventPayloadOf,
  type MaybeIncidentFacts,
  type MonitorDownCheckData,
  type Context,
  type IntegrationType,
} from '@vigil/core';

export async function insertMonitor(ctx: Context, accountId: number, opts: { name?: string; url?: string } = {}): Promise<number> {
  const url = opts.url ?? `https://example.com/${randomUUID()}`;
  const [row] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, $2, $3, $3) RETURNING id`,
    [accountId, opts.name ?? 'Example API', url],
  )) as { id: number }[];
  return row.id;
}

export async function insertDomain(
  ctx: Context,
  accountId: number,
  opts: { hostname?: string; notificationsEnabled?: boolean } = {},
): Promise<number> {
  const [row] = (await ctx.db.query(
    `INSERT INTO domains (account_id, hostname, notifications_enabled) VALUES ($1, $2, $3) RETURNING id`,
    [accountId, opts.hostname ?? `${randomUUID().slice(0, 8)}.example.com`, opts.notificationsEnabled ?? true],
  )) as { id: number }[];
  return row.id;
}

export async function insertIncident(ctx: Context, accountId: number, monitorId: number): Promise<number> {
  const [row] = (await ctx.db.query(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause) VALUES ($1, $2, 'open', $3, 'HTTP 503 Service Unavailable') RETURNING id`,
    [monitorId, accountId, ctx.clock.now()],
  )) as { id: number }[];
  return row.id;
}

export interface IntegrationFixture {
  type?: IntegrationType;
  name?: string;
  config?: Record<string, unknown>;
  secrets?: Record<string, unknown>;
  events?: AlertEventName[];
  monitorIds?: number[];
  domainIds?: number[];
  isActive?: boolean;
}

/** An integration row as the API stores it: secrets sealed with the context's key. */
export async function insertIntegration(ctx: Context, accountId: number, f: IntegrationFixture = {}): Promise<Integration> {
  const box = createSecretBox(ctx.config.secretKey);
  return ctx.db.getRepository(Integration).save({
    accountId,
    type: f.type ?? 'webhook',
    name: f.name ?? 'Test integration',
    config: f.config ?? {},
    secrets: f.secrets ? box.sealJson(f.secrets) : null,
    events: f.events ?? [],
    monitorIds: f.monitorIds ?? [],
    domainIds: f.domainIds ?? [],
    isActive: f.isActive ?? true,
  });
}

/** A webhook integration pointing at `url`, signed with `secret`. */
export function webhookIntegration(ctx: Context, accountId: number, url: string, secret: string, f: IntegrationFixture = {}) {
  return insertIntegration(ctx, accountId, { type: 'webhook', config: { url }, secrets: { secret }, ...f });
}

const checkedAt = '2026-11-21T10:00:00.000Z';
const domainFacts = { domain_id: 1, hostname: 'shop.example.com', port: 443 };

/** Typed `data` of each event, as its producer builds it. */
export const sampleEventData: AlertEventDataMap = {
  'monitor.down': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
    checked_at: checkedAt,
    status_code: 503,
    error: 'HTTP 503 Service Unavailable',
  },
  'monitor.up': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'up' },
    checked_at: checkedAt,
    status_code: 200,
    response_time_ms: 120,
  },
  'monitor.degraded': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'degraded' },
    checked_at: checkedAt,
    status_code: 200,
    response_time_ms: 2400,
    degraded_threshold_ms: 2000,
  },
  'incident.acknowledged': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
    incident_id: 7,
    cause: 'HTTP 503 Service Unavailable',
    started_at: checkedAt,
    resolved_at: null,
    duration_seconds: null,
    affected_checks: 2,
    acknowledged_at: '2026-11-21T10:05:00.000Z',
    acknowledged_by: 'Jane Doe',
    acknowledged_via: 'pagerduty',
  },
  'certificate.expiring': {
    ...domainFacts,
    threshold_days: 7,
    days_until_expiry: 7,
    valid_to: '2026-11-28T10:00:00.000Z',
    fingerprint_sha256: 'ab'.repeat(32),
    subject: 'CN=shop.example.com',
    issuer: 'CN=Example CA',
    alert_days_before_expiry: 30,
    scan_id: 1,
  },
  'certificate.expired': {
    ...domainFacts,
    threshold_days: 0,
    days_until_expiry: -1,
    valid_to: '2026-11-20T10:00:00.000Z',
    fingerprint_sha256: 'ab'.repeat(32),
    subject: 'CN=shop.example.com',
    issuer: 'CN=Example CA',
    alert_days_before_expiry: 30,
    scan_id: 1,
  },
  'domain.grade_changed': {
    ...domainFacts,
    previous_grade: 'A',
    previous_score: 95,
    grade: 'B',
    score: 80,
    reasons: [{ kind: 'protocol', change: 'appeared', name: 'TLSv1.0' }],
    scan_id: 1,
    scan_url: 'https://vigil.example/api/v1/scans/1',
  },
  'headers.grade_changed': {
    ...domainFacts,
    url: 'https://shop.example.com/',
    previous_grade: 'A',
    previous_score: 100,
    grade: 'C',
    score: 60,
    reasons: [{ kind: 'header', change: 'disappeared', name: 'Strict-Transport-Security' }],
    header_check_id: 1,
    header_checks_url: 'https://vigil.example/api/v1/domains/1/header-checks',
  },
  'scan.completed': {
    scan_id: 1,
    domain_id: null,
    hostname: 'shop.example.com',
    port: 443,
    status: 'completed',
    grade: 'A',
    score: 95,
    error: null,
    duration_ms: 1200,
    scan_url: 'https://vigil.example/api/v1/scans/1',
  },
  'domain.verification_lapsed': {
    verification_id: 7,
    hostname: 'shop.example.com',
    record_name: '_vigil-challenge.shop.example.com',
    record_value: 'vigil-verification=0123456789abcdef0123456789abcdef',
    verified_at: '2026-01-02T03:04:05.000Z',
    missing_since: '2026-03-01T04:13:00.000Z',
    grace_days: 7,
    released_custom_hostnames: ['status.shop.example.com'],
    verification_url: 'https://vigil.example/api/v1/verifications/7',
  },
  test: { message: 'This is a test event from Vigil.', integration: { id: 1, name: 'Ops hook', type: 'webhook' } },
};

/** monitor.down data of a monitor as inserted (name, url), within incident `incidentId` when given. */
export function downData(monitor: { id: number; name: string; url: string }, incidentId?: number): MonitorDownCheckData {
  const incident: MaybeIncidentFacts =
    incidentId !== undefined
      ? { incident_id: incidentId, cause: 'HTTP 503 Service Unavailable', started_at: checkedAt, resolved_at: null, duration_seconds: null, affected_checks: 3 }
      : {};
  return { monitor: { ...monitor, status: 'down' }, checked_at: checkedAt, status_code: 503, ...incident, error: 'HTTP 503 Service Unavailable' };
}

/** An AlertEvent payload of `event`: the sample data unless `data` is given. */
export function eventOf<E extends AlertEventName>(
  accountId: number,
  event: E,
  p: Partial<AlertEventMeta> & { data?: AlertEventDataMap[E] } = {},
): AlertEventPayloadOf<E> {
  const { data, ...meta } = p;
  return { eventId: randomUUID(), accountId, createdAt: new Date().toISOString(), ...meta, event, data: data ?? sampleEventData[event] };
}

/** A monitor.down payload (the common case). */
export function alertEvent(accountId: number, p: Partial<AlertEventMeta> & { data?: AlertEventDataMap['monitor.down'] } = {}) {
  return eventOf(accountId, 'monitor.down', p);
}

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
import { SAMPLE_CHECKED_AT as checkedAt, sampleEventData } from '@vigil/testing';

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

import type { DataSource } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { pageTotal } from '../db/page-total.js';
import { AlertDelivery } from '../db/entities/alert-delivery.entity.js';
import type { Queryable, WriteResult } from '../db/queryable.js';
import { appendAlertSent } from '../incidents/incident-store.js';
import type { AlertEnvelope } from '../queue/alert-events.js';
import type { AlertKind } from '../queue/job-payloads.js';
import type { DeliveryOutcome } from '../channels/definition.js';

/**
 * The store of alert deliveries (issue 30): every statement on alert_deliveries. A delivery is
 * one row per attempt; its id is that of its first attempt (delivery_id), and an integration
 * gets at most one delivery of an event id (the unique key decides between concurrent writers).
 */

/** The first attempt of a delivery (its id is the delivery id), or null when it is gone. */
export async function loadDelivery(db: DataSource, deliveryId: number): Promise<AlertDelivery | null> {
  return db.getRepository(AlertDelivery).findOneBy({ id: deliveryId, deliveryId });
}

/** The first attempt of a delivery of this integration (null when gone or another integration's). */
export function firstAttemptOfIntegration(em: EntityAccess, deliveryId: number, integrationId: number): Promise<AlertDelivery | null> {
  return em.getRepository(AlertDelivery).findOneBy({ id: deliveryId, deliveryId, integrationId });
}

/** An attempt just created; TypeORM's EntityNotFoundError when it is gone. */
export function deliveryAttempt(em: EntityAccess, id: number): Promise<AlertDelivery> {
  return em.getRepository(AlertDelivery).findOneByOrFail({ id });
}

/** The delivery log's filters: exact values, absent ones not filtered on. */
export interface DeliveryFilters {
  status?: AlertDelivery['status'];
  event?: AlertDelivery['event'];
}

/** An attempt as the delivery log shows it. */
export type LoggedAttempt = Pick<
  AlertDelivery,
  'id' | 'deliveryId' | 'integrationId' | 'eventId' | 'event' | 'attempt' | 'status' | 'responseCode' | 'error' | 'durationMs' | 'willRetry' | 'createdAt' | 'completedAt'
>;

/** A logged attempt as the log statement writes it (JSON): times as epoch milliseconds. */
type LoggedAttemptRow = Omit<LoggedAttempt, 'createdAt' | 'completedAt'> & { createdMs: number; completedMs: number | null };

const ATTEMPT_FILTERS = 'integration_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR event = $3)';

/**
 * The page as one JSON value (pg decodes one string, JSON.parse builds the objects), and only
 * when the integration is the account's: no row at all otherwise.
 */
const ATTEMPT_LOG = `
SELECT (SELECT json_agg(d ORDER BY d.id DESC) FROM (
  SELECT id, delivery_id AS "deliveryId", integration_id AS "integrationId", event_id AS "eventId", event, attempt, status,
         response_code AS "responseCode", error, duration_ms AS "durationMs", will_retry AS "willRetry",
         floor(extract(epoch FROM created_at) * 1000)::bigint AS "createdMs", floor(extract(epoch FROM completed_at) * 1000)::bigint AS "completedMs"
  FROM alert_deliveries WHERE ${ATTEMPT_FILTERS}
  ORDER BY id DESC LIMIT $5 OFFSET $6) d) AS page
FROM integrations WHERE id = $1 AND account_id = $4`;

/**
 * A page of the account's integration's attempts, newest first, and how many match; null when
 * the integration is missing or another account's. The ownership check and the page are one
 * statement (issue 35: with TypeORM's findAndCount it took three, and read every attempt's
 * payload); the count is a second only when the page does not tell the total (pageTotal).
 */
export async function deliveryLogOfAccount(q: Queryable, accountId: number, integrationId: number, filters: DeliveryFilters, page: PageSlice): Promise<[LoggedAttempt[], number] | null> {
  const params = [integrationId, filters.status ?? null, filters.event ?? null];
  const [found] = await q.query<{ page: LoggedAttemptRow[] | null }[]>(ATTEMPT_LOG, [...params, accountId, page.perPage, page.offset]);
  if (!found) return null;
  const rows = (found.page ?? []).map(({ createdMs, completedMs, ...attempt }): LoggedAttempt => ({
    ...attempt,
    createdAt: new Date(createdMs),
    completedAt: completedMs === null ? null : new Date(completedMs),
  }));
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM alert_deliveries WHERE ${ATTEMPT_FILTERS}`, params);
    return row?.n ?? 0;
  });
  return [rows, total];
}

/** The successful attempt of a delivery, if one exists. */
export async function successfulAttempt(db: DataSource, deliveryId: number): Promise<AlertDelivery | null> {
  return db.getRepository(AlertDelivery).findOneBy({ deliveryId, status: 'success' });
}

/**
 * The row of attempt `attempt` of a delivery: the first row itself for attempt 1, otherwise a
 * new pending row, or the existing one when this attempt already started once (a job that
 * stalled and runs again). Rows are created at `now` of the injected clock: created_at is
 * compared with clock times (alerts counted per day and per billing period).
 */
export async function attemptRow(db: DataSource, first: AlertDelivery, attempt: number, now: Date): Promise<AlertDelivery> {
  if (attempt === 1) return first;
  await db.query(
    `INSERT INTO alert_deliveries (delivery_id, account_id, integration_id, integration_type, event_id, event,
       monitor_id, domain_id, incident_id, payload, alert_kind, attempt, status, created_at)
     SELECT delivery_id, account_id, integration_id, integration_type, event_id, event,
       monitor_id, domain_id, incident_id, payload, alert_kind, $2, 'pending', $3
     FROM alert_deliveries WHERE id = $1
     ON CONFLICT (integration_id, event_id, attempt) DO NOTHING`,
    [first.id, attempt, now],
  );
  const row = await db.getRepository(AlertDelivery).findOneBy({ deliveryId: first.id, attempt });
  if (!row) throw new Error(`Attempt ${attempt} of delivery ${first.id} could not be recorded`);
  return row;
}

/**
 * Records how an attempt ended. A success also appends {type, sent_at, event, kind,
 * integration_id} to the incident's alerts_sent, in the same transaction, so the incident lists exactly the successful
 * deliveries. Only a pending row is finished: a second writer changes nothing.
 */
export async function finishAttempt(
  db: DataSource,
  row: AlertDelivery,
  outcome: DeliveryOutcome,
  opts: { willRetry: boolean; at: Date; channelType: string },
): Promise<AlertDelivery> {
  return db.transaction(async (m) => {
    const status = outcome.ok ? 'success' : 'failed';
    const [, finished] = await m.query<WriteResult>(
      `UPDATE alert_deliveries
       SET status = $2, response_code = $3, error = $4, duration_ms = $5, will_retry = $6, completed_at = $7
       WHERE id = $1 AND status = 'pending'`,
      [row.id, status, outcome.responseCode, outcome.error, outcome.durationMs, opts.willRetry, opts.at],
    );
    if (finished > 0 && outcome.ok && row.incidentId !== null) {
      await appendAlertSent(m, { id: row.incidentId, accountId: row.accountId }, { type: opts.channelType, sentAt: opts.at, event: row.event, kind: row.alertKind, integrationId: row.integrationId });
    }
    const fresh = await m.getRepository(AlertDelivery).findOneBy({ id: row.id });
    if (!fresh) throw new Error(`Delivery attempt ${row.id} vanished`);
    return fresh;
  });
}

export interface NewDelivery {
  accountId: number;
  integrationId: number;
  integrationType: string;
  envelope: AlertEnvelope;
  monitorId: number | null;
  domainId: number | null;
  incidentId: number | null;
  alertKind: AlertKind;
}

/**
 * Creates the first attempt of a delivery, pending, unless this integration already has a
 * delivery of this event id, created at `now` (see attemptRow). Returns the delivery id, or
 * null when it existed already.
 */
export async function createDelivery(db: DataSource, d: NewDelivery, now: Date): Promise<number | null> {
  const rows = await db.query<{ id: number }[]>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('alert_deliveries', 'id'))::integer AS id)
     INSERT INTO alert_deliveries (id, delivery_id, account_id, integration_id, integration_type, event_id, event,
       monitor_id, domain_id, incident_id, payload, alert_kind, attempt, status, created_at)
     SELECT n.id, n.id, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, 'pending', $11 FROM n
     ON CONFLICT (integration_id, event_id, attempt) DO NOTHING
     RETURNING id`,
    [
      d.accountId,
      d.integrationId,
      d.integrationType,
      d.envelope.id,
      d.envelope.event,
      d.monitorId,
      d.domainId,
      d.incidentId,
      JSON.stringify(d.envelope),
      d.alertKind,
      now,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * One more attempt of a delivery (a redelivery), pending, numbered after its last; null when a
 * concurrent redelivery took that number (the caller tries again).
 */
export async function insertNextAttempt(db: Queryable, firstId: number, integrationType: string): Promise<{ id: number; attempt: number } | null> {
  const [row] = await db.query<{ id: number; attempt: number }[]>(
    `INSERT INTO alert_deliveries (delivery_id, account_id, integration_id, integration_type, event_id, event,
       monitor_id, domain_id, incident_id, payload, alert_kind, attempt, status)
     SELECT delivery_id, account_id, integration_id, $2, event_id, event, monitor_id, domain_id, incident_id, payload, alert_kind,
       (SELECT max(attempt) + 1 FROM alert_deliveries WHERE delivery_id = $1), 'pending'
     FROM alert_deliveries WHERE id = $1
     ON CONFLICT (integration_id, event_id, attempt) DO NOTHING
     RETURNING id, attempt`,
    [firstId, integrationType],
  );
  return row ?? null;
}

/** The first attempts of an event, still pending, among these integrations' deliveries. */
export async function pendingFirstAttempts(db: Queryable, eventId: string, integrationIds: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }[]>(
    `SELECT id FROM alert_deliveries
     WHERE event_id = $1 AND attempt = 1 AND status = 'pending' AND integration_id = ANY($2::int[])`,
    [eventId, integrationIds],
  );
  return rows.map((r) => r.id);
}

/** The delivery logs of deleted domains (alert_deliveries keeps no foreign key to domains). */
export async function deleteDomainDeliveries(db: Queryable, accountId: number, domainIds: readonly number[]): Promise<void> {
  await db.query(`DELETE FROM alert_deliveries WHERE account_id = $1 AND domain_id = ANY($2::int[])`, [accountId, domainIds]);
}

/**
 * Delivery attempts created before $1, a whole delivery at a time: none of its attempts is
 * newer or still pending (a retry in flight reads its first attempt).
 */
const PRUNABLE_DELIVERIES = `
  SELECT a.id FROM alert_deliveries a
  WHERE a.created_at < $1
    AND NOT EXISTS (
      SELECT 1 FROM alert_deliveries o
      WHERE o.delivery_id = a.delivery_id AND (o.created_at >= $1 OR o.status = 'pending'))`;

/** Deletes delivery attempts older than `before`, in batches. Returns how many rows went. */
export function pruneAlertDeliveriesBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'alert_deliveries', PRUNABLE_DELIVERIES, [before], batchSize);
}

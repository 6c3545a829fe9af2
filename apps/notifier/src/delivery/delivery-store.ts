import type { DataSource } from 'typeorm';
import { AlertDelivery, type AlertEnvelope, type AlertKind, type DeliveryOutcome } from '@vigil/core';

/** The first attempt of a delivery (its id is the delivery id), or null when it is gone. */
export async function loadDelivery(db: DataSource, deliveryId: number): Promise<AlertDelivery | null> {
  return db.getRepository(AlertDelivery).findOneBy({ id: deliveryId, deliveryId });
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
    const updated = (await m.query(
      `UPDATE alert_deliveries
       SET status = $2, response_code = $3, error = $4, duration_ms = $5, will_retry = $6, completed_at = $7
       WHERE id = $1 AND status = 'pending'
       RETURNING id`,
      [row.id, status, outcome.responseCode, outcome.error, outcome.durationMs, opts.willRetry, opts.at],
    )) as [{ id: number }[], number];
    if (updated[1] > 0 && outcome.ok && row.incidentId !== null) {
      await m.query(
        `UPDATE incidents
         SET alerts_sent = alerts_sent || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
               'type', $3::text, 'sent_at', $4::text, 'event', $5::text, 'kind', $6::text, 'integration_id', $7::int)))
         WHERE id = $1 AND account_id = $2`,
        [row.incidentId, row.accountId, opts.channelType, opts.at.toISOString(), row.event, row.alertKind, row.integrationId],
      );
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
  const rows = (await db.query(
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
  )) as { id: number }[];
  return rows[0]?.id ?? null;
}

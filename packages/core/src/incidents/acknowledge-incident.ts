import type { EntityManager } from 'typeorm';
import { Incident } from '../db/entities/incident.entity.js';
import { ConflictError } from '../errors/errors.js';
import { monitorRef } from '../monitors/monitor-store.js';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import { acknowledgementEvent, type Acknowledgement } from './acknowledgement-event.js';

export const INCIDENT_RESOLVED = 'Incident is already resolved';

export interface AcknowledgeResult {
  incident: Incident;
  /** False when the incident was acknowledged before: the first acknowledgement is kept. */
  changed: boolean;
}

/**
 * Acknowledges an incident whose row the caller's transaction has locked: records when and by
 * whom, and writes the `incident.acknowledged` alert event to the outbox in the same
 * transaction (on-call tools and chat follow it; the relay sends it after commit). Idempotent:
 * an acknowledged incident stays as it is, the first acknowledgement kept (also once it has
 * resolved). A resolved incident that nobody acknowledged: ConflictError (nothing left to stop).
 */
export async function acknowledgeLockedIncident(em: EntityManager, incident: Incident, ack: Acknowledgement): Promise<AcknowledgeResult> {
  if (incident.acknowledgedAt) return { incident, changed: false };
  if (incident.status === 'resolved') throw new ConflictError(INCIDENT_RESOLVED);
  incident.acknowledgedAt = ack.at;
  incident.acknowledgedBy = ack.by;
  await em.getRepository(Incident).update({ id: incident.id }, { acknowledgedAt: ack.at, acknowledgedBy: ack.by });
  const monitor = await monitorRef(em, incident.monitorId);
  // The incident goes with its monitor (ON DELETE CASCADE): the row locked here keeps the monitor.
  if (!monitor) throw new Error(`Monitor ${incident.monitorId} of incident ${incident.id} is gone`);
  await writeOutbox(em, [alertOutboxMessage(acknowledgementEvent(incident, monitor, ack))]);
  return { incident, changed: true };
}

/** An incident of the account, its row locked for the caller's transaction; null when there is none. */
export function lockAccountIncident(em: EntityManager, accountId: number, incidentId: number): Promise<Incident | null> {
  return em.getRepository(Incident).findOne({ where: { id: incidentId, accountId }, lock: { mode: 'pessimistic_write' } });
}

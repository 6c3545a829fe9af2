import type { Incident } from '../db/entities/incident.entity.js';
import { incidentFacts, type AcknowledgementSource, type AlertEventPayloadOf, type MonitorRef } from '../queue/alert-events.js';

/** Who acknowledged an incident, where, and when (the injected clock's time). */
export interface Acknowledgement {
  /** The API key's name, or the on-call tool's user (name or email). */
  by: string;
  via: AcknowledgementSource;
  at: Date;
}

/** The event id of an incident's acknowledgement: one per incident (it is acknowledged once). */
export function acknowledgementEventId(incidentId: number): string {
  return `incident-${incidentId}-acknowledged`;
}

/** The `incident.acknowledged` alert event of an incident that has just been acknowledged. */
export function acknowledgementEvent(incident: Incident, monitor: MonitorRef, ack: Acknowledgement): AlertEventPayloadOf<'incident.acknowledged'> {
  return {
    eventId: acknowledgementEventId(incident.id),
    accountId: incident.accountId,
    event: 'incident.acknowledged',
    createdAt: ack.at.toISOString(),
    monitorId: incident.monitorId,
    incidentId: incident.id,
    data: {
      monitor: { id: monitor.id, name: monitor.name, url: monitor.url, status: monitor.status },
      ...incidentFacts(incident),
      acknowledged_at: ack.at.toISOString(),
      acknowledged_by: ack.by,
      acknowledged_via: ack.via,
    },
  };
}

import { incidentAlertKey } from '../../incidents/incident-alert-key.js';
import type { AlertEnvelope } from '../../queue/alert-events.js';

/**
 * What an on-call tool (PagerDuty, Opsgenie) is told about an event: open (or re-trigger) the
 * alert named `key`, acknowledge it, or resolve it.
 */
export interface OnCallAction {
  action: 'trigger' | 'acknowledge' | 'resolve';
  /** PagerDuty's dedup_key, Opsgenie's alias. */
  key: string;
}

/**
 * The incident sync (decisions: "PagerDuty and Opsgenie incident sync"): an incident is one alert
 * keyed by the incident (`vigil-incident-<id>`): `monitor.down` (and its reminders and
 * escalation steps) triggers it, `incident.acknowledged` acknowledges it, `monitor.up` resolves
 * it. A private location's silence is one alert too, keyed by the location and the poll it went
 * silent after: `location.offline` triggers it, `location.online` resolves it. Any other event
 * (degraded, certificates, grades, scans, test) is an alert of its own, keyed by the event id,
 * that nothing resolves: integrations choose those with `events`.
 */
export function onCallAction(envelope: AlertEnvelope): OnCallAction {
  switch (envelope.event) {
    case 'monitor.down':
      return envelope.data.incident_id !== undefined ? { action: 'trigger', key: incidentAlertKey(envelope.data.incident_id) } : ownAlert(envelope);
    case 'incident.acknowledged':
      return { action: 'acknowledge', key: incidentAlertKey(envelope.data.incident_id) };
    case 'monitor.up':
      return envelope.data.incident_id !== undefined ? { action: 'resolve', key: incidentAlertKey(envelope.data.incident_id) } : ownAlert(envelope);
    case 'location.offline':
      return { action: 'trigger', key: locationAlertKey(envelope.data.location.id, envelope.data.last_poll) };
    case 'location.online':
      return { action: 'resolve', key: locationAlertKey(envelope.data.location.id, envelope.data.offline_since) };
    default:
      return ownAlert(envelope);
  }
}

/** One offline episode of a location: its id and the last poll before the silence (the same in both events). */
function locationAlertKey(locationId: number, silentSince: string): string {
  return `vigil-location-${locationId}-${Date.parse(silentSince)}`;
}

function ownAlert(envelope: AlertEnvelope): OnCallAction {
  return { action: 'trigger', key: `vigil-event-${envelope.id}` };
}

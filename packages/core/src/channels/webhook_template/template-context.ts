import type { AlertContent } from '../content/alert-content.js';
import type { OutgoingAlert } from '../definition.js';

/** A JSON value: what a placeholder stands for. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The placeholders a body template may use, each a path into templateContext()'s object. */
export const TEMPLATE_PATHS = [
  'event',
  'event_id',
  'created_at',
  'title',
  'summary',
  'severity',
  'link',
  'monitor',
  'monitor.id',
  'monitor.name',
  'monitor.url',
  'monitor.status',
  'incident',
  'incident.id',
  'incident.cause',
  'incident.started_at',
  'incident.resolved_at',
  'incident.duration_seconds',
  'domain',
  'domain.id',
  'domain.hostname',
  'domain.port',
  'data',
  'envelope',
] as const;

/** The event's data as plain JSON (it came from JSON: this is a copy, no functions, no cycles). */
function asJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

function field(value: JsonValue | undefined, key: string): JsonValue {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return null;
  return key in value ? value[key] : null;
}

/** The object placeholders are looked up in: the event's facts under stable names, null where an event has none. */
export function templateContext(alert: OutgoingAlert, content: AlertContent): Record<string, JsonValue> {
  const data = asJson(alert.envelope.data);
  const monitor = field(data, 'monitor');
  const incidentId = field(data, 'incident_id');
  const domainRef = field(data, 'domain');
  const hostname = field(data, 'hostname');
  return {
    event: alert.envelope.event,
    event_id: alert.envelope.id,
    created_at: alert.envelope.created_at,
    title: content.title,
    summary: content.summary,
    severity: content.severity,
    link: content.link,
    monitor:
      monitor === null
        ? null
        : { id: field(monitor, 'id'), name: field(monitor, 'name'), url: field(monitor, 'url'), status: field(monitor, 'status') },
    incident:
      incidentId === null
        ? null
        : {
            id: incidentId,
            cause: field(data, 'cause'),
            started_at: field(data, 'started_at'),
            resolved_at: field(data, 'resolved_at'),
            duration_seconds: field(data, 'duration_seconds'),
          },
    domain:
      hostname === null && domainRef === null
        ? null
        : {
            id: field(domainRef, 'id') ?? field(data, 'domain_id'),
            hostname: field(domainRef, 'hostname') ?? hostname,
            port: field(domainRef, 'port') ?? field(data, 'port'),
          },
    data,
    envelope: asJson(alert.envelope),
  };
}

import { describeAlert, type Severity } from '../content/alert-content.js';
import { clip } from '../content/plain-text.js';
import { alertSource } from '../oncall/alert-source.js';
import { onCallAction } from '../oncall/oncall-action.js';
import type { AlertEnvelope } from '../../queue/alert-events.js';

/** A PagerDuty Events API v2 event (POST /v2/enqueue), as developer.pagerduty.com documents it. */
export type PagerDutyEventBody =
  | { routing_key: string; event_action: 'acknowledge' | 'resolve'; dedup_key: string }
  | {
      routing_key: string;
      event_action: 'trigger';
      dedup_key: string;
      payload: {
        summary: string;
        source: string;
        severity: 'critical' | 'error' | 'warning' | 'info';
        timestamp: string;
        class: string;
        custom_details: Record<string, string>;
      };
      links: { href: string; text: string }[];
      client: string;
      client_url: string;
    };

const SEVERITY: Record<Severity, 'critical' | 'warning' | 'info'> = { critical: 'critical', warning: 'warning', ok: 'info', info: 'info' };

/** PagerDuty's limits: summary 1024 characters, source and dedup_key 255. */
const MAX_SUMMARY = 1024;
const MAX_SOURCE = 255;

/**
 * The event for an alert: trigger, acknowledge or resolve the alert keyed by the incident
 * (onCallAction). A trigger carries the rendered summary, the source system, the severity, the
 * facts as custom_details and a link back to Vigil; acknowledge and resolve carry only the key.
 */
export function pagerDutyEvent(envelope: AlertEnvelope, routingKey: string, baseUrl: string): PagerDutyEventBody {
  const { action, key } = onCallAction(envelope);
  if (action !== 'trigger') return { routing_key: routingKey, event_action: action, dedup_key: key };
  const content = describeAlert(envelope, baseUrl);
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: key,
    payload: {
      summary: clip(`${content.title}. ${content.summary}`, MAX_SUMMARY),
      source: clip(alertSource(envelope), MAX_SOURCE),
      severity: SEVERITY[content.severity],
      timestamp: content.time,
      class: envelope.event,
      custom_details: { ...Object.fromEntries(content.facts.map((f) => [f.label, f.value])), 'Vigil event': envelope.id },
    },
    links: [{ href: content.link, text: 'Open in Vigil' }],
    client: 'Vigil',
    client_url: baseUrl,
  };
}

import { describeAlert, type Severity } from '../content/alert-content.js';
import { clip, plainBody } from '../content/plain-text.js';
import { alertSource } from '../oncall/alert-source.js';
import { onCallAction } from '../oncall/oncall-action.js';
import type { AlertEnvelope } from '../../queue/alert-events.js';

/** One Opsgenie Alert API call: its path (and query) under api_url, and its JSON body. */
export interface OpsgenieRequest {
  path: string;
  body: Record<string, unknown>;
}

const PRIORITY: Record<Severity, 'P1' | 'P3' | 'P5'> = { critical: 'P1', warning: 'P3', ok: 'P5', info: 'P5' };

/** Opsgenie's limits (docs.opsgenie.com, Alert API). */
const LIMITS = { message: 130, description: 15_000, entity: 512, source: 100, user: 100, note: 25_000, detailValue: 1_000 };

/**
 * The call for an alert: create the alert with the incident's alias (an open alias
 * de-duplicates), or acknowledge or close it by alias (`identifierType=alias`).
 */
export function opsgenieRequest(envelope: AlertEnvelope, baseUrl: string): OpsgenieRequest {
  const { action, key } = onCallAction(envelope);
  const byAlias = (verb: string) => `/v2/alerts/${encodeURIComponent(key)}/${verb}?identifierType=alias`;
  const content = describeAlert(envelope, baseUrl);
  if (action === 'acknowledge' && envelope.event === 'incident.acknowledged') {
    return {
      path: byAlias('acknowledge'),
      body: { user: clip(envelope.data.acknowledged_by, LIMITS.user), source: 'Vigil', note: clip(content.summary, LIMITS.note) },
    };
  }
  if (action === 'resolve') return { path: byAlias('close'), body: { source: 'Vigil', note: clip(content.summary, LIMITS.note) } };
  return {
    path: '/v2/alerts',
    body: {
      message: clip(content.title, LIMITS.message),
      alias: key,
      description: clip(plainBody(content), LIMITS.description),
      tags: ['vigil', envelope.event],
      details: { ...Object.fromEntries(content.facts.map((f) => [f.label, clip(f.value, LIMITS.detailValue)])), 'Vigil event': envelope.id },
      entity: clip(alertSource(envelope), LIMITS.entity),
      source: 'Vigil',
      priority: PRIORITY[content.severity],
    },
  };
}

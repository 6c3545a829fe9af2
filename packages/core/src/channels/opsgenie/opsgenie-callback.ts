import { createHash, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../errors/errors.js';
import { incidentIdOfAlertKey } from '../../incidents/incident-alert-key.js';
import { actorName, type InboundAcknowledgement } from '../../incidents/inbound-acknowledgement.js';

/** The custom header the Opsgenie Webhook integration is set to send, holding the integration's webhook_secret. */
export const OPSGENIE_SECRET_HEADER = 'X-Vigil-Webhook-Secret';

/** Opsgenie alert actions that acknowledge the Vigil incident (decisions: "PagerDuty and Opsgenie incident sync"). */
const ACKNOWLEDGING = new Set(['Acknowledge', 'Close']);

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the header carries the integration's webhook secret (digests compared in constant time: neither content nor length leaks). */
export function verifyOpsgenieSecret(header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  return timingSafeEqual(digest(header.trim()), digest(secret));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an Opsgenie Webhook-integration call asks: actions Acknowledge and Close on an alert whose
 * `alias` (the one Vigil created it with) names a Vigil incident acknowledge it, by
 * `alert.username` (the Opsgenie user, an email); anything else is ignored. A body that is not
 * an alert action: ValidationError.
 */
export function readOpsgenieCallback(rawBody: Buffer): InboundAcknowledgement {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ValidationError('Invalid JSON body');
  }
  if (!isObject(parsed) || typeof parsed.action !== 'string' || !isObject(parsed.alert)) {
    throw new ValidationError('Invalid Opsgenie callback: no action and alert');
  }
  if (!ACKNOWLEDGING.has(parsed.action)) return { kind: 'ignore' };
  const incidentId = incidentIdOfAlertKey(parsed.alert.alias);
  if (incidentId === null) return { kind: 'ignore' };
  return { kind: 'acknowledge', incidentId, by: actorName(parsed.alert.username, 'Opsgenie') };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../errors/errors.js';
import { incidentIdOfAlertKey } from '../../incidents/incident-alert-key.js';
import { actorName, type InboundAcknowledgement } from '../../incidents/inbound-acknowledgement.js';

/** PagerDuty v3 webhook event types that acknowledge the Vigil incident (decisions: "PagerDuty and Opsgenie incident sync"). */
const ACKNOWLEDGING = new Set(['incident.acknowledged', 'incident.resolved']);

/** Signatures looked at, at most: PagerDuty sends one per active secret of the subscription. */
const MAX_SIGNATURES = 10;

/**
 * Whether `header` (X-PagerDuty-Signature: `v1=<hex>`, several comma-separated while a secret
 * rotates) holds the hex HMAC-SHA256 of the raw body under `secret`. Compared in constant time;
 * other schemes than v1 are ignored.
 */
export function verifyPagerDutySignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return header
    .split(',')
    .slice(0, MAX_SIGNATURES)
    .map((s) => s.trim())
    .filter((s) => s.startsWith('v1='))
    .some((s) => {
      const hex = s.slice(3);
      if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
      return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
    });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a (verified) PagerDuty v3 webhook asks: `incident.acknowledged` and `incident.resolved`
 * events about an incident whose `incident_key` (the dedup_key Vigil sent) names a Vigil
 * incident acknowledge it, by the event's agent (`agent.summary`, the user's name); everything
 * else (pagey.ping, other event types, other services' incidents) is ignored. A body that is
 * not a v3 webhook event: ValidationError.
 */
export function readPagerDutyWebhook(rawBody: Buffer): InboundAcknowledgement {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ValidationError('Invalid JSON body');
  }
  const event = isObject(parsed) ? parsed.event : undefined;
  if (!isObject(event) || typeof event.event_type !== 'string') throw new ValidationError('Invalid PagerDuty webhook: no event.event_type');
  if (!ACKNOWLEDGING.has(event.event_type) || !isObject(event.data)) return { kind: 'ignore' };
  const incidentId = incidentIdOfAlertKey(event.data.incident_key);
  if (incidentId === null) return { kind: 'ignore' };
  const agent = isObject(event.agent) ? event.agent.summary : undefined;
  return { kind: 'acknowledge', incidentId, by: actorName(agent, 'PagerDuty') };
}

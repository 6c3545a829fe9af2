import type { ReceivedRequest } from '../receiver.js';
import { bodyOf, json, providerFixture, type Answer, type ProviderFixture } from './fixture.js';

/**
 * A loopback PagerDuty Events API v2 (developer.pagerduty.com, "Send an Alert Event"): POST
 * /v2/enqueue with a JSON event, checked field by field as the documentation specifies, answered
 * 202 `{status: "success", message: "Event processed", dedup_key}` or 400 `{status: "invalid
 * event", message: "Event object is invalid", errors: [...]}`; throttling (429) and outages are
 * scripted (`script`). `alerts` follows PagerDuty's dedup semantics per dedup_key.
 */
export interface PagerDutyEventsApi extends ProviderFixture {
  /** The valid events received, in order. */
  events: PagerDutyEvent[];
  /** dedup_key -> the state of its alert (absent: never triggered). */
  alerts: Map<string, 'triggered' | 'acknowledged' | 'resolved'>;
}

export interface PagerDutyEvent {
  routing_key: string;
  event_action: 'trigger' | 'acknowledge' | 'resolve';
  dedup_key?: string;
  payload?: {
    summary: string;
    source: string;
    severity: 'critical' | 'error' | 'warning' | 'info';
    timestamp?: string;
    component?: string;
    group?: string;
    class?: string;
    custom_details?: Record<string, unknown>;
  };
  links?: { href: string; text?: string }[];
  client?: string;
  client_url?: string;
}

export const PAGERDUTY_THROTTLED: Answer = json(
  429,
  { status: 'throttle event', message: 'Requests for this service are arriving too quickly. Please retry later.' },
  { 'Retry-After': '2' },
);

const ACTIONS = ['trigger', 'acknowledge', 'resolve'];
const SEVERITIES = ['critical', 'error', 'warning', 'info'];

const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The documentation's rules for one event; each broken rule is one message. */
export function pagerDutyEventErrors(e: unknown): string[] {
  if (!isObject(e)) return ['Event must be a JSON object'];
  const errors: string[] = [];
  if (typeof e.routing_key !== 'string' || e.routing_key.length !== 32) errors.push("Length of 'routing_key' is incorrect (should be 32 characters)");
  if (!ACTIONS.includes(String(e.event_action))) errors.push("'event_action' is invalid (must be one of trigger, acknowledge, resolve)");
  if (e.dedup_key !== undefined && !str(e.dedup_key, 255)) errors.push("'dedup_key' must be a string of at most 255 characters");
  if (e.event_action !== 'trigger' && e.dedup_key === undefined) errors.push("'dedup_key' is required for acknowledge and resolve events");
  if (e.event_action === 'trigger') {
    const p = e.payload;
    if (!isObject(p)) errors.push("'payload' is missing or not an object");
    else {
      if (!str(p.summary, 1024)) errors.push("'payload.summary' is missing, blank or longer than 1024 characters");
      if (!str(p.source, 255)) errors.push("'payload.source' is missing or blank");
      if (!SEVERITIES.includes(String(p.severity))) errors.push("'payload.severity' is invalid (must be one of critical, error, warning, info)");
      if (p.timestamp !== undefined && (typeof p.timestamp !== 'string' || Number.isNaN(Date.parse(p.timestamp)))) errors.push("'payload.timestamp' is not ISO 8601");
      if (p.custom_details !== undefined && !isObject(p.custom_details)) errors.push("'payload.custom_details' must be an object");
      for (const k of ['component', 'group', 'class'] as const) if (p[k] !== undefined && typeof p[k] !== 'string') errors.push(`'payload.${k}' must be a string`);
    }
  }
  if (e.links !== undefined && (!Array.isArray(e.links) || !e.links.every((l) => isObject(l) && str(l.href, 2048)))) errors.push("'links' must be a list of {href, text}");
  return errors;
}

export async function startPagerDutyEventsApi(): Promise<PagerDutyEventsApi> {
  const events: PagerDutyEvent[] = [];
  const alerts = new Map<string, 'triggered' | 'acknowledged' | 'resolved'>();
  let generated = 0;
  const invalid = (errors: string[]) => json(400, { status: 'invalid event', message: 'Event object is invalid', errors });
  const handle = (req: ReceivedRequest): Answer => {
    if (req.method !== 'POST' || req.path !== '/v2/enqueue') return json(404, { status: 'not found', message: 'Not found' });
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return invalid(['Content-Type must be application/json']);
    if (bodyOf(req) === null) return invalid(['Could not parse the request body as a JSON object']);
    const errors = pagerDutyEventErrors(req.json);
    if (errors.length) return invalid(errors);
    const event = req.json as PagerDutyEvent;
    events.push(event);
    const key = event.dedup_key ?? `generated-${++generated}`;
    const state = alerts.get(key);
    if (event.event_action === 'trigger' && (state === undefined || state === 'resolved')) alerts.set(key, 'triggered');
    if (event.event_action === 'acknowledge' && state === 'triggered') alerts.set(key, 'acknowledged');
    if (event.event_action === 'resolve' && state !== undefined) alerts.set(key, 'resolved');
    return json(202, { status: 'success', message: 'Event processed', dedup_key: key });
  };
  return Object.assign(await providerFixture(handle), { events, alerts });
}

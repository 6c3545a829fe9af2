import { randomUUID } from 'node:crypto';
import type { ReceivedRequest } from '../receiver.js';
import { bodyOf, json, providerFixture, type Answer, type ProviderFixture } from './fixture.js';

/**
 * A loopback Opsgenie Alert API (docs.opsgenie.com, "Alert API"): `Authorization: GenieKey
 * <key>`; POST /v2/alerts (create), POST /v2/alerts/{alias}/acknowledge and /close with
 * `identifierType=alias`, checked as documented (message at most 130 characters, alias 512,
 * description 15,000, priority P1-P5, tags, details, user, source, note) and answered 202
 * `{result: "Request will be processed", took, requestId}`; 401 and 422 with Opsgenie's
 * `{message, took, requestId}` bodies. `alerts` follows the alias semantics (an open alias
 * de-duplicates).
 */
export interface OpsgenieApi extends ProviderFixture {
  /** The valid requests received, in order: what they did and to which alias. */
  actions: { action: 'create' | 'acknowledge' | 'close'; alias: string; body: Record<string, unknown> }[];
  alerts: Map<string, 'open' | 'acknowledged' | 'closed'>;
}

export const OPSGENIE_THROTTLED: Answer = json(
  429,
  { message: 'You are making too many requests! To avoid errors, we recommend you limit requests.', took: 0.001, requestId: 'throttled' },
  { 'Retry-After': '2' },
);

const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ACTION_PATH = /^\/v2\/alerts\/([^/]+)\/(acknowledge|close)$/;

function optionalText(errors: Record<string, string>, body: Record<string, unknown>, field: string, max: number): void {
  const v = body[field];
  if (v !== undefined && (typeof v !== 'string' || v.length > max)) errors[field] = `${field} must be a string of at most ${max} characters.`;
}

/** The documentation's rules for a create-alert body; field -> message. */
export function opsgenieCreateErrors(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof body.message !== 'string' || body.message.trim() === '') errors.message = 'Message can not be empty.';
  else if (body.message.length > 130) errors.message = 'Message can be at most 130 characters.';
  optionalText(errors, body, 'alias', 512);
  optionalText(errors, body, 'description', 15_000);
  optionalText(errors, body, 'entity', 512);
  optionalText(errors, body, 'source', 100);
  optionalText(errors, body, 'user', 100);
  optionalText(errors, body, 'note', 25_000);
  if (body.priority !== undefined && !PRIORITIES.includes(String(body.priority))) errors.priority = 'Priority should be one of [P1, P2, P3, P4, P5].';
  if (body.tags !== undefined && (!Array.isArray(body.tags) || body.tags.length > 20 || !body.tags.every((t) => typeof t === 'string' && t.length <= 50))) {
    errors.tags = 'Tags must be at most 20 strings of at most 50 characters.';
  }
  if (body.details !== undefined) {
    const d = body.details;
    if (!isObject(d) || !Object.values(d).every((v) => typeof v === 'string') || JSON.stringify(d).length > 8_000) errors.details = 'Details must be a map of strings, 8000 characters in all.';
  }
  return errors;
}

export async function startOpsgenieApi(apiKey: string): Promise<OpsgenieApi> {
  const actions: OpsgenieApi['actions'] = [];
  const alerts = new Map<string, 'open' | 'acknowledged' | 'closed'>();
  const ok = () => json(202, { result: 'Request will be processed', took: 0.107, requestId: randomUUID() });
  const fail = (status: number, message: string, errors?: Record<string, string>) => json(status, { message, ...(errors ? { errors } : {}), took: 0.001, requestId: randomUUID() });
  const handle = (req: ReceivedRequest): Answer => {
    if (req.headers.authorization !== `GenieKey ${apiKey}`) return fail(401, 'Could not authenticate');
    if (req.method !== 'POST') return fail(405, 'Method not allowed');
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return fail(415, 'Content type should be application/json');
    const body = bodyOf(req);
    if (!body) return fail(400, 'Request body is not a JSON object');
    const url = new URL(req.path, 'http://opsgenie');
    if (url.pathname === '/v2/alerts') {
      const errors = opsgenieCreateErrors(body);
      if (Object.keys(errors).length) return fail(422, 'Request body is not processable. Please check the errors.', errors);
      const alias = typeof body.alias === 'string' ? body.alias : String(body.message);
      actions.push({ action: 'create', alias, body });
      if (alerts.get(alias) === undefined || alerts.get(alias) === 'closed') alerts.set(alias, 'open');
      return ok();
    }
    const m = ACTION_PATH.exec(url.pathname);
    if (!m) return fail(404, 'Not found');
    if (url.searchParams.get('identifierType') !== 'alias') return fail(404, 'Alert does not exist (identifierType must be alias for an alias)');
    const errors: Record<string, string> = {};
    for (const [field, max] of [['user', 100], ['source', 100], ['note', 25_000]] as const) optionalText(errors, body, field, max);
    if (Object.keys(errors).length) return fail(422, 'Request body is not processable. Please check the errors.', errors);
    const alias = decodeURIComponent(m[1]);
    const action = m[2] as 'acknowledge' | 'close';
    actions.push({ action, alias, body });
    const state = alerts.get(alias);
    if (action === 'acknowledge' && state === 'open') alerts.set(alias, 'acknowledged');
    if (action === 'close' && state !== undefined) alerts.set(alias, 'closed');
    return ok();
  };
  return Object.assign(await providerFixture(handle), { actions, alerts });
}

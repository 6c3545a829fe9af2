import { Type } from '@sinclair/typebox';
import { createSecretBox, inboundTarget, INBOUND_CHANNELS, INBOUND_TYPES, isInboundType, type Context } from '@vigil/core';
import { readPingBody } from '../heartbeats/read-ping-body.js';
import { ErrorSchema } from '../http/error.schema.js';
import { route, type RouteDef } from '../http/route.js';
import { StringEnum } from '../http/schema.js';
import { acknowledgeFromProvider } from '../inbound/acknowledge-from-provider.js';
import { integrationIdOfToken } from '../inbound/inbound-token.js';
import { OpenedConfigs } from '../inbound/opened-configs.js';

/** The largest callback read: PagerDuty's and Opsgenie's are a few KB. */
export const INBOUND_BODY_MAX_BYTES = 64 * 1024;

const UNKNOWN = 'Unknown inbound URL';
const param = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const INVALID_SIGNATURE = 'Invalid signature';

/** A value, or the error computing it threw (thrown later, in the order the answers take). */
type ReadAhead<T> = { ok: true; value: T } | { ok: false; error: unknown };
function readAhead<T>(read: () => T): ReadAhead<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

const ResultSchema = Type.Object({
  result: StringEnum(['acknowledged', 'already_acknowledged', 'ignored'] as const, {
    description: 'acknowledged: the Vigil incident is acknowledged now; already_acknowledged: it was before (kept); ignored: nothing to do (another event or alert)',
  }),
});

/**
 * The callbacks of on-call tools (decisions: "PagerDuty and Opsgenie incident sync"): a
 * PagerDuty v3 webhook subscription or an Opsgenie Webhook integration posts to the
 * integration's inbound_url. No API key: the unguessable token in the path names the
 * integration, and the body must carry its signature (PagerDuty) or secret header (Opsgenie).
 */
export function inboundRoutes(ctx: Context): RouteDef[] {
  const box = createSecretBox(ctx.config.secretKey);
  const configs = new OpenedConfigs(box);
  return [
    route({
      method: 'post',
      path: '/inbound/:type/:token',
      summary: `Callback of an on-call tool (type ${INBOUND_TYPES.join(' or ')}): acknowledging its alert acknowledges the Vigil incident`,
      tag: 'Integrations',
      auth: 'none',
      body: 'ignore',
      handler: async (req, res, send) => {
        res.set('Cache-Control', 'no-store');
        const type = param(req.params.type) ?? '';
        const integrationId = integrationIdOfToken(box, param(req.params.token) ?? '');
        if (!isInboundType(type) || integrationId === null) return send(404, { error: UNKNOWN });
        const read = await readPingBody(req, INBOUND_BODY_MAX_BYTES);
        if (read.abandoned) res.set('Connection', 'close');
        if (read.truncated) return send(413, { error: `Body too large: at most ${INBOUND_BODY_MAX_BYTES} bytes` });
        const inbound = INBOUND_CHANNELS[type];
        // Read ahead of the check so that the integration and the incident the callback names
        // are one statement; used only once the callback proved authentic, and a body that is not
        // a callback still answers its 400 only after the 404 and the 401.
        const asked = readAhead(() => inbound.read(read.bytes));
        const target = await inboundTarget(ctx.db, integrationId, type, asked.ok && asked.value.kind === 'acknowledge' ? asked.value.incidentId : null);
        if (!target) return send(404, { error: UNKNOWN });
        if (!inbound.verify(read.bytes, (name) => req.get(name), configs.of(target.integration))) return send(401, { error: INVALID_SIGNATURE });
        if (!asked.ok) throw asked.error;
        const result = await acknowledgeFromProvider(ctx, target.integration.accountId, type, asked.value, target.incident);
        // Logged when it acknowledged; a tool's repeats and other events only at debug (a
        // winston line, formatted even when filtered, was a sixth of a callback's CPU).
        if (result === 'acknowledged') ctx.logger.info('on-call callback', { integrationId, type, result });
        else if (ctx.logger.isDebugEnabled()) ctx.logger.debug('on-call callback', { integrationId, type, result });
        send(200, { result });
      },
      docs: {
        responses: {
          200: { description: 'Callback applied (or nothing to do)', schema: ResultSchema },
          400: { description: 'Not a callback of this tool (invalid JSON, no event)', schema: ErrorSchema },
          401: { description: `${INVALID_SIGNATURE}: missing or wrong X-PagerDuty-Signature, or X-Vigil-Webhook-Secret (Opsgenie); also when the integration has no webhook_secret`, schema: ErrorSchema },
          404: { description: `${UNKNOWN}: no active integration of that type behind the token`, schema: ErrorSchema },
          413: { description: `Body larger than ${INBOUND_BODY_MAX_BYTES} bytes`, schema: ErrorSchema },
        },
      },
    }),
  ];
}

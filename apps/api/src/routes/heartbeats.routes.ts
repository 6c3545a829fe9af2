import { createSecretBox, keptPingBody, ValidationError, type Context } from '@vigil/core';
import type { Request, Response } from 'express';
import { readPingBody } from '../heartbeats/read-ping-body.js';
import { PINGS_PER_MINUTE, PingIntake, type IncomingPing } from '../heartbeats/ping-intake.js';
import { bumpPingTokenStamp, pingUrl, rotatePingToken } from '../heartbeats/ping-tokens.js';
import { burstCounter, sendBurstLimited, takeDeferredBurst } from '../middleware/burst-limit.js';
import { auditActor } from '../audit/audit-actor.js';
import { Type, type Static } from '@sinclair/typebox';
import { ErrorSchema } from '../http/error.schema.js';
import { route, type HttpMethod, type RouteDef } from '../http/route.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';

const TAG = 'Heartbeat pings';
const OK = Type.Object({ ok: Type.Literal(true) });
const INVALID_ACTION = 'Invalid ping: use /ping/{token}, /ping/{token}/start, /ping/{token}/fail or /ping/{token}/{exit code 0-255}';

type Action = Pick<IncomingPing, 'kind' | 'exitCode'>;

/** What /ping/{token}/{action} means: start, fail, or an exit code (0 success, 1-255 failure). */
export function pingAction(raw: string | undefined): Action {
  if (raw === undefined) return { kind: 'success', exitCode: null };
  if (raw === 'start') return { kind: 'start', exitCode: null };
  if (raw === 'fail') return { kind: 'failure', exitCode: null };
  if (/^\d{1,3}$/.test(raw) && Number(raw) <= 255) {
    const code = Number(raw);
    return code === 0 ? { kind: 'success', exitCode: 0 } : { kind: 'failure', exitCode: code };
  }
  throw new ValidationError(INVALID_ACTION);
}

const param = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The ping endpoints (no API key: the unguessable token in the path is the credential) and the
 * token rotation. GET, HEAD and POST alike; a failure ping's POST body (text, the first
 * 10,000 bytes) is kept with its check.
 */
export function heartbeatRoutes(ctx: Context): RouteDef[] {
  const intake = new PingIntake(ctx);
  const box = createSecretBox(ctx.config.secretKey);
  const ping = async (req: Request, res: Response, send: (status: 200 | 404 | 429, body: Static<typeof OK> | Static<typeof ErrorSchema>) => void) => {
    let action: Action | ValidationError;
    try {
      action = pingAction(param(req.params.action));
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      action = e;
    }
    // The burst limit (when the middleware left it here) and the token's, in one Redis call; the burst answers first, then a bad action.
    const limits = await intake.limits(param(req.params.token) ?? '', takeDeferredBurst(req) ? burstCounter(ctx, req) : null, !(action instanceof ValidationError));
    if (limits.kind === 'burst') return sendBurstLimited(ctx, res, limits.msBeforeNext);
    if (action instanceof ValidationError) throw action;
    let body: string | null = null;
    if (action.kind === 'failure' && req.method === 'POST') {
      const read = await readPingBody(req);
      body = keptPingBody(read.bytes, read.truncated);
      if (read.abandoned) res.set('Connection', 'close');
    }
    const answer = limits.kind === 'limited' ? limits : await intake.accept(limits, { ...action, body });
    res.set('Cache-Control', 'no-store');
    if (answer.kind === 'accepted') send(200, { ok: true });
    else if (answer.kind === 'unknown') send(404, { error: 'Unknown ping token' });
    else {
      res.set({ 'Retry-After': String(Math.max(1, Math.ceil(answer.msBeforeNext / 1000))), 'X-RateLimit-Limit': String(answer.limit), 'X-RateLimit-Remaining': '0' });
      send(429, { error: 'Too many pings for this token' });
    }
  };
  const responses = {
    200: { description: 'Ping accepted (judged and recorded as a check by the checker moments later)', schema: OK },
    400: { description: INVALID_ACTION, schema: ErrorSchema },
    404: { description: 'Unknown ping token (never issued, or rotated away)', schema: ErrorSchema },
    429: { description: `More than ${PINGS_PER_MINUTE} pings of this token in a minute (\`Too many pings for this token\`), or the burst limit per client IP (\`Rate limit exceeded\`)`, schema: ErrorSchema, headers: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'] },
  };
  const pingRoute = (method: HttpMethod, path: string, summary: string, withAction: boolean) =>
    route({
      method,
      path,
      summary: method === 'get' ? `${summary} (HEAD alike)` : summary,
      tag: TAG,
      auth: 'none',
      body: 'ignore',
      ownBurst: true,
      handler: ping,
      docs: { responses: withAction ? responses : { 200: responses[200], 404: responses[404], 429: responses[429] } },
    });
  const forms = [
    { path: '/ping/:token', summary: 'Heartbeat: the job succeeded', withAction: false },
    {
      path: '/ping/:token/:action',
      summary: 'Heartbeat: action start (a run began), fail (it failed; a POST body is kept with the check, 10,000 bytes at most) or an exit code 0-255 (0 success, else failure)',
      withAction: true,
    },
  ];
  return [
    ...forms.flatMap((f) => (['get', 'post'] as const).map((m) => pingRoute(m, f.path, f.summary, f.withAction))),
    route({
      method: 'post',
      path: '/api/v1/uptime/monitors/:id/rotate-ping-token',
      summary: 'Give a heartbeat monitor a new ping URL (say, after it leaked); the old one answers 404 from now on',
      tag: 'Uptime monitors',
      auth: 'api-key',
      scope: 'monitors:write',
      before: [requireUptimeFeature(ctx)],
      handler: async (req, _res, send) => {
        const actor = auditActor(req, ctx.clock);
        const token = await rotatePingToken(ctx, box, actor, req.params.id);
        // Every process looks the old token up again from the next ping on (and finds nothing).
        await bumpPingTokenStamp(ctx);
        send(200, { ping_url: pingUrl(ctx, token), message: 'Ping token rotated' });
      },
      docs: {
        responses: {
          200: { description: 'The new ping URL', schema: Type.Object({ ping_url: Type.String({ format: 'uri' }), message: Type.String({ examples: ['Ping token rotated'] }) }) },
          400: { description: 'Not a heartbeat monitor', schema: ErrorSchema },
          403: { description: 'Feature not available (plan without uptime monitoring)' },
          404: { description: 'Monitor not found' },
        },
      },
    }),
  ];
}

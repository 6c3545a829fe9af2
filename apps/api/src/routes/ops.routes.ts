import { checkReadiness, type Context } from '@vigil/core';
import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../http/route.js';
import { MapOf, StringEnum } from '../http/schema.js';
import { PROCESS_METRICS_MAX_AGE_MS, ProcessExposition, type EtagOf } from '../metrics/process-exposition.js';

const ReadinessSchema = Type.Object({
  status: StringEnum(['ready', 'not ready']),
  checks: MapOf(Type.String({ description: '`ok` or `failed: <reason>`' }), { examples: [{ postgres: 'ok', redis: 'ok' }] }),
});

/** Express's `etag fn` setting: a function when ETags are on, undefined when off. */
function isEtagOf(value: unknown): value is EtagOf {
  return typeof value === 'function';
}

/**
 * The routes of the API's public port: liveness always; readiness (its failure reasons name the
 * dependencies) and metrics only while VIGIL_OPS_PORT is unset, else they move to the ops port.
 */
export function opsRoutes(ctx: Context): RouteDef[] {
  const [health, ...operator] = operatorPortRoutes(ctx);
  return ctx.config.opsPort === undefined ? [health, ...operator] : [health];
}

/** Liveness, readiness and Prometheus metrics: what the ops port (VIGIL_OPS_PORT) serves. */
export function operatorPortRoutes(ctx: Context): RouteDef[] {
  const exposition = new ProcessExposition(ctx);
  return [
    route({
      method: 'get',
      path: '/healthz',
      summary: 'The process is alive',
      tag: 'Operations',
      auth: 'none',
      handler: (_req, _res, send) => send(200, { status: 'ok' }),
      docs: { responses: { 200: { description: 'Alive', schema: Type.Object({ status: Type.Literal('ok') }) } } },
    }),
    route({
      method: 'get',
      path: '/readyz',
      summary: 'PostgreSQL and Redis answer (each check is `ok` or `failed: <reason>`)',
      tag: 'Operations',
      auth: 'none',
      handler: async (_req, _res, send) => {
        const r = await checkReadiness(ctx);
        send(r.ok ? 200 : 503, { status: r.ok ? 'ready' : 'not ready', checks: r.checks });
      },
      docs: { responses: { 200: { description: 'Ready', schema: ReadinessSchema }, 503: { description: 'A dependency does not answer', schema: ReadinessSchema } } },
    }),
    route({
      method: 'get',
      path: '/metrics',
      summary: `Prometheus metrics: request counts and durations by route and status, queue depths; at most ${PROCESS_METRICS_MAX_AGE_MS / 1000} s old`,
      tag: 'Operations',
      auth: 'none',
      handler: async (req, res) => {
        const rendered = await exposition.current();
        res.type(exposition.contentType);
        const etagOf: unknown = req.app.get('etag fn');
        if (isEtagOf(etagOf)) {
          // The headers res.send would set, in its order (Content-Length, then ETag), from the
          // render's memo: res.send then leaves the ETag as set instead of hashing the text again.
          const etag = rendered.etag(etagOf);
          res.set('Content-Length', String(rendered.byteLength));
          if (etag) res.set('ETag', etag);
        }
        res.send(rendered.body);
      },
      docs: { responses: { 200: { description: 'Prometheus text format', contentType: 'text/plain' } } },
    }),
  ];
}

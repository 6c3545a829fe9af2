import { checkReadiness, type Context } from '@vigil/core';
import { route, type RouteDef } from '../http/route.js';

const READINESS = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'not ready'] },
    checks: { type: 'object', additionalProperties: { type: 'string', description: '`ok` or `failed: <reason>`' }, examples: [{ postgres: 'ok', redis: 'ok' }] },
  },
  additionalProperties: false,
};

/** Liveness, readiness and Prometheus metrics. */
export function opsRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/healthz',
      summary: 'The process is alive',
      tag: 'Operations',
      auth: 'none',
      handler: (_req, res) => res.json({ status: 'ok' }),
      docs: { responses: { 200: { description: 'Alive', schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } }, additionalProperties: false } } } },
    }),
    route({
      method: 'get',
      path: '/readyz',
      summary: 'PostgreSQL and Redis answer (each check is `ok` or `failed: <reason>`)',
      tag: 'Operations',
      auth: 'none',
      handler: async (_req, res) => {
        const r = await checkReadiness(ctx);
        res.status(r.ok ? 200 : 503).json({ status: r.ok ? 'ready' : 'not ready', checks: r.checks });
      },
      docs: { responses: { 200: { description: 'Ready', schema: READINESS }, 503: { description: 'A dependency does not answer', schema: READINESS } } },
    }),
    route({
      method: 'get',
      path: '/metrics',
      summary: 'Prometheus metrics: request counts and durations by route and status, queue depths',
      tag: 'Operations',
      auth: 'none',
      handler: async (_req, res) => {
        res.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
      },
      docs: { responses: { 200: { description: 'Prometheus text format', contentType: 'text/plain' } } },
    }),
  ];
}

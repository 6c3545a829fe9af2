import { checkReadiness, type Context } from '@vigil/core';
import { route, type RouteDef } from '../http/route.js';

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
      docs: { responses: { 200: { description: 'Alive' } } },
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
      docs: { responses: { 200: { description: 'Ready' }, 503: { description: 'A dependency does not answer' } } },
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
      docs: { responses: { 200: { description: 'Prometheus text format' } } },
    }),
  ];
}

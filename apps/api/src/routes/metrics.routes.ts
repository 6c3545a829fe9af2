import type { Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { AccountMetrics } from '../metrics/account-metrics.js';
import { EXPOSITION_CONTENT_TYPE } from '../metrics/exposition.js';
import type { RollupWindows } from '../monitors/rollup-totals.js';

/** The account's figures for Prometheus and Grafana (decisions: "Metrics for Prometheus"). */
export function metricsRoutes(ctx: Context, windows: RollupWindows): RouteDef[] {
  const metrics = new AccountMetrics(ctx, windows);
  return [
    route({
      method: 'get',
      path: '/api/v1/metrics',
      summary: 'The account\'s monitors and domains in the Prometheus text format (state, response time, uptime, open incidents, certificate days, grades); at most 10 s old',
      tag: 'Metrics',
      auth: 'api-key',
      scope: 'monitors:read',
      handler: async (req, res) => {
        res.set('Content-Type', EXPOSITION_CONTENT_TYPE).send(await metrics.text(authOf(req).account.id));
      },
      docs: { responses: { 200: { description: 'Prometheus text format 0.0.4', contentType: 'text/plain' } } },
    }),
  ];
}

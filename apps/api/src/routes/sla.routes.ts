import type { Request, Response } from 'express';
import { monitorSlaFactsOf, monitorSlaFactsOfAccount, NotFoundError, ValidationError, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import Joi from 'joi';
import { queryFields } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, queryValue, validateQuery } from '../http/validate.js';
import { MONITOR_NOT_FOUND } from '../monitors/find-own-monitor.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { slaRows } from '../sla/load-sla.js';
import type { SettledCounts } from '../monitors/settled-counts.js';
import { slaCsv, type SlaRow } from '../sla/sla-csv.js';
import { parseMonitorSlaPeriod, parseSlaMonth, SLA_MONTH_FIELD, SLA_RANGE_FIELDS } from '../sla/sla-period.js';
import { AccountSlaSchema, MonitorSlaSchema } from '../sla/sla.schema.js';

const TAG = 'SLA reports';
const FORMAT_SCHEMA = Joi.object<{ format?: 'json' | 'csv' }>({
  format: Joi.string().valid('json', 'csv').empty('').error(new ValidationError('Invalid format: must be json or csv')).description('csv also with Accept: text/csv'),
});
const FORMAT_QUERY = queryFields(FORMAT_SCHEMA);

function wantsCsv(req: Request): boolean {
  const { format } = validateQuery(FORMAT_SCHEMA, req.query);
  return format === undefined ? req.accepts(['json', 'csv']) === 'csv' : format === 'csv';
}

const rowView = (r: SlaRow) => ({ monitor_id: r.monitor_id, name: r.monitor_name, ...r.report });

function sendCsv(res: Response, filename: string, rows: SlaRow[]): void {
  res.vary('Accept').type('text/csv; charset=utf-8').attachment(filename).send(slaCsv(rows));
}

/** SLA reports from rollups, incidents and maintenance windows (issue 15). */
export function slaRoutes(ctx: Context, counts: SettledCounts): RouteDef[] {
  const gate = [requireUptimeFeature(ctx)];
  return [
    route({
      method: 'get',
      path: '/api/v1/uptime/monitors/:id/sla',
      summary: 'SLA report of a monitor: uptime, downtime, incidents, MTTR, MTBF, maintenance, error budget (JSON or CSV)',
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      before: gate,
      handler: async (req, res, send) => {
        const { account } = authOf(req);
        // The four columns its report needs, not the whole row.
        const monitor = await monitorSlaFactsOf(ctx.db, account.id, parseId(req.params.id, MONITOR_NOT_FOUND));
        if (!monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
        const period = parseMonitorSlaPeriod({ month: queryValue(req.query.month), from: queryValue(req.query.from), to: queryValue(req.query.to) }, ctx.clock.now());
        const csv = wantsCsv(req);
        const [row] = await slaRows(ctx, counts, account.id, [monitor], period);
        if (csv) sendCsv(res, `sla-monitor-${monitor.id}.csv`, [row]);
        else {
          res.vary('Accept');
          send(200, rowView(row));
        }
      },
      docs: {
        query: {
          month: SLA_MONTH_FIELD.description('YYYY-MM, as for the account report (not with from or to); without month, from and to: the current UTC month'),
          ...SLA_RANGE_FIELDS,
          ...FORMAT_QUERY,
        },
        responses: {
          200: { description: 'The report (text/csv: a header row and one row)', schema: MonitorSlaSchema, contentType: 'text/csv' },
          400: { description: 'Invalid month, from, to, date range or format' },
          403: { description: 'Feature not available (plan below Pro)' },
          404: { description: 'Monitor not found' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/uptime/sla',
      summary: "SLA report of every monitor of the account for one calendar month (JSON or CSV)",
      tag: TAG,
      auth: 'api-key',
      scope: 'monitors:read',
      before: gate,
      handler: async (req, res, send) => {
        const { account } = authOf(req);
        const { month, ...period } = parseSlaMonth(queryValue(req.query.month), ctx.clock.now());
        const csv = wantsCsv(req);
        const monitors = await monitorSlaFactsOfAccount(ctx.db, account.id);
        const rows = await slaRows(ctx, counts, account.id, monitors, period);
        if (csv) return sendCsv(res, `sla-${month}.csv`, rows);
        const uptimes = rows.map((r) => r.report.uptime_percentage).filter((u): u is number => u !== null);
        res.vary('Accept');
        send(200, {
          month,
          period: { from: period.from.toISOString(), to: period.to.toISOString() },
          monitors: rows.map(rowView),
          summary: {
            monitors: rows.length,
            incidents: rows.reduce((n, r) => n + r.report.incidents, 0),
            downtime_seconds: rows.reduce((n, r) => n + r.report.downtime_seconds, 0),
            average_uptime_percentage: uptimes.length ? Math.round((uptimes.reduce((a, b) => a + b, 0) / uptimes.length) * 1000) / 1000 : null,
          },
        });
      },
      docs: {
        query: { month: SLA_MONTH_FIELD.description('YYYY-MM; default: the current UTC month'), ...FORMAT_QUERY },
        responses: {
          200: {
            description: 'One report per monitor (text/csv: a header row and a row per monitor)',
            schema: AccountSlaSchema,
            contentType: 'text/csv',
          },
          400: { description: 'Invalid month or format' },
          403: { description: 'Feature not available (plan below Pro)' },
        },
      },
    }),
  ];
}

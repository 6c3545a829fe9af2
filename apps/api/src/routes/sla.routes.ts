import type { Request, Response } from 'express';
import { isMonitorOfAccount, NotFoundError, ValidationError, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import Joi from 'joi';
import { queryFields } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, queryValue, validateQuery } from '../http/validate.js';
import { MONITOR_NOT_FOUND } from '../monitors/find-own-monitor.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { slaRows, slaSources } from '../sla/load-sla.js';
import type { SettledCounts } from '../monitors/settled-counts.js';
import type { SlaRow } from '../sla/sla-csv.js';
import { SlaAnswer } from '../sla/sla-answer.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import { parseMonitorSlaPeriod, parseSlaMonth, SLA_MONTH_FIELD, SLA_RANGE_FIELDS, type SlaPeriod } from '../sla/sla-period.js';
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

function sendCsv(res: Response, filename: string, csv: string): void {
  res.vary('Accept').type('text/csv; charset=utf-8').attachment(filename).send(csv);
}

/** The account report's JSON body. */
function accountSlaBody(month: string, period: SlaPeriod, rows: readonly SlaRow[]) {
  const uptimes = rows.map((r) => r.report.uptime_percentage).filter((u): u is number => u !== null);
  return {
    month,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    monitors: rows.map(rowView),
    summary: {
      monitors: rows.length,
      incidents: rows.reduce((n, r) => n + r.report.incidents, 0),
      downtime_seconds: rows.reduce((n, r) => n + r.report.downtime_seconds, 0),
      average_uptime_percentage: uptimes.length ? Math.round((uptimes.reduce((a, b) => a + b, 0) / uptimes.length) * 1000) / 1000 : null,
    },
  };
}

/** SLA reports from rollups, incidents and maintenance windows (issue 15). */
export function slaRoutes(ctx: Context, counts: SettledCounts): RouteDef[] {
  const gate = [requireUptimeFeature(ctx)];
  const sources = slaSources(ctx, counts);
  // Identical reports that overlap share one read (the route flag `coalesce` cannot serve them:
  // the answer's format follows the request's Accept). Keyed by what the rows depend on, not the
  // format: each request still picks its own format, and gets a read that started after it asked.
  const monitorReports = new ReadCoalescer<{ id: number; answer: SlaAnswer<ReturnType<typeof rowView>> }>();
  const accountReports = new ReadCoalescer<SlaAnswer<ReturnType<typeof accountSlaBody>>>();
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
        const q = { month: queryValue(req.query.month), from: queryValue(req.query.from), to: queryValue(req.query.to) };
        const rawId = req.params.id;
        // The whole read is shared, its 404 and 400 included, so their order stays: monitor, then period.
        const { id, answer } = await monitorReports.read(JSON.stringify([account.id, rawId, q.month, q.from, q.to]), async () => {
          const monitorId = parseId(rawId, MONITOR_NOT_FOUND);
          let period: SlaPeriod;
          try {
            period = parseMonitorSlaPeriod(q, ctx.clock.now());
          } catch (err) {
            // Another account's monitor is a 404 whatever the period (the period is read with it).
            if (!(await isMonitorOfAccount(ctx.db, account.id, monitorId))) throw new NotFoundError(MONITOR_NOT_FOUND);
            throw err;
          }
          const [row] = await slaRows(ctx, sources, account.id, period, monitorId);
          if (!row) throw new NotFoundError(MONITOR_NOT_FOUND);
          return { id: monitorId, answer: new SlaAnswer([row], ([only]) => rowView(only)) };
        });
        if (wantsCsv(req)) sendCsv(res, `sla-monitor-${id}.csv`, answer.csv());
        else {
          res.vary('Accept');
          send(200, answer.json());
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
        const answer = await accountReports.read(`${account.id} ${month}`, async () => {
          const rows = await slaRows(ctx, sources, account.id, period);
          return new SlaAnswer(rows, (all) => accountSlaBody(month, period, all));
        });
        if (csv) return sendCsv(res, `sla-${month}.csv`, answer.csv());
        res.vary('Accept');
        send(200, answer.json());
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

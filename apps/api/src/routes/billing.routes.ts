import { estimateInvoice, tierPrices, type Context } from '@vigil/core';
import { billingUsage } from '../billing/billing-usage.js';
import type { RequestUsage } from '../usage/request-usage.js';
import { INVOICE_SCHEMA, invoiceView } from '../billing/invoice-view.js';
import { listInvoices } from '../billing/list-invoices.js';
import { iso } from '../http/iso.js';
import { paginationBody, parsePagination } from '../http/pagination.js';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';

const PAGINATION_SCHEMA = {
  type: 'object',
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } },
};

const nullableInt = (description: string) => ({ type: ['integer', 'null'], description });

const USAGE_SCHEMA = {
  type: 'object',
  properties: {
    period: {
      type: 'object',
      description: 'The current billing period: the calendar month (UTC), [start, end)',
      properties: {
        month: { type: 'string', example: '2026-01' },
        start: { type: 'string', format: 'date-time' },
        end: { type: 'string', format: 'date-time', description: 'Exclusive: the first instant of the next month' },
        days: { type: 'integer' },
      },
    },
    plan: {
      type: 'object',
      properties: {
        tier: { type: 'string', enum: ['free', 'pro', 'business', 'enterprise'] },
        monthly_price: { type: 'integer', description: 'In cents of `currency`' },
        currency: { type: 'string', enum: ['usd'] },
      },
    },
    limits: {
      type: 'object',
      description: 'Included in the plan; null means unlimited',
      properties: {
        requests_per_day: nullableInt('Per account, all keys together'),
        requests_per_minute: { type: 'integer', description: 'Per key' },
        concurrent_scans: nullableInt('Scans queued or running at once'),
        uptime_monitoring: { type: 'boolean' },
        monitors: nullableInt('Uptime monitors'),
        domains: nullableInt('Monitored domains'),
      },
    },
    usage: {
      type: 'object',
      description: 'Used this period (monitors and domains: how many exist now)',
      properties: {
        requests: { type: 'integer', description: 'Counted API requests this period, this one included' },
        monitors: { type: 'integer' },
        domains: { type: 'integer' },
        scans: { type: 'integer', description: 'Scans requested this period' },
        alerts: { type: 'integer', description: 'Alerts delivered this period' },
        checks: { type: 'integer', description: 'Uptime checks run this period' },
      },
    },
    as_of: { type: 'string', format: 'date-time' },
  },
};

const ESTIMATE_SCHEMA = {
  ...INVOICE_SCHEMA,
  properties: {
    ...(INVOICE_SCHEMA.properties as Record<string, unknown>),
    estimated: { type: 'boolean', enum: [true] },
    as_of: { type: 'string', format: 'date-time', description: 'The moment of the estimate' },
  },
};

export function billingRoutes(ctx: Context, usage: RequestUsage): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/billing/usage',
      summary: "The current billing period, the plan and its monthly price, included limits and this period's use",
      tag: 'Billing',
      auth: 'api-key',
      handler: async (req, res) => {
        res.json(await billingUsage(ctx, usage, authOf(req).account));
      },
      docs: { responses: { 200: { description: 'Plan and use of the current period', schema: USAGE_SCHEMA } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/billing/invoices',
      summary: 'Issued invoices, newest period first, each with its line items; amounts in integer cents of `currency`',
      tag: 'Billing',
      auth: 'api-key',
      handler: async (req, res) => {
        const page = parsePagination(req.query, { defaultPerPage: 20, maxPerPage: 100 });
        const { invoices, total } = await listInvoices(ctx.db, authOf(req).account.id, page);
        res.json({ invoices: invoices.map(invoiceView), pagination: paginationBody(page, total) });
      },
      docs: {
        query: {
          page: { type: 'integer', minimum: 1, description: 'Default 1' },
          per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Default 20; above 100 is clamped to 100' },
        },
        responses: {
          200: {
            description: 'One page of invoices',
            schema: { type: 'object', properties: { invoices: { type: 'array', items: INVOICE_SCHEMA }, pagination: PAGINATION_SCHEMA } },
          },
          400: { description: 'Invalid page or per_page' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/billing/estimate',
      summary: "The projected invoice of the current period: the tier history so far, the current tier assumed to the period's end",
      tag: 'Billing',
      auth: 'api-key',
      handler: async (req, res) => {
        const now = ctx.clock.now();
        const draft = await estimateInvoice(ctx.db, authOf(req).account.id, tierPrices(ctx.config.tiers), now);
        res.json({ ...invoiceView({ ...draft, id: null, status: 'draft', issuedAt: null }), estimated: true, as_of: iso(now) });
      },
      docs: { responses: { 200: { description: 'The invoice the current period would get if nothing changes', schema: ESTIMATE_SCHEMA } } },
    }),
  ];
}

import { estimateInvoice, tierPrices, type Context } from '@vigil/core';
import { Type } from '@sinclair/typebox';
import { billingUsage, BillingUsageSchema } from '../billing/billing-usage.js';
import type { RequestUsage } from '../usage/request-usage.js';
import type { SettledCounts } from '../monitors/settled-counts.js';
import { EstimateSchema, InvoiceSchema, invoiceView } from '../billing/invoice-view.js';
import { listInvoices } from '../billing/list-invoices.js';
import { paginationBody, paginationParams, PaginationSchema, parsePagination } from '../http/pagination.js';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';

const PAGE = { defaultPerPage: 20, maxPerPage: 100 };

export function billingRoutes(ctx: Context, usage: RequestUsage, counts: SettledCounts): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/billing/usage',
      summary: "The current billing period, the plan and its monthly price, included limits and this period's use",
      tag: 'Billing',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, await billingUsage(ctx, usage, counts, authOf(req).account));
      },
      docs: { responses: { 200: { description: 'Plan and use of the current period', schema: BillingUsageSchema } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/billing/invoices',
      summary: 'Issued invoices, newest period first, each with its line items; amounts in integer cents of `currency`',
      tag: 'Billing',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const page = parsePagination(req.query, PAGE);
        const { invoices, total } = await listInvoices(ctx.db, authOf(req).account.id, page);
        send(200, { invoices: invoices.map(invoiceView), pagination: paginationBody(page, total) });
      },
      docs: {
        query: {
          ...paginationParams(PAGE),
        },
        responses: {
          200: {
            description: 'One page of invoices',
            schema: Type.Object({ invoices: Type.Array(InvoiceSchema), pagination: PaginationSchema }),
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
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const now = ctx.clock.now();
        const draft = await estimateInvoice(ctx.db, authOf(req).account.id, tierPrices(ctx.config.tiers), now);
        send(200, { ...invoiceView({ ...draft, id: null, status: 'draft', issuedAt: null }), estimated: true, as_of: now.toISOString() });
      },
      docs: { responses: { 200: { description: 'The invoice the current period would get if nothing changes', schema: EstimateSchema } } },
    }),
  ];
}

import type { InvoiceDraft, InvoiceLineDraft } from '@vigil/core';
import { iso } from '../http/iso.js';
import type { JsonSchema } from '../http/route.js';

/** What an issued invoice and an estimate have in common with the stored rows. */
export interface InvoiceLike extends Omit<InvoiceDraft, 'lines' | 'currency'> {
  id: number | null;
  status: string;
  currency: string;
  issuedAt: Date | null;
  lines: InvoiceLineDraft[];
}

function lineView(l: InvoiceLineDraft) {
  return {
    description: l.description,
    tier: l.tier,
    from: iso(l.startsAt),
    to: iso(l.endsAt),
    days: l.days,
    period_days: l.periodDays,
    unit_price: l.unitPriceCents,
    amount: l.amountCents,
  };
}

/** An invoice (or estimate) as the API shows it: amounts in integer cents of `currency`. */
export function invoiceView(i: InvoiceLike) {
  return {
    id: i.id,
    period: i.period,
    period_start: iso(i.periodStart),
    period_end: iso(i.periodEnd),
    status: i.status,
    currency: i.currency,
    subtotal: i.subtotalCents,
    total: i.totalCents,
    issued_at: iso(i.issuedAt),
    line_items: i.lines.map(lineView),
  };
}

const cents = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description: `${description}, in cents of \`currency\`` });

export const INVOICE_LINE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    description: { type: 'string', example: 'Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days)' },
    tier: { type: 'string', enum: ['free', 'pro', 'business', 'enterprise'] },
    from: { type: 'string', format: 'date-time', description: 'First day billed, 00:00 UTC (inclusive)' },
    to: { type: 'string', format: 'date-time', description: '00:00 UTC after the last day billed (exclusive)' },
    days: { type: 'integer', description: 'Days billed at this tier' },
    period_days: { type: 'integer', description: 'Days in the billing period (28 to 31)' },
    unit_price: cents("The tier's monthly price"),
    amount: cents('unit_price × days / period_days, rounded half up to a whole cent'),
  },
};

export const INVOICE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'], description: 'null for an estimate' },
    period: { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'The billing period: a calendar month (UTC), YYYY-MM' },
    period_start: { type: 'string', format: 'date-time', description: 'First instant of the month (inclusive)' },
    period_end: { type: 'string', format: 'date-time', description: 'First instant of the next month (exclusive)' },
    status: { type: 'string', enum: ['issued', 'draft'], description: '`issued` for invoices, `draft` for an estimate' },
    currency: { type: 'string', enum: ['usd'] },
    subtotal: cents('Sum of the line amounts'),
    total: cents('Amount due (no taxes or discounts: equals subtotal)'),
    issued_at: { type: ['string', 'null'], format: 'date-time', description: 'null for an estimate' },
    line_items: { type: 'array', items: INVOICE_LINE_SCHEMA, description: 'One line per run of days on one tier, in order' },
  },
};

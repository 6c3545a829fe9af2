import type { InvoiceDraft, InvoiceLineDraft } from '@vigil/core';
import { iso } from '../http/iso.js';
import { Type, type Static } from '@sinclair/typebox';
import { TIERS } from '@vigil/core';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

const cents = (description: string) => Type.Integer({ minimum: 0, description: `${description}, in cents of \`currency\`` });

export const InvoiceLineSchema = Type.Object({
  description: Type.String({ examples: ['Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days)'] }),
  tier: StringEnum(TIERS),
  from: DateTime({ description: 'First day billed, 00:00 UTC (inclusive)' }),
  to: DateTime({ description: '00:00 UTC after the last day billed (exclusive)' }),
  days: Type.Integer({ description: 'Days billed at this tier' }),
  period_days: Type.Integer({ description: 'Days in the billing period (28 to 31)' }),
  unit_price: cents("The tier's monthly price"),
  amount: cents('unit_price × days / period_days, rounded half up to a whole cent'),
});

export const InvoiceSchema = component('Invoice', Type.Object({
  id: Nullable(Type.Integer(), { description: 'null for an estimate' }),
  period: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The billing period: a calendar month (UTC), YYYY-MM' }),
  period_start: DateTime({ description: 'First instant of the month (inclusive)' }),
  period_end: DateTime({ description: 'First instant of the next month (exclusive)' }),
  // Stored rows carry plain strings: the enums document what they hold.
  status: Type.Unsafe<string>(StringEnum(['issued', 'draft'], { description: '`issued` for invoices, `draft` for an estimate' })),
  currency: Type.Unsafe<string>(StringEnum(['usd'])),
  subtotal: cents('Sum of the line amounts'),
  total: cents('Amount due (no taxes or discounts: equals subtotal)'),
  issued_at: DateTimeOrNull({ description: 'null for an estimate' }),
  line_items: Type.Array(InvoiceLineSchema, { description: 'One line per run of days on one tier, in order' }),
}));

/** An invoice as the current period would get it now. */
export const EstimateSchema = Type.Object({
  ...InvoiceSchema.properties,
  estimated: Type.Literal(true),
  as_of: DateTime({ description: 'The moment of the estimate' }),
});

/** What an issued invoice and an estimate have in common with the stored rows. */
export interface InvoiceLike extends Omit<InvoiceDraft, 'lines' | 'currency'> {
  id: number | null;
  status: string;
  currency: string;
  issuedAt: Date | null;
  lines: InvoiceLineDraft[];
}

function lineView(l: InvoiceLineDraft): Static<typeof InvoiceLineSchema> {
  return {
    description: l.description,
    tier: l.tier,
    from: l.startsAt.toISOString(),
    to: l.endsAt.toISOString(),
    days: l.days,
    period_days: l.periodDays,
    unit_price: l.unitPriceCents,
    amount: l.amountCents,
  };
}

/** An invoice (or estimate) as the API shows it: amounts in integer cents of `currency`. */
export function invoiceView(i: InvoiceLike): Static<typeof InvoiceSchema> {
  return {
    id: i.id,
    period: i.period,
    period_start: i.periodStart.toISOString(),
    period_end: i.periodEnd.toISOString(),
    status: i.status,
    currency: i.currency,
    subtotal: i.subtotalCents,
    total: i.totalCents,
    issued_at: iso(i.issuedAt),
    line_items: i.lines.map(lineView),
  };
}

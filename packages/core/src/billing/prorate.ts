import type { Tier } from '../tiers/tiers.js';
import { BILLING_CURRENCY, prorateCents, type BillingCurrency } from './money.js';
import type { BillingPeriod } from './period.js';

const DAY_MS = 86_400_000;

/** One row of an account's tier history (table tier_changes): from `changedAt` on, the account is on `tier`. */
export interface TierHistoryEntry {
  tier: Tier;
  changedAt: Date;
}

/** Monthly price in cents of each tier. */
export type TierPrices = Record<Tier, number>;

/** One line of an invoice: a run of consecutive days on one tier, [startsAt, endsAt). */
export interface InvoiceLineDraft {
  description: string;
  tier: Tier;
  startsAt: Date;
  endsAt: Date;
  days: number;
  /** Days of the whole period: the line costs unitPriceCents × days / periodDays. */
  periodDays: number;
  /** The tier's monthly price. */
  unitPriceCents: number;
  amountCents: number;
}

export interface InvoiceDraft {
  period: string;
  periodStart: Date;
  periodEnd: Date;
  currency: BillingCurrency;
  lines: InvoiceLineDraft[];
  subtotalCents: number;
  totalCents: number;
}

const TIER_NAMES: Record<Tier, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

function day(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The tier billed for each UTC day of the period: the tier the account holds at the END of the
 * day (the last history entry before the next midnight), or null for days before its first
 * entry (not yet created). Entries are taken in time order; equal times keep their given order.
 */
export function tierOfEachDay(history: readonly TierHistoryEntry[], period: BillingPeriod): (Tier | null)[] {
  const sorted = history
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.changedAt.getTime() - b.entry.changedAt.getTime() || a.i - b.i)
    .map((x) => x.entry);
  const tiers: (Tier | null)[] = [];
  let next = 0;
  let current: Tier | null = null;
  for (let d = 0; d < period.days; d++) {
    const dayEnd = period.start.getTime() + (d + 1) * DAY_MS;
    while (next < sorted.length && sorted[next].changedAt.getTime() < dayEnd) current = sorted[next++].tier;
    tiers.push(current);
  }
  return tiers;
}

/**
 * The invoice lines of one period (pure): consecutive days billed at the same tier form one
 * line, whose amount is the tier's monthly price × days / days of the period, rounded once,
 * half up, to a whole cent. Days before the account existed are not billed.
 */
export function prorateTierHistory(history: readonly TierHistoryEntry[], period: BillingPeriod, prices: TierPrices): InvoiceLineDraft[] {
  const perDay = tierOfEachDay(history, period);
  const lines: InvoiceLineDraft[] = [];
  let d = 0;
  while (d < perDay.length) {
    const tier = perDay[d];
    let to = d + 1;
    while (to < perDay.length && perDay[to] === tier) to++;
    if (tier !== null) {
      const startsAt = new Date(period.start.getTime() + d * DAY_MS);
      const endsAt = new Date(period.start.getTime() + to * DAY_MS);
      const days = to - d;
      const unitPriceCents = prices[tier];
      lines.push({
        description: `${TIER_NAMES[tier]} plan, ${day(startsAt)} to ${day(new Date(endsAt.getTime() - DAY_MS))} (${days} of ${period.days} days)`,
        tier,
        startsAt,
        endsAt,
        days,
        periodDays: period.days,
        unitPriceCents,
        amountCents: prorateCents(unitPriceCents, days, period.days),
      });
    }
    d = to;
  }
  return lines;
}

/** The whole invoice of one period from the tier history (pure). No taxes or discounts: total = subtotal. */
export function draftInvoice(history: readonly TierHistoryEntry[], period: BillingPeriod, prices: TierPrices): InvoiceDraft {
  const lines = prorateTierHistory(history, period, prices);
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    period: period.key,
    periodStart: period.start,
    periodEnd: period.end,
    currency: BILLING_CURRENCY,
    lines,
    subtotalCents,
    totalCents: subtotalCents,
  };
}

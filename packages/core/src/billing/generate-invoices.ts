import type { DataSource } from 'typeorm';
import { ValidationError } from '../errors/errors.js';
import { insertInvoice, missingInvoices } from './invoice-store.js';
import { draftInvoice, type TierPrices } from './prorate.js';
import { billingPeriodFromKey, billingPeriodOf, previousBillingPeriod, type BillingPeriod } from './period.js';
import { loadTierHistory } from './tier-history.js';

export interface GenerateInvoicesOptions {
  prices: TierPrices;
  now: Date;
  /** YYYY-MM: invoice only this (ended) period. Default: every ended period not invoiced yet. */
  period?: string;
}

/**
 * Issues the invoices of ended periods: idempotent (one invoice per account and period, also
 * under concurrent runs), so it can run daily and catch up on months it missed. Returns how
 * many invoices it created.
 */
export async function generateInvoices(db: DataSource, opts: GenerateInvoicesOptions): Promise<{ invoices: number }> {
  const lastEnded = previousBillingPeriod(billingPeriodOf(opts.now));
  let from: BillingPeriod | null = null;
  let to = lastEnded;
  if (opts.period !== undefined) {
    const asked = billingPeriodFromKey(opts.period);
    if (asked.end.getTime() > opts.now.getTime()) throw new ValidationError(`Billing period ${asked.key} has not ended`);
    from = to = asked;
  }
  let created = 0;
  for (const [accountId, periods] of await missingInvoices(db, from, to)) {
    const history = await loadTierHistory(db, accountId, to.end);
    for (const key of periods) {
      const draft = draftInvoice(history, billingPeriodFromKey(key), opts.prices);
      if (await insertInvoice(db, accountId, draft, opts.now)) created++;
    }
  }
  return { invoices: created };
}

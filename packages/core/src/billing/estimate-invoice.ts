import type { DataSource } from 'typeorm';
import { draftInvoice, type InvoiceDraft, type TierPrices } from './prorate.js';
import { billingPeriodOf } from './period.js';
import { loadTierHistory } from './tier-history.js';

/**
 * The projected invoice of the period containing `now`: the tier history up to `now`, with the
 * tier held now assumed until the period's end, priced at today's prices.
 */
export async function estimateInvoice(db: DataSource, accountId: number, prices: TierPrices, now: Date): Promise<InvoiceDraft> {
  const period = billingPeriodOf(now);
  const history = await loadTierHistory(db, accountId, new Date(now.getTime() + 1));
  return draftInvoice(history, period, prices);
}

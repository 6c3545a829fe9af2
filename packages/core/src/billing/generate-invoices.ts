import type { DataSource } from 'typeorm';
import { ValidationError } from '../errors/errors.js';
import { draftInvoice, type InvoiceDraft, type TierPrices } from './prorate.js';
import { billingPeriodFromKey, billingPeriodOf, previousBillingPeriod, type BillingPeriod } from './period.js';
import { loadTierHistory } from './tier-history.js';

export interface GenerateInvoicesOptions {
  prices: TierPrices;
  now: Date;
  /** YYYY-MM: invoice only this (ended) period. Default: every ended period not invoiced yet. */
  period?: string;
}

function pgTimestamp(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The (account, period) pairs still to invoice: every period from the month of the account's
 * first tier record up to the last one asked for, with no invoice yet.
 */
async function missingInvoices(db: DataSource, from: BillingPeriod | null, to: BillingPeriod): Promise<Map<number, string[]>> {
  const rows = (await db.query(
    `SELECT a.account_id, to_char(m, 'YYYY-MM') AS period
     FROM (SELECT account_id, min(changed_at) AS first FROM tier_changes GROUP BY account_id) a
     CROSS JOIN LATERAL generate_series(
       greatest(date_trunc('month', a.first AT TIME ZONE 'UTC'), $1::timestamp), $2::timestamp, interval '1 month') m
     WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.account_id AND i.period = to_char(m, 'YYYY-MM'))
     ORDER BY a.account_id, m`,
    [from ? pgTimestamp(from.start) : '-infinity', pgTimestamp(to.start)],
  )) as { account_id: number; period: string }[];
  const byAccount = new Map<number, string[]>();
  for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r.period]);
  return byAccount;
}

/** Inserts the invoice and its lines at once; false when the account already has one for the period. */
async function insertInvoice(db: DataSource, accountId: number, draft: InvoiceDraft, issuedAt: Date): Promise<boolean> {
  return db.transaction(async (m) => {
    const inserted = (await m.query(
      `INSERT INTO invoices (account_id, period, period_start, period_end, currency, subtotal_cents, total_cents, status, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'issued', $8)
       ON CONFLICT (account_id, period) DO NOTHING RETURNING id`,
      [accountId, draft.period, draft.periodStart, draft.periodEnd, draft.currency, draft.subtotalCents, draft.totalCents, issuedAt],
    )) as { id: number }[];
    if (!inserted.length) return false;
    const invoiceId = inserted[0].id;
    for (const [position, l] of draft.lines.entries()) {
      await m.query(
        `INSERT INTO invoice_lines
           (invoice_id, position, description, tier, starts_at, ends_at, days, period_days, unit_price_cents, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [invoiceId, position, l.description, l.tier, l.startsAt, l.endsAt, l.days, l.periodDays, l.unitPriceCents, l.amountCents],
      );
    }
    return true;
  });
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

import type { DataSource } from 'typeorm';
import type { PageSlice } from '../db/entity-access.js';
import { pageTotal } from '../db/page-total.js';
import type { Queryable } from '../db/queryable.js';
import { InvoiceLine } from '../db/entities/invoice-line.entity.js';
import { Invoice } from '../db/entities/invoice.entity.js';
import type { BillingPeriod } from './period.js';
import type { InvoiceDraft, InvoiceLineDraft } from './prorate.js';

/**
 * The store of invoices (issue 30): the SQL of invoices and invoice_lines. Invoices are issued
 * once per account and period (the unique key decides between concurrent runs).
 */

function pgTimestamp(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The (account, period) pairs still to invoice: every period from the month of the account's
 * first tier record up to the last one asked for, with no invoice yet.
 */
export async function missingInvoices(db: DataSource, from: BillingPeriod | null, to: BillingPeriod): Promise<Map<number, string[]>> {
  const rows = await db.query<{ account_id: number; period: string }[]>(
    `SELECT a.account_id, to_char(m, 'YYYY-MM') AS period
     FROM (SELECT account_id, min(changed_at) AS first FROM tier_changes GROUP BY account_id) a
     CROSS JOIN LATERAL generate_series(
       greatest(date_trunc('month', a.first AT TIME ZONE 'UTC'), $1::timestamp), $2::timestamp, interval '1 month') m
     WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = a.account_id AND i.period = to_char(m, 'YYYY-MM'))
     ORDER BY a.account_id, m`,
    [from ? pgTimestamp(from.start) : '-infinity', pgTimestamp(to.start)],
  );
  const byAccount = new Map<number, string[]>();
  for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r.period]);
  return byAccount;
}

/** Inserts the invoice and its lines at once; false when the account already has one for the period. */
export async function insertInvoice(db: DataSource, accountId: number, draft: InvoiceDraft, issuedAt: Date): Promise<boolean> {
  return db.transaction(async (m) => {
    const inserted = await m.query<{ id: number }[]>(
      `INSERT INTO invoices (account_id, period, period_start, period_end, currency, subtotal_cents, total_cents, status, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'issued', $8)
       ON CONFLICT (account_id, period) DO NOTHING RETURNING id`,
      [accountId, draft.period, draft.periodStart, draft.periodEnd, draft.currency, draft.subtotalCents, draft.totalCents, issuedAt],
    );
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

/** Every column of each entity under its property name. */
const INVOICE_COLUMNS = `id, account_id AS "accountId", period, period_start AS "periodStart", period_end AS "periodEnd", currency,
  subtotal_cents AS "subtotalCents", total_cents AS "totalCents", status, issued_at AS "issuedAt", created_at AS "createdAt"`;
const LINE_COLUMNS = `id, invoice_id AS "invoiceId", position, description, tier, starts_at AS "startsAt", ends_at AS "endsAt", days,
  period_days AS "periodDays", unit_price_cents AS "unitPriceCents", amount_cents AS "amountCents"`;

/**
 * A page of the account's invoices, newest period first, and how many it has: plain statements
 * mapped to the entity by column aliases (issue 35: TypeORM's findAndCount built two queries and
 * hydrated through its metadata on every call); counted only when the page does not tell it.
 */
export async function listInvoicesOfAccount(q: Queryable, accountId: number, page: PageSlice): Promise<[Invoice[], number]> {
  const rows = await q.query<Invoice[]>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE account_id = $1 ORDER BY period DESC, id DESC LIMIT $2 OFFSET $3`, [
    accountId,
    page.perPage,
    page.offset,
  ]);
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM invoices WHERE account_id = $1', [accountId]);
    return row?.n ?? 0;
  });
  return [rows.map((r) => Object.assign(new Invoice(), r)), total];
}

/** The lines of these invoices, in their order on each invoice. */
export async function linesOfInvoices(q: Queryable, invoiceIds: readonly number[]): Promise<InvoiceLine[]> {
  const rows = await q.query<InvoiceLine[]>(`SELECT ${LINE_COLUMNS} FROM invoice_lines WHERE invoice_id = ANY($1::int[]) ORDER BY position`, [invoiceIds]);
  return rows.map((r) => Object.assign(new InvoiceLine(), r));
}

/** An issued invoice with its lines, in their order. */
export type InvoiceWithLines = Invoice & { lines: InvoiceLineDraft[] };

/** A line as invoicePageOfAccount's statement writes it (JSON: times as epoch milliseconds). */
type LineJson = Omit<InvoiceLineDraft, 'startsAt' | 'endsAt'> & { startsMs: number; endsMs: number };

/**
 * listInvoicesOfAccount and linesOfInvoices in one statement (issue 35): each invoice of the
 * page carries its lines as one JSON value; counted only when the page does not tell it.
 */
export async function invoicePageOfAccount(q: Queryable, accountId: number, page: PageSlice): Promise<[InvoiceWithLines[], number]> {
  const rows = await q.query<(Invoice & { lines: LineJson[] })[]>(
    `SELECT ${INVOICE_COLUMNS}, COALESCE((
       SELECT json_agg(json_build_object('description', l.description, 'tier', l.tier, 'startsMs', floor(extract(epoch FROM l.starts_at) * 1000)::bigint,
                 'endsMs', floor(extract(epoch FROM l.ends_at) * 1000)::bigint, 'days', l.days, 'periodDays', l.period_days,
                 'unitPriceCents', l.unit_price_cents, 'amountCents', l.amount_cents) ORDER BY l.position)
         FROM invoice_lines l WHERE l.invoice_id = invoices.id), '[]') AS lines
       FROM invoices WHERE account_id = $1 ORDER BY period DESC, id DESC LIMIT $2 OFFSET $3`,
    [accountId, page.perPage, page.offset],
  );
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM invoices WHERE account_id = $1', [accountId]);
    return row?.n ?? 0;
  });
  const invoices = rows.map(({ lines, ...invoice }) =>
    Object.assign(new Invoice(), invoice, {
      lines: lines.map(({ startsMs, endsMs, ...line }) => ({ ...line, startsAt: new Date(startsMs), endsAt: new Date(endsMs) })),
    }),
  );
  return [invoices, total];
}

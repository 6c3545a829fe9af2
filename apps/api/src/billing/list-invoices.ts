import { In, type DataSource } from 'typeorm';
import { Invoice, InvoiceLine } from '@vigil/core';
import type { PageRequest } from '../http/pagination.js';
import type { InvoiceLike } from './invoice-view.js';

/** One page of an account's invoices, newest period first, each with its lines. */
export async function listInvoices(db: DataSource, accountId: number, page: PageRequest): Promise<{ invoices: InvoiceLike[]; total: number }> {
  const [invoices, total] = await db.getRepository(Invoice).findAndCount({
    where: { accountId },
    order: { period: 'DESC', id: 'DESC' },
    skip: page.offset,
    take: page.perPage,
  });
  const lines = invoices.length
    ? await db.getRepository(InvoiceLine).find({ where: { invoiceId: In(invoices.map((i) => i.id)) }, order: { position: 'ASC' } })
    : [];
  return { invoices: invoices.map((i) => ({ ...i, lines: lines.filter((l) => l.invoiceId === i.id) })), total };
}

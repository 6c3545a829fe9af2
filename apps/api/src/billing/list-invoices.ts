import type { DataSource } from 'typeorm';
import { linesOfInvoices, listInvoicesOfAccount } from '@vigil/core';
import type { PageRequest } from '../http/pagination.js';
import type { InvoiceLike } from './invoice-view.js';

/** One page of an account's invoices, newest period first, each with its lines. */
export async function listInvoices(db: DataSource, accountId: number, page: PageRequest): Promise<{ invoices: InvoiceLike[]; total: number }> {
  const [invoices, total] = await listInvoicesOfAccount(db, accountId, page);
  const lines = invoices.length ? await linesOfInvoices(db, invoices.map((i) => i.id)) : [];
  return { invoices: invoices.map((i) => ({ ...i, lines: lines.filter((l) => l.invoiceId === i.id) })), total };
}

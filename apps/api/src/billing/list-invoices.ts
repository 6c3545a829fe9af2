import { invoicePageOfAccount, type Context } from '@vigil/core';
import type { PageRequest } from '../http/pagination.js';
import type { InvoiceLike } from './invoice-view.js';

/** One page of an account's invoices, newest period first, each with its lines (one statement). */
export async function listInvoices(db: Context['db'], accountId: number, page: PageRequest): Promise<{ invoices: InvoiceLike[]; total: number }> {
  const [invoices, total] = await invoicePageOfAccount(db, accountId, page);
  return { invoices, total };
}

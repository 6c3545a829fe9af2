export * from './money.js';
export * from './period.js';
export * from './prorate.js';
export * from './tier-prices.js';
export * from './tier-history.js';
export * from './generate-invoices.js';
export * from './estimate-invoice.js';
export { invoicePageOfAccount, linesOfInvoices, listInvoicesOfAccount, type InvoiceWithLines } from './invoice-store.js';

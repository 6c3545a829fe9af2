import { In } from 'typeorm';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { Invoice } from '../db/entities/invoice.entity.js';
import { InvoiceLine } from '../db/entities/invoice-line.entity.js';
import { insertInvoice, linesOfInvoices, listInvoicesOfAccount } from './invoice-store.js';
import type { InvoiceDraft } from './prorate.js';

let ctx: TestContext;
let accountId: number;
const month = (m: number): InvoiceDraft => {
  const periodStart = new Date(Date.UTC(2026, m, 1));
  const periodEnd = new Date(Date.UTC(2026, m + 1, 1));
  const middle = new Date(Date.UTC(2026, m, 11));
  return {
    period: periodStart.toISOString().slice(0, 7),
    periodStart,
    periodEnd,
    currency: 'usd',
    lines: [
      { description: 'Free plan', tier: 'free', startsAt: periodStart, endsAt: middle, days: 10, periodDays: 30, unitPriceCents: 0, amountCents: 0 },
      { description: 'Pro plan', tier: 'pro', startsAt: middle, endsAt: periodEnd, days: 20, periodDays: 30, unitPriceCents: 2900, amountCents: 1933 + m },
    ],
    subtotalCents: 1933 + m,
    totalCents: 1933 + m,
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  const other = await createTestAccount(ctx, 'pro');
  for (const m of [2, 0, 1, 4, 3]) await insertInvoice(ctx.db, accountId, month(m), new Date(Date.UTC(2026, m + 1, 1, 1)));
  await insertInvoice(ctx.db, other.account.id, month(0), new Date(Date.UTC(2026, 1, 1, 1)));
});
afterAll(() => ctx.teardown());

describe('invoice reads (real PostgreSQL)', () => {
  it('answer the entities TypeORM answered, newest period first, with the total', async () => {
    const expected = await ctx.db.getRepository(Invoice).find({ where: { accountId }, order: { period: 'DESC', id: 'DESC' } });
    expect(expected.map((i) => i.period)).toEqual(['2026-05', '2026-04', '2026-03', '2026-02', '2026-01']);
    const [page, total] = await listInvoicesOfAccount(ctx.db, accountId, { offset: 0, perPage: 20 });
    expect(page).toEqual(expected);
    expect(page[0]).toBeInstanceOf(Invoice);
    expect(total).toBe(5);
    expect(await listInvoicesOfAccount(ctx.db, accountId, { offset: 1, perPage: 2 })).toEqual([expected.slice(1, 3), 5]);
    expect(await listInvoicesOfAccount(ctx.db, accountId, { offset: 4, perPage: 2 })).toEqual([expected.slice(4), 5]);
    expect(await listInvoicesOfAccount(ctx.db, accountId, { offset: 9, perPage: 2 })).toEqual([[], 5]);

    const ids = expected.slice(0, 2).map((i) => i.id);
    const lines = await linesOfInvoices(ctx.db, ids);
    // In position order; lines of one position on different invoices in either order.
    const byPositionAndId = (a: InvoiceLine, b: InvoiceLine) => a.position - b.position || a.id - b.id;
    expect(lines.map((l) => l.position)).toEqual([0, 0, 1, 1]);
    expect([...lines].sort(byPositionAndId)).toEqual(
      (await ctx.db.getRepository(InvoiceLine).find({ where: { invoiceId: In(ids) }, order: { position: 'ASC' } })).sort(byPositionAndId),
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBeInstanceOf(InvoiceLine);
  });
});

import type { Job } from 'bullmq';
import { Invoice, InvoiceLine, JobName, ValidationError, setAccountTier, type GenerateInvoicesPayload } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { generateInvoicesJob } from './generate-invoices.job.js';

const clock = testClock('2025-12-20T08:00:00Z');
let ctx: TestContext;
let run: (payload?: GenerateInvoicesPayload) => Promise<{ invoices: number }>;
let enterpriseId: number;
let proId: number;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const handler = generateInvoicesJob(ctx);
  run = (payload = {}) => handler(payload, {} as Job<GenerateInvoicesPayload>);
  enterpriseId = (await createTestAccount(ctx, 'enterprise')).account.id;
  clock.set(shiftDates('2026-01-10T15:00:00Z'));
  proId = (await createTestAccount(ctx, 'pro')).account.id;
});
afterAll(() => ctx.teardown());

async function invoicesOf(accountId: number) {
  const invoices = await ctx.db.getRepository(Invoice).find({ where: { accountId }, order: { period: 'ASC' } });
  const lines = await ctx.db.getRepository(InvoiceLine).find({ order: { invoiceId: 'ASC', position: 'ASC' } });
  return invoices.map((i) => ({ ...i, lines: lines.filter((l) => l.invoiceId === i.id) }));
}

// The tests of this file run in order: the clock only moves forward.

it('invoices only ended months: the month before, not the running one', async () => {
  clock.set(shiftDates('2026-01-20T12:00:00Z'));
  await setAccountTier(ctx, proId, 'business', clock.now());
  clock.set(shiftDates('2026-01-31T23:59:59.999Z'));
  expect(await run()).toEqual({ invoices: 1 });
  const [december] = await invoicesOf(enterpriseId);
  expect(december).toMatchObject({ period: shiftDates('2025-12'), totalCents: 38671, subtotalCents: 38671, currency: 'usd', status: 'issued' });
  expect(december.issuedAt.toISOString()).toBe(shiftDates('2026-01-31T23:59:59.999Z'));
  expect(december.lines).toHaveLength(1);
  expect(december.lines[0]).toMatchObject({ tier: 'enterprise', days: 12, periodDays: 31, unitPriceCents: 99900, amountCents: 38671 });
  expect(await invoicesOf(proId)).toEqual([]);
});

it('at the month boundary invoices the month with the mid-period tier change prorated by day', async () => {
  clock.set(shiftDates('2026-02-01T00:05:00Z'));
  expect(await run()).toEqual({ invoices: 2 });
  const [january] = await invoicesOf(proId);
  expect(january).toMatchObject({
    period: shiftDates('2026-01'),
    currency: 'usd',
    status: 'issued',
    subtotalCents: 935 + 5768,
    totalCents: 935 + 5768,
  });
  expect(january.periodStart.toISOString()).toBe(shiftDates('2026-01-01T00:00:00.000Z'));
  expect(january.periodEnd.toISOString()).toBe(shiftDates('2026-02-01T00:00:00.000Z'));
  expect(january.issuedAt.toISOString()).toBe(shiftDates('2026-02-01T00:05:00.000Z'));
  expect(january.lines.map((l) => [l.tier, l.startsAt.toISOString(), l.endsAt.toISOString(), l.days, l.unitPriceCents, l.amountCents])).toEqual([
    ['pro', shiftDates('2026-01-10T00:00:00.000Z'), shiftDates('2026-01-20T00:00:00.000Z'), 10, 2900, 935],
    ['business', shiftDates('2026-01-20T00:00:00.000Z'), shiftDates('2026-02-01T00:00:00.000Z'), 12, 14900, 5768],
  ]);
  expect(january.lines[0].description).toBe(shiftDates('Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days)'));
  const enterprise = await invoicesOf(enterpriseId);
  expect(enterprise.map((i) => [i.period, i.totalCents])).toEqual([[shiftDates('2025-12'), 38671], [shiftDates('2026-01'), 99900]]);
});

it('is idempotent: running again, or twice at once, makes no second invoice', async () => {
  expect(await run()).toEqual({ invoices: 0 });
  clock.set(shiftDates('2026-03-01T00:05:00Z'));
  const results = await Promise.all([run(), run(), run()]);
  expect(results.reduce((sum, r) => sum + r.invoices, 0)).toBe(2);
  const [{ n }] = (await ctx.db.query(`SELECT count(*)::int AS n FROM invoices WHERE period = '${shiftDates('2026-02')}'`)) as { n: number }[];
  expect(n).toBe(2);
  const [{ lines }] = (await ctx.db.query(
    `SELECT count(*)::int AS lines FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.period = '${shiftDates('2026-02')}'`,
  )) as { lines: number }[];
  expect(lines).toBe(2);
});

it('catches up on every ended month it missed, and bills a free account at 0', async () => {
  const freeId = (await createTestAccount(ctx, 'free')).account.id; // created 2026-03-01T00:05
  clock.set(shiftDates('2026-05-02T00:05:00Z'));
  expect(await run()).toEqual({ invoices: 2 + 2 + 2 }); // March and April for the three accounts
  expect((await invoicesOf(proId)).map((i) => [i.period, i.totalCents])).toEqual([
    [shiftDates('2026-01'), 6703],
    [shiftDates('2026-02'), 14900],
    [shiftDates('2026-03'), 14900],
    [shiftDates('2026-04'), 14900],
  ]);
  const free = await invoicesOf(freeId);
  expect(free.map((i) => [i.period, i.totalCents, i.lines.length])).toEqual([[shiftDates('2026-03'), 0, 1], [shiftDates('2026-04'), 0, 1]]);
});

it('invoices only the period named by the payload, and refuses one that has not ended', async () => {
  await ctx.db.query(`DELETE FROM invoices WHERE period IN ('${shiftDates('2026-03')}', '${shiftDates('2026-04')}') AND account_id = $1`, [proId]);
  expect(await run({ period: shiftDates('2026-03') })).toEqual({ invoices: 1 });
  expect((await invoicesOf(proId)).map((i) => i.period)).toEqual([shiftDates('2026-01'), shiftDates('2026-02'), shiftDates('2026-03')]);
  await expect(run({ period: shiftDates('2026-05') })).rejects.toThrow(new ValidationError(shiftDates('Billing period 2026-05 has not ended')));
  await expect(run({ period: 'May 2026' })).rejects.toThrow(ValidationError);
  expect(await run()).toEqual({ invoices: 1 });
});

it('runs as a job of the checker fleet through the maintenance queue', async () => {
  clock.set(shiftDates('2026-06-01T00:05:00Z'));
  const app = createCheckerApp(ctx);
  await app.start();
  try {
    const { result } = await ctx.queues.run(JobName.GenerateInvoices, {}, 15_000);
    expect(result).toEqual({ invoices: 3 });
  } finally {
    await app.stop();
  }
  const [{ n }] = (await ctx.db.query(`SELECT count(*)::int AS n FROM invoices WHERE period = '${shiftDates('2026-05')}'`)) as { n: number }[];
  expect(n).toBe(3);
});

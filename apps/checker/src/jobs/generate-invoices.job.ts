import { generateInvoices, tierPrices, type Context, type JobHandler, type JobName } from '@vigil/core';

/**
 * Runs daily (maintenance queue): issues the invoice of every ended month not invoiced yet, or
 * of the one month named by the payload. Idempotent; "now" is ctx.clock.
 */
export function generateInvoicesJob(ctx: Context): JobHandler<JobName.GenerateInvoices> {
  return async (payload) => {
    const result = await generateInvoices(ctx.db, { prices: tierPrices(ctx.config.tiers), now: ctx.clock.now(), period: payload.period });
    if (result.invoices) ctx.logger.info('invoices issued', { invoices: result.invoices, period: payload.period ?? 'all ended' });
    return result;
  };
}

import { BILLING_CURRENCY, billingPeriodOf, utcDay, type Account, type Context } from '@vigil/core';
import { iso } from '../http/iso.js';
import { countAlerts, countChecks, countDomains, countMonitors, countScans } from '../usage/feature-usage.js';
import { planLimits } from '../usage/plan-limits.js';

/** API requests counted in [from, to) (whole UTC days). */
async function requestsIn(ctx: Context, accountId: number, from: Date, to: Date): Promise<number> {
  const [{ requests }] = (await ctx.db.query(
    'SELECT COALESCE(sum(requests), 0) AS requests FROM daily_usage WHERE account_id = $1 AND day >= $2::date AND day < $3::date',
    [accountId, utcDay(from), utcDay(to)],
  )) as { requests: string }[];
  return Number(requests);
}

/** The current billing period, the plan, its included limits and what was used so far this period. */
export async function billingUsage(ctx: Context, account: Account) {
  const now = ctx.clock.now();
  const period = billingPeriodOf(now);
  const t = ctx.config.tiers[account.tier];
  const [requests, monitors, domains, scans, alerts, checks] = await Promise.all([
    requestsIn(ctx, account.id, period.start, period.end),
    countMonitors(ctx.db, account.id),
    countDomains(ctx.db, account.id),
    countScans(ctx.db, account.id, period.start, now),
    countAlerts(ctx.db, account.id, period.start, now),
    countChecks(ctx.db, account.id, period.start, now),
  ]);
  return {
    period: { month: period.key, start: iso(period.start), end: iso(period.end), days: period.days },
    plan: { tier: account.tier, monthly_price: t.monthlyPriceCents, currency: BILLING_CURRENCY },
    limits: planLimits(t),
    usage: { requests, monitors, domains, scans, alerts, checks },
    as_of: iso(now),
  };
}

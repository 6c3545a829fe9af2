import { BILLING_CURRENCY, billingPeriodOf, utcDay, type Account, type Context } from '@vigil/core';
import { iso } from '../http/iso.js';
import { countAlerts, countChecks, countDomains, countMonitors, countScans } from '../usage/feature-usage.js';
import { planLimits } from '../usage/plan-limits.js';
import type { RequestUsage } from '../usage/request-usage.js';

const DAY_MS = 86_400_000;

/** The current billing period, the plan, its included limits and what was used so far this period. */
export async function billingUsage(ctx: Context, usage: RequestUsage, account: Account) {
  const now = ctx.clock.now();
  const period = billingPeriodOf(now);
  const t = ctx.config.tiers[account.tier];
  const [requests, monitors, domains, scans, alerts, checks] = await Promise.all([
    // The period's whole UTC days: [start, end).
    usage.requestsBetween(account.id, utcDay(period.start), utcDay(new Date(period.end.getTime() - DAY_MS))),
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

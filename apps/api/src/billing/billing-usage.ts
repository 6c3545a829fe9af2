import { BILLING_CURRENCY, billingPeriodOf, TIERS, utcDay, type Account, type Context } from '@vigil/core';
import { planLimits, PlanLimitsSchema } from '../usage/plan-limits.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../http/schema.js';
import type { RequestUsage } from '../usage/request-usage.js';
import type { SettledCounts } from '../monitors/settled-counts.js';
import { accountUsage } from '../usage/account-usage.js';

const DAY_MS = 86_400_000;

export const BillingUsageSchema = Type.Object({
  period: Type.Object(
    {
      month: Type.String({ examples: ['2026-01'] }),
      start: DateTime(),
      end: DateTime({ description: 'Exclusive: the first instant of the next month' }),
      days: Type.Integer(),
    },
    { description: 'The current billing period: the calendar month (UTC), [start, end)' },
  ),
  plan: Type.Object({
    tier: StringEnum(TIERS),
    monthly_price: Type.Integer({ description: 'In cents of `currency`' }),
    currency: StringEnum([BILLING_CURRENCY]),
  }),
  limits: PlanLimitsSchema,
  usage: Type.Object(
    {
      requests: Type.Integer({ description: 'Counted API requests this period, this one included' }),
      monitors: Type.Integer(),
      domains: Type.Integer(),
      scans: Type.Integer({ description: 'Scans requested this period' }),
      alerts: Type.Integer({ description: 'Alerts delivered this period' }),
      checks: Type.Integer({ description: 'Uptime checks run this period' }),
    },
    { description: 'Used this period (monitors and domains: how many exist now)' },
  ),
  as_of: DateTime(),
});

/** The current billing period, the plan, its included limits and what was used so far this period. */
export async function billingUsage(ctx: Context, usage: RequestUsage, counts: SettledCounts, account: Account): Promise<Static<typeof BillingUsageSchema>> {
  const now = ctx.clock.now();
  const period = billingPeriodOf(now);
  const t = ctx.config.tiers[account.tier];
  const [requests, { monitors, domains, scans, alerts, checks }] = await Promise.all([
    // The period's whole UTC days: [start, end).
    usage.requestsBetween(account.id, utcDay(period.start), utcDay(new Date(period.end.getTime() - DAY_MS))),
    accountUsage(ctx.db, counts, account.id, period.start, now),
  ]);
  return {
    period: { month: period.key, start: period.start.toISOString(), end: period.end.toISOString(), days: period.days },
    plan: { tier: account.tier, monthly_price: t.monthlyPriceCents, currency: BILLING_CURRENCY },
    limits: planLimits(t),
    usage: { requests, monitors, domains, scans, alerts, checks },
    as_of: now.toISOString(),
  };
}

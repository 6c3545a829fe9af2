import Joi from 'joi';
import {
  isoWithOffset,
  limitUse,
  nextUtcMidnight,
  utcDay,
  ValidationError,
  type Context,
} from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { queryFields } from '../http/joi-schema.js';
import { validateQuery } from '../http/validate.js';
import { accountUsage } from '../usage/account-usage.js';
import { fullPlanLimits, FullPlanLimitsSchema } from '../usage/plan-limits.js';
import { Type } from '@sinclair/typebox';
import { Nullable } from '../http/schema.js';
import type { RouteDeps } from './index.js';

const DAY_MS = 86_400_000;

const historyQuery = Joi.object<{ days: number }>({
  days: Joi.number().integer().min(1).max(90).default(30).error(new ValidationError('Invalid days: must be an integer from 1 to 90')).description('How many days, default 30'),
});

function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

const Day = Type.String({ format: 'date', examples: ['2026-11-23'] });
const Limit = Nullable(Type.Integer(), { description: 'null: no limit on this plan' });

const TodaySchema = Type.Object({
  tier: Type.String({ examples: ['pro'] }),
  date: Day,
  requests_today: Type.Integer(),
  daily_limit: Limit,
  daily_remaining: Limit,
  requests_per_minute_limit: Limit,
  reset_at: Type.String({ format: 'date-time', description: 'Next UTC midnight' }),
  checks_today: Type.Integer(),
  scans_today: Type.Integer(),
  alerts_today: Type.Integer(),
});

const HistorySchema = Type.Object({
  days: Type.Integer(),
  history: Type.Array(Type.Object({ date: Day, requests: Type.Integer() })),
  total_requests: Type.Integer(),
});

const SummarySchema = Type.Object({
  period: Type.Object({ from: Day, to: Day, days: Type.Literal(30) }),
  totals: Type.Object({ requests: Type.Integer(), checks: Type.Integer(), scans: Type.Integer(), alerts: Type.Integer() }),
});

const LimitsSchema = Type.Object({
  tier: Type.String({ examples: ['pro'] }),
  limits: FullPlanLimitsSchema,
  usage: Type.Object({ monitors: Type.Integer(), domains: Type.Integer(), concurrent_scans: Type.Integer() }),
});

export function usageRoutes(ctx: Context, { quota, usage, windows }: RouteDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/usage',
      summary: "Today's counters against the plan's limits",
      tag: 'Usage',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { account } = authOf(req);
        const tier = ctx.config.tiers[account.tier];
        const now = ctx.clock.now();
        const dayStart = startOfUtcDay(now);
        const [requests, { checks, scans, alerts }] = await Promise.all([
          quota.dailyCount(account.id, now),
          accountUsage(ctx.db, windows.counts, account.id, dayStart, now),
        ]);
        send(200, {
          tier: account.tier,
          date: utcDay(now),
          requests_today: requests,
          daily_limit: tier.requestsPerDay,
          daily_remaining: tier.requestsPerDay === null ? null : Math.max(0, tier.requestsPerDay - requests),
          requests_per_minute_limit: tier.requestsPerMinute,
          reset_at: isoWithOffset(nextUtcMidnight(now)),
          checks_today: checks,
          scans_today: scans,
          alerts_today: alerts,
        });
      },
      docs: { responses: { 200: { description: 'Usage of the current UTC day', schema: TodaySchema } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/history',
      summary: 'Daily request counts, oldest first, today included',
      tag: 'Usage',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { days } = validateQuery(historyQuery, req.query);
        const { account } = authOf(req);
        const now = ctx.clock.now();
        const first = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
        const byDay = await usage.requestsByDay(account.id, utcDay(first), utcDay(now));
        const history = Array.from({ length: days }, (_, i) => {
          const date = utcDay(new Date(first.getTime() + i * DAY_MS));
          return { date, requests: byDay.get(date) ?? 0 };
        });
        send(200, { days, history, total_requests: history.reduce((sum, d) => sum + d.requests, 0) });
      },
      docs: {
        query: queryFields(historyQuery),
        responses: { 200: { description: 'Daily counts', schema: HistorySchema }, 400: { description: 'Invalid days' } },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/limits',
      summary: "The plan's limits and current use (monitors, domains, concurrent scans)",
      tag: 'Usage',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { account } = authOf(req);
        const t = ctx.config.tiers[account.tier];
        const use = await limitUse(ctx.db, account.id);
        send(200, {
          tier: account.tier,
          limits: fullPlanLimits(t),
          usage: { monitors: use.monitors, domains: use.domains, concurrent_scans: use.unfinishedScans },
        });
      },
      docs: { responses: { 200: { description: 'Limits and use', schema: LimitsSchema } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/summary',
      summary: 'Totals of the last 30 days: requests, checks, scans, alerts',
      tag: 'Usage',
      auth: 'api-key',
      scope: 'billing:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { account } = authOf(req);
        const now = ctx.clock.now();
        const from = new Date(startOfUtcDay(now).getTime() - 29 * DAY_MS);
        const [requests, { checks, scans, alerts }] = await Promise.all([
          usage.requestsBetween(account.id, utcDay(from), utcDay(now)),
          accountUsage(ctx.readDb, windows.counts, account.id, from, now),
        ]);
        send(200, {
          period: { from: utcDay(from), to: utcDay(now), days: 30 },
          totals: { requests, checks, scans, alerts },
        });
      },
      docs: { responses: { 200: { description: '30-day totals', schema: SummarySchema } } },
    }),
  ];
}

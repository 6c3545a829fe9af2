import Joi from 'joi';
import { isoWithOffset, nextUtcMidnight, utcDay, ValidationError, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';
import { queryFields } from '../http/joi-schema.js';
import { queryValue, validate } from '../http/validate.js';
import {
  countAlerts,
  countChecks,
  countDomains,
  countMonitors,
  countRunningScans,
  countScans,
} from '../usage/feature-usage.js';
import { fullPlanLimits } from '../usage/plan-limits.js';
import type { RouteDeps } from './index.js';

const DAY_MS = 86_400_000;

const historyQuery = Joi.object<{ days: number }>({
  days: Joi.number().integer().min(1).max(90).default(30).error(new ValidationError('Invalid days: must be an integer from 1 to 90')).description('How many days, default 30'),
});

function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

const int = { type: 'integer' };
const intOrNull = { type: ['integer', 'null'], description: 'null: no limit on this plan' };
const day = { type: 'string', format: 'date', examples: ['2026-11-23'] };

const TODAY = {
  type: 'object',
  required: ['tier', 'date', 'requests_today', 'daily_limit', 'daily_remaining', 'requests_per_minute_limit', 'reset_at', 'checks_today', 'scans_today', 'alerts_today'],
  properties: {
    tier: { type: 'string', examples: ['pro'] },
    date: day,
    requests_today: int,
    daily_limit: intOrNull,
    daily_remaining: intOrNull,
    requests_per_minute_limit: intOrNull,
    reset_at: { type: 'string', format: 'date-time', description: 'Next UTC midnight' },
    checks_today: int,
    scans_today: int,
    alerts_today: int,
  },
  additionalProperties: false,
};

const HISTORY = {
  type: 'object',
  required: ['days', 'history', 'total_requests'],
  properties: {
    days: int,
    history: { type: 'array', items: { type: 'object', required: ['date', 'requests'], properties: { date: day, requests: int }, additionalProperties: false } },
    total_requests: int,
  },
  additionalProperties: false,
};

const SUMMARY = {
  type: 'object',
  required: ['period', 'totals'],
  properties: {
    period: { type: 'object', required: ['from', 'to', 'days'], properties: { from: day, to: day, days: { const: 30 } }, additionalProperties: false },
    totals: { type: 'object', required: ['requests', 'checks', 'scans', 'alerts'], properties: { requests: int, checks: int, scans: int, alerts: int }, additionalProperties: false },
  },
  additionalProperties: false,
};

const LIMITS = {
  type: 'object',
  required: ['tier', 'limits', 'usage'],
  properties: {
    tier: { type: 'string', examples: ['pro'] },
    limits: {
      type: 'object',
      description: "The plan's limits; null means unlimited",
      properties: {
        requests_per_day: intOrNull,
        requests_per_minute: intOrNull,
        concurrent_scans: intOrNull,
        uptime_monitoring: { type: 'boolean' },
        monitors: intOrNull,
        domains: intOrNull,
        check_intervals: { type: 'array', items: int, description: 'Allowed monitor check intervals, seconds' },
        monitoring_frequencies: { type: 'array', items: { type: 'string' }, description: 'Allowed domain monitoring frequencies' },
        domain_creates_per_minute: intOrNull,
        header_checks_per_day: intOrNull,
        status_pages: intOrNull,
      },
      additionalProperties: false,
    },
    usage: { type: 'object', required: ['monitors', 'domains', 'concurrent_scans'], properties: { monitors: int, domains: int, concurrent_scans: int }, additionalProperties: false },
  },
  additionalProperties: false,
};

export function usageRoutes(ctx: Context, { quota, usage }: RouteDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/usage',
      summary: "Today's counters against the plan's limits",
      tag: 'Usage',
      auth: 'api-key',
      handler: async (req, res) => {
        const { account } = authOf(req);
        const tier = ctx.config.tiers[account.tier];
        const now = ctx.clock.now();
        const dayStart = startOfUtcDay(now);
        const [requests, checks, scans, alerts] = await Promise.all([
          quota.dailyCount(account.id, now),
          countChecks(ctx.db, account.id, dayStart, now),
          countScans(ctx.db, account.id, dayStart, now),
          countAlerts(ctx.db, account.id, dayStart, now),
        ]);
        res.json({
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
      docs: { responses: { 200: { description: 'Usage of the current UTC day', schema: TODAY } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/history',
      summary: 'Daily request counts, oldest first, today included',
      tag: 'Usage',
      auth: 'api-key',
      handler: async (req, res) => {
        const { days } = validate(historyQuery, { days: queryValue(req.query.days) ?? undefined }, { convert: true });
        const { account } = authOf(req);
        const now = ctx.clock.now();
        const first = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
        const byDay = await usage.requestsByDay(account.id, utcDay(first), utcDay(now));
        const history = Array.from({ length: days }, (_, i) => {
          const date = utcDay(new Date(first.getTime() + i * DAY_MS));
          return { date, requests: byDay.get(date) ?? 0 };
        });
        res.json({ days, history, total_requests: history.reduce((sum, d) => sum + d.requests, 0) });
      },
      docs: {
        query: queryFields(historyQuery),
        responses: { 200: { description: 'Daily counts', schema: HISTORY }, 400: { description: 'Invalid days' } },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/limits',
      summary: "The plan's limits and current use (monitors, domains, concurrent scans)",
      tag: 'Usage',
      auth: 'api-key',
      handler: async (req, res) => {
        const { account } = authOf(req);
        const t = ctx.config.tiers[account.tier];
        const [monitors, domains, scans] = await Promise.all([
          countMonitors(ctx.db, account.id),
          countDomains(ctx.db, account.id),
          countRunningScans(ctx.db, account.id),
        ]);
        res.json({
          tier: account.tier,
          limits: fullPlanLimits(t),
          usage: { monitors, domains, concurrent_scans: scans },
        });
      },
      docs: { responses: { 200: { description: 'Limits and use', schema: LIMITS } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/usage/summary',
      summary: 'Totals of the last 30 days: requests, checks, scans, alerts',
      tag: 'Usage',
      auth: 'api-key',
      handler: async (req, res) => {
        const { account } = authOf(req);
        const now = ctx.clock.now();
        const from = new Date(startOfUtcDay(now).getTime() - 29 * DAY_MS);
        const [requests, checks, scans, alerts] = await Promise.all([
          usage.requestsBetween(account.id, utcDay(from), utcDay(now)),
          countChecks(ctx.readDb, account.id, from, now),
          countScans(ctx.readDb, account.id, from, now),
          countAlerts(ctx.readDb, account.id, from, now),
        ]);
        res.json({
          period: { from: utcDay(from), to: utcDay(now), days: 30 },
          totals: { requests, checks, scans, alerts },
        });
      },
      docs: { responses: { 200: { description: '30-day totals', schema: SUMMARY } } },
    }),
  ];
}

import type { Request, RequestHandler } from 'express';
import {
  HEADER_FETCH_TIMEOUT_MS,
  HTTP_PROBE_TIMEOUT_MS,
  headerCheckResponseHeaders,
  parseHeaderTarget,
  readCachedHeaderReport,
  unwrapHeaderCheckResult,
  type HeaderCheckJobResult,
} from '@vigil/scanner';
import { JobName, RateLimitError, UnavailableError, ValidationError, isoWithOffset, nextUtcMidnight, type Context } from '@vigil/core';
import { clientIp } from '../http/client-ip.js';
import { route, type RouteDef } from '../http/route.js';
import { queryValue } from '../http/validate.js';
import { DailyCounter } from '../limits/daily-counter.js';
import { limiterNamespace } from '../limits/fixed-window-limiter.js';

/** Anonymous header checks per client IP and day (decisions §2). */
export const ANONYMOUS_HEADER_CHECKS_PER_DAY = 400;

/** The job fetches (with redirects) and probes http -> https; give it both timeouts and a margin. */
const RESULT_DEADLINE_MS = HEADER_FETCH_TIMEOUT_MS + HTTP_PROBE_TIMEOUT_MS + 5_000;

/**
 * Header-check quota: 400/day per client IP anonymously, the tier's headerChecksPerDay
 * (2,000) per account with a key. Separate from the /api/v1 quotas; resets at 00:00 UTC.
 */
function headerQuota(ctx: Context): RequestHandler {
  const counter = new DailyCounter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, 'headers'));
  return async (req, res, next) => {
    const account = req.auth?.account;
    const limit = account ? ctx.config.tiers[account.tier].headerChecksPerDay : ANONYMOUS_HEADER_CHECKS_PER_DAY;
    const now = ctx.clock.now();
    const subject = account ? `a${account.id}` : `ip:${clientIp(req)}`;
    const { allowed, count } = await counter.consume(subject, limit, now);
    const reset = nextUtcMidnight(now);
    const remaining = Math.max(0, limit - count);
    res.set({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(Math.ceil((remaining > 0 ? now : reset).getTime() / 1000)),
      'X-Daily-Limit': String(limit),
      'X-Daily-Remaining': String(remaining),
    });
    if (!allowed) {
      const retryAfter = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000));
      throw new RateLimitError(
        'Rate limit exceeded',
        { rate_limit: limit, requests_today: count, reset_at: isoWithOffset(reset) },
        { 'Retry-After': String(retryAfter) },
      );
    }
    next();
  };
}

function targetOf(req: Request): string {
  const q = queryValue(req.query.q);
  if (q === undefined || q.trim() === '') throw new ValidationError('Missing required parameter: q');
  return parseHeaderTarget(q).url;
}

export function headerCheckRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/headers/check',
      summary: 'Grade the HTTP security headers of a site (public; an API key raises the daily quota)',
      tag: 'Security headers',
      auth: 'optional-api-key',
      before: [headerQuota(ctx)],
      handler: async (req, res) => {
        const url = targetOf(req);
        // A fresh cached report needs no round trip through the scanner fleet.
        let result: HeaderCheckJobResult | null = await readCachedHeaderReport(ctx.redis, ctx.config.redisPrefix, url);
        if (!result) {
          const run = await ctx.queues.run(JobName.HeaderCheck, { url }, RESULT_DEADLINE_MS);
          if (run.result === undefined) {
            throw new UnavailableError('Header check did not finish in time', { detail: 'no scanner answered; retry later' }, { 'Retry-After': '5' });
          }
          result = run.result as HeaderCheckJobResult;
        }
        const report = unwrapHeaderCheckResult(result);
        res.set(headerCheckResponseHeaders(report)).json(report);
      },
      docs: {
        query: {
          q: { type: 'string', required: true, description: 'A hostname, host:port, or an http(s) URL; a bare host is fetched over https' },
        },
        responses: {
          200: {
            description: 'The security-header report (fields of the seed\'s Security-header report)',
            headers: ['X-Grade', 'X-Grade-Capped', 'X-Daily-Limit', 'X-Daily-Remaining'],
            schema: {
              type: 'object',
              properties: {
                grade: { type: 'string', enum: ['A+', 'A', 'B', 'C', 'D', 'F'] },
                score: { type: 'integer' },
                gradeCapped: { type: 'boolean' },
                gradeCapReason: { type: 'string' },
                warnings: { type: 'array', items: { type: 'string' } },
                headersPresent: { type: 'array', items: { type: 'string' } },
                headersMissing: { type: 'array', items: { type: 'string' } },
                upcomingHeaders: {
                  type: 'array',
                  items: { type: 'object', properties: { header: { type: 'string' }, present: { type: 'boolean' }, description: { type: 'string' } } },
                },
                summary: {
                  type: 'object',
                  properties: {
                    grade: { type: 'string' },
                    site: { type: 'string' },
                    headers: { type: 'object', description: 'Graded header name -> its verdict: present, valid, points, max_points, value, note' },
                  },
                },
                rawHeaders: { type: 'object' },
                service: {
                  type: 'object',
                  properties: {
                    deeper_score: { type: 'integer' },
                    advanced: { type: 'array', description: 'One entry per Observatory-style test: test, pass, result, modifier, description', items: { type: 'object' } },
                    https_redirect: { type: 'boolean' },
                  },
                },
                fetched_at: { type: 'string', format: 'date-time' },
                final_url: { type: 'string' },
              },
            },
          },
          400: { description: 'q missing, or Invalid hostname' },
          401: { description: 'A key was sent and is invalid or expired' },
          429: { description: 'Daily header-check quota exhausted' },
          502: { description: 'Site unreachable, with detail' },
          503: { description: 'No scanner finished the check in time' },
        },
      },
    }),
  ];
}

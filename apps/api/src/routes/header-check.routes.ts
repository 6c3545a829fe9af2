import Joi from 'joi';
import type { Request, RequestHandler } from 'express';
import {
  HEADER_CHECK_DEADLINE_MS,
  JobName,
  RateLimitError,
  UnavailableError,
  ValidationError,
  headerCheckResponseHeaders,
  isoWithOffset,
  nextUtcMidnight,
  parseHeaderTarget,
  readCachedHeaderReport,
  unwrapHeaderCheckResult,
  type Context,
  type HeaderCheckJobResult,
  type WhatIfHeaderReport,
} from '@vigil/core';
import { HeaderReportSchema, WhatIfReportSchema } from '../headers/header-report.schema.js';
import { parseWhatIfBody, whatIfBody } from '../headers/what-if-input.js';
import { clientIp } from '../http/client-ip.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import { ErrorSchema, ErrorWithDetailSchema, SiteUnreachableSchema } from '../http/error.schema.js';
import { OneOf } from '../http/schema.js';
import { queryFields } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { validateQuery } from '../http/validate.js';
import { DailyCounter } from '../limits/daily-counter.js';
import { limiterNamespace } from '../limits/fixed-window-limiter.js';

/** Anonymous header checks per client IP and day (decisions §2). */
export const ANONYMOUS_HEADER_CHECKS_PER_DAY = 400;

/** Grading alone is quick; the wait covers a busy scanner queue. */
const GRADE_DEADLINE_MS = 10_000;

/** No scanner answered in time (`{error, detail}`), or PostgreSQL or Redis is unreachable (`{error}`). */
const NO_SCANNER_503 = OneOf([ErrorWithDetailSchema, ErrorSchema]);

function noScannerAnswered(what: string): UnavailableError {
  return new UnavailableError(`${what} did not finish in time`, { detail: 'no scanner answered; retry later' }, { 'Retry-After': '5' });
}

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

/** The target named by `q` (required, not blank); parseHeaderTarget judges it. */
const TARGET_QUERY = Joi.object<{ q: string }>({
  q: Joi.string()
    .custom((v: string, helpers) => (v.trim() === '' ? helpers.error('any.invalid') : v))
    .required()
    .error(new ValidationError('Missing required parameter: q'))
    .description('A hostname, host:port, or an http(s) URL; a bare host is fetched over https'),
});

function targetOf(req: Request): string {
  return parseHeaderTarget(validateQuery(TARGET_QUERY, req.query).q).url;
}

/** A target's report: the scanners' cached one when fresh (no round trip through the fleet), else a header-check job's. */
async function checkResult(ctx: Context, url: string): Promise<HeaderCheckJobResult> {
  const cached = await readCachedHeaderReport(ctx.redis, ctx.config.redisPrefix, url);
  if (cached) return cached;
  const run = await ctx.queues.run(JobName.HeaderCheck, { url }, HEADER_CHECK_DEADLINE_MS);
  if (run.result === undefined) throw noScannerAnswered('Header check');
  return run.result;
}

export function headerCheckRoutes(ctx: Context): RouteDef[] {
  const quota = headerQuota(ctx);
  // Identical checks (same target) and gradings (same body) that overlap share one report: each
  // caller's was read or graded after it asked (ReadCoalescer), so none is older than it would
  // be alone. Each request still counts against its own quota (before the handler).
  const checks = new ReadCoalescer<HeaderCheckJobResult>();
  const grades = new ReadCoalescer<WhatIfHeaderReport>();
  return [
    route({
      method: 'get',
      path: '/headers/check',
      summary: 'Grade the HTTP security headers of a site (public; an API key raises the daily quota)',
      tag: 'Security headers',
      auth: 'optional-api-key',
      before: [quota],
      handler: async (req, res, send) => {
        const url = targetOf(req);
        const report = unwrapHeaderCheckResult(await checks.read(url, () => checkResult(ctx, url)));
        res.set(headerCheckResponseHeaders(report));
        send(200, report);
      },
      docs: {
        query: queryFields(TARGET_QUERY),
        responses: {
          200: {
            description: 'The security-header report (fields of the seed\'s Security-header report)',
            headers: ['X-Grade', 'X-Grade-Capped', 'X-Daily-Limit', 'X-Daily-Remaining'],
            schema: HeaderReportSchema,
          },
          400: { description: 'q missing, or Invalid hostname' },
          401: { description: 'A key was sent and is invalid or expired' },
          429: { description: 'Daily header-check quota exhausted' },
          502: { description: 'Site unreachable, with detail', schema: SiteUnreachableSchema },
          503: { description: 'No scanner finished the check in time (or PostgreSQL or Redis is unreachable); retry after `Retry-After` seconds', schema: NO_SCANNER_503, headers: ['Retry-After'] },
        },
      },
    }),
    route({
      method: 'post',
      path: '/headers/grade',
      summary: 'What-if grading: grade a set of security headers without fetching anything (same report and quota as /headers/check)',
      tag: 'Security headers',
      auth: 'optional-api-key',
      before: [quota],
      handler: async (req, res, send) => {
        const payload = parseWhatIfBody(req.body);
        const report = await grades.read(JSON.stringify(payload), async () => {
          const run = await ctx.queues.run(JobName.HeaderGrade, payload, GRADE_DEADLINE_MS);
          if (run.result === undefined) throw noScannerAnswered('Header grading');
          return run.result;
        });
        res.set(headerCheckResponseHeaders(report));
        send(200, report);
      },
      docs: {
        body: whatIfBody,
        responses: {
          200: { description: 'The security-header report, as /headers/check gives it, with graded_at instead of fetched_at and final_url', headers: ['X-Grade', 'X-Grade-Capped', 'X-Daily-Limit', 'X-Daily-Remaining'], schema: WhatIfReportSchema },
          400: { description: 'Invalid body: headers missing or malformed, https not a boolean, invalid site or html' },
          401: { description: 'A key was sent and is invalid or expired' },
          429: { description: 'Daily header-check quota exhausted (shared with /headers/check)' },
          503: { description: 'No scanner graded the headers in time (or PostgreSQL or Redis is unreachable); retry after `Retry-After` seconds', schema: NO_SCANNER_503, headers: ['Retry-After'] },
        },
      },
    }),
  ];
}

/**
 * The HeaderCheck job of the scanner fleet (QueueName.Headers) and its short per-target
 * result cache. The job never fails for a bad or unreachable target: it returns a
 * serialisable failure that the API turns into 400 or 502 (unwrapHeaderCheckResult).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  outboundPolicy,
  UpstreamError,
  ValidationError,
  type Context,
  type HeaderCheckPayload,
} from '@vigil/core';
import { checkHeaders } from './check.js';
import type { FetchOptions } from './fetch.js';
import { parseHeaderTarget } from './target.js';
import type { HeaderReport } from './types.js';

export const HEADER_CACHE_TTL_SECONDS = 60;

/** A check that could not produce a report, as the API should answer it. */
export interface HeaderCheckFailure {
  status: 400 | 502;
  error: string;
  detail?: string;
}

export type HeaderCheckJobResult = HeaderReport | HeaderCheckFailure;

export function isHeaderCheckFailure(result: unknown): result is HeaderCheckFailure {
  return (
    typeof result === 'object' &&
    result !== null &&
    'error' in result &&
    'status' in result &&
    !('grade' in result)
  );
}

/** `${prefix}:hdr:<sha1 of the normalised URL>`. */
export function headerCheckCacheKey(prefix: string, url: string): string {
  return `${prefix}:hdr:${createHash('sha1').update(url).digest('hex')}`;
}

/** The cached report of a normalised URL, or null. Lets the API answer without a job. */
export async function readCachedHeaderReport(redis: Redis, prefix: string, url: string): Promise<HeaderReport | null> {
  const cached = await redis.get(headerCheckCacheKey(prefix, url));
  return cached ? (JSON.parse(cached) as HeaderReport) : null;
}

export async function cacheHeaderReport(
  redis: Redis,
  prefix: string,
  url: string,
  report: HeaderReport,
  ttlSeconds = HEADER_CACHE_TTL_SECONDS,
): Promise<void> {
  await redis.set(headerCheckCacheKey(prefix, url), JSON.stringify(report), 'EX', ttlSeconds);
}

/**
 * Runs one header check: answers from the 60 s cache when it can (the report keeps its
 * original fetched_at), else fetches, grades and caches. Failures are returned, not thrown,
 * and are not cached (a site that comes back is seen at once).
 */
export async function handleHeaderCheck(
  ctx: Context,
  payload: HeaderCheckPayload,
  opts: FetchOptions = {},
): Promise<HeaderCheckJobResult> {
  let url: string;
  try {
    url = parseHeaderTarget(payload.url).url;
  } catch (e) {
    if (e instanceof ValidationError) return { status: 400, error: e.message };
    throw e;
  }
  const prefix = ctx.config.redisPrefix;
  try {
    const cached = await readCachedHeaderReport(ctx.redis, prefix, url);
    if (cached) return cached;
  } catch (e) {
    ctx.logger.warn('header cache read failed', { error: (e as Error).message });
  }

  let report: HeaderReport;
  try {
    report = await checkHeaders(url, outboundPolicy(ctx.config), { now: () => ctx.clock.now(), ...opts });
  } catch (e) {
    if (e instanceof UpstreamError) {
      const detail = typeof e.details.detail === 'string' ? e.details.detail : undefined;
      ctx.logger.info('header check: site unreachable', { url, detail });
      return { status: 502, error: e.message, ...(detail ? { detail } : {}) };
    }
    if (e instanceof ValidationError) return { status: 400, error: e.message };
    throw e;
  }
  try {
    await cacheHeaderReport(ctx.redis, prefix, url, report);
  } catch (e) {
    ctx.logger.warn('header cache write failed', { error: (e as Error).message });
  }
  return report;
}

/**
 * For the API: the report of a finished job, or the typed error to throw
 * (ValidationError → 400, UpstreamError → 502 {"error":"Site unreachable","detail":...}).
 */
export function unwrapHeaderCheckResult(result: HeaderCheckJobResult): HeaderReport {
  if (!isHeaderCheckFailure(result)) return result;
  if (result.status === 400) throw new ValidationError(result.error);
  throw new UpstreamError(result.error, result.detail ? { detail: result.detail } : {});
}

/** Response headers of GET /headers/check: X-Grade always, X-Grade-Capped: true when capped. */
export function headerCheckResponseHeaders(report: Pick<HeaderReport, 'grade' | 'gradeCapped'>): Record<string, string> {
  return report.gradeCapped ? { 'X-Grade': report.grade, 'X-Grade-Capped': 'true' } : { 'X-Grade': report.grade };
}

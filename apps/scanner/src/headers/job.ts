/**
 * The HeaderCheck job of the scanner fleet (QueueName.Headers), with the short per-target
 * result cache. The job never fails for a bad or unreachable target: it returns a
 * serialisable failure that the API turns into 400 or 502 (unwrapHeaderCheckResult, core).
 */
import {
  cacheHeaderReport,
  outboundPolicy,
  parseHeaderTarget,
  readCachedHeaderReport,
  UpstreamError,
  ValidationError,
  type Context,
  type HeaderCheckJobResult,
  type HeaderCheckPayload,
  type HeaderReport,
} from '@vigil/core';
import { checkHeaders } from './check.js';
import type { FetchOptions } from './fetch.js';

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

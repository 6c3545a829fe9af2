/**
 * The HeaderCheck job of the scanner fleet (QueueName.Headers). The job never fails for a bad
 * or unreachable target: it returns a serialisable failure that the API turns into 400 or 502
 * (unwrapHeaderCheckResult). Nothing is cached: a site that has just changed its headers is
 * graded on what it sends now.
 */
import {
  outboundPolicy,
  UpstreamError,
  ValidationError,
  type Context,
  type HeaderCheckPayload,
} from '@vigil/core';
import { checkHeaders } from './check.js';
import type { FetchOptions } from './fetch.js';
import type { HeaderReport } from './types.js';

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

/** Runs one header check: fetches and grades. Failures are returned, not thrown. */
export async function handleHeaderCheck(
  ctx: Context,
  payload: HeaderCheckPayload,
  opts: FetchOptions = {},
): Promise<HeaderCheckJobResult> {
  try {
    return await checkHeaders(payload.url, outboundPolicy(ctx.config), { now: () => ctx.clock.now(), ...opts });
  } catch (e) {
    if (e instanceof UpstreamError) {
      const detail = typeof e.details.detail === 'string' ? e.details.detail : undefined;
      ctx.logger.info('header check: site unreachable', { url: payload.url, detail });
      return { status: 502, error: e.message, ...(detail ? { detail } : {}) };
    }
    if (e instanceof ValidationError) return { status: 400, error: e.message };
    throw e;
  }
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

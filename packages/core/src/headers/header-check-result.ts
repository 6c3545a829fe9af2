/**
 * What the scanner's header jobs return to the API: a report, or a failure the API answers
 * as 400 or 502. Defined here so producer (scanner) and consumer (API) share one type.
 */
import { UpstreamError, ValidationError } from '../errors/errors.js';
import type { HeaderGradeResult, HeaderReport } from './header-report.js';

/** Budget of the fetch with its redirects, and of the http -> https probe. */
export const HEADER_FETCH_TIMEOUT_MS = 10_000;
export const HTTP_PROBE_TIMEOUT_MS = 5_000;

/** How long the API waits for a header-check job: both budgets and a margin. */
export const HEADER_CHECK_DEADLINE_MS = HEADER_FETCH_TIMEOUT_MS + HTTP_PROBE_TIMEOUT_MS + 5_000;

/** A check that could not produce a report, as the API should answer it. */
export interface HeaderCheckFailure {
  status: 400 | 502;
  error: string;
  detail?: string;
}

export type HeaderCheckJobResult = HeaderReport | HeaderCheckFailure;

export function isHeaderCheckFailure(result: unknown): result is HeaderCheckFailure {
  return typeof result === 'object' && result !== null && 'error' in result && 'status' in result && !('grade' in result);
}

/**
 * The report of a finished job, or the typed error to throw (ValidationError → 400,
 * UpstreamError → 502 {"error":"Site unreachable","detail":...}).
 */
export function unwrapHeaderCheckResult(result: HeaderCheckJobResult): HeaderReport {
  if (!isHeaderCheckFailure(result)) return result;
  if (result.status === 400) throw new ValidationError(result.error);
  throw new UpstreamError(result.error, result.detail ? { detail: result.detail } : {});
}

/** Response headers of a graded report: X-Grade always, X-Grade-Capped: true when capped. */
export function headerCheckResponseHeaders(report: Pick<HeaderGradeResult, 'grade' | 'gradeCapped'>): Record<string, string> {
  return report.gradeCapped ? { 'X-Grade': report.grade, 'X-Grade-Capped': 'true' } : { 'X-Grade': report.grade };
}

import { evaluateAssertions, joinAssertionFailures } from '@vigil/core';
import { missingContentText, unexpectedStatusText } from './check-errors.js';
import type { HttpProbeTarget } from './probe-target.js';

export interface ProbeResponse {
  statusCode: number;
  statusMessage?: string;
  /** Response headers of the final response (lower-case names). */
  headers: Record<string, string | string[] | undefined>;
  /** The body up to the read bound (empty when not kept). */
  body: Buffer;
  /** True when the body was longer than the bound and reading stopped there. */
  truncated: boolean;
  /** Expiry of the certificate the final response's TLS connection presented; null over plain http. */
  certificateExpiresAt: Date | null;
}

/** What the check measured besides the response: its response time and its time. */
export interface ProbeFacts {
  responseTimeMs: number;
  now: Date;
}

/**
 * Whether a response passes a monitor's expectations: null, or the failure's error text.
 * expected_status_codes, then expected_content (their text alone when they fail, as always),
 * then the assertions, every failed one named.
 */
export function judgeResponse(
  res: ProbeResponse,
  target: Pick<HttpProbeTarget, 'expectedStatusCodes' | 'expectedContent' | 'assertions'>,
  facts: ProbeFacts,
): string | null {
  const expected = target.expectedStatusCodes;
  const statusOk = expected.length ? expected.includes(res.statusCode) : res.statusCode >= 200 && res.statusCode < 300;
  if (!statusOk) return unexpectedStatusText(res.statusCode, res.statusMessage);
  if (target.expectedContent && !res.body.includes(target.expectedContent, 0, 'utf8')) {
    return missingContentText(target.expectedContent, res.truncated);
  }
  if (!target.assertions.length) return null;
  const failures = evaluateAssertions(target.assertions, {
    statusCode: res.statusCode,
    responseTimeMs: facts.responseTimeMs,
    headers: res.headers,
    body: res.body,
    bodyTruncated: res.truncated,
    certificateExpiresAt: res.certificateExpiresAt,
    now: facts.now,
  });
  return failures.length ? joinAssertionFailures(failures) : null;
}

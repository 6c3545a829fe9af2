import { performance } from 'node:perf_hooks';
import { assertionsNeedBody, type CheckResult, type Clock } from '@vigil/core';
import { requestFailureText, type RequestFailure } from './check-errors.js';
import { checkTimings } from './check-timings.js';
import { judgeResponse } from './judge-response.js';
import type { ProbeClient } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';
import { wireRequest, type Exchange } from './wire-request.js';

export { MAX_BODY_BYTES } from './wire-request.js';

/**
 * One check of a target: one request (no retries) through the probe client, judged against
 * the target's expectations. Response time runs from the request's start to the end of the
 * body (or to the read bound). Once a response came, the check records where the time went
 * (`timings`) and the expiry of the certificate an https response came over. Never throws:
 * every failure is a failed CheckResult whose `error` names the cause.
 */
export async function probe(client: ProbeClient, target: HttpProbeTarget, clock: Clock): Promise<CheckResult> {
  const now = clock.now();
  const started = performance.now();
  const exchange: Exchange = { statusCode: null, moments: null, certificateExpiresAt: null };
  // The body is kept only for what reads it; otherwise it is read, counted and dropped.
  const keepBody = Boolean(target.expectedContent) || assertionsNeedBody(target.assertions);
  let result: CheckResult;
  try {
    const response = await wireRequest(client, target, Date.now() + target.timeoutSeconds * 1000, keepBody, exchange);
    const elapsed = Math.max(0, Math.round(performance.now() - started));
    const failure = judgeResponse(response, target, { responseTimeMs: elapsed, now });
    result = failure
      ? { timestamp: now.toISOString(), status: 'failure', response_time_ms: null, status_code: response.statusCode, error: failure }
      : { timestamp: now.toISOString(), status: 'success', response_time_ms: elapsed, status_code: response.statusCode };
  } catch (e) {
    result = {
      timestamp: now.toISOString(),
      status: 'failure',
      response_time_ms: null,
      status_code: exchange.statusCode,
      error: requestFailureText(e as RequestFailure, target),
    };
  }
  // What the final response's connection showed, whatever the verdict.
  if (exchange.moments) result.timings = checkTimings(exchange.moments, Date.now());
  if (exchange.certificateExpiresAt) result.certificate_expires_at = exchange.certificateExpiresAt;
  return result;
}

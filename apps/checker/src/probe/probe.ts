import { performance } from 'node:perf_hooks';
import { assertionsNeedBody, type CheckResult, type Clock } from '@vigil/core';
import { requestFailureText, type RequestFailure } from './check-errors.js';
import { checkTimings, type RequestMoments } from './check-timings.js';
import { judgeResponse, type ProbeResponse } from './judge-response.js';
import type { ProbeClient } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';
import { wireRequest } from './wire-request.js';

/** Bodies are read up to this many (decompressed) bytes; expected_content is searched within them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What the final response of a check showed besides its status: its timer and certificate. */
interface Seen {
  statusCode: number | null;
  moments: RequestMoments | null;
  certificateExpiresAt: string | null;
}

/**
 * One check of a target: one request (no retries) through the probe client, judged against
 * the target's expectations. Response time runs from the request's start to the end of the
 * body (or to the read bound). Once a response came, the check records where the time went
 * (`timings`) and the expiry of the certificate an https response came over. Never throws:
 * every failure is a failed CheckResult whose `error` names the cause.
 */
export async function probe(client: ProbeClient, target: HttpProbeTarget, clock: Clock): Promise<CheckResult> {
  const now = clock.now();
  const timestamp = now.toISOString();
  const started = performance.now();
  const seen: Seen = { statusCode: null, moments: null, certificateExpiresAt: null };
  const extras = () => ({
    ...(seen.moments ? { timings: checkTimings(seen.moments, Date.now()) } : {}),
    ...(seen.certificateExpiresAt ? { certificate_expires_at: seen.certificateExpiresAt } : {}),
  });
  try {
    const response = await fetchBounded(client, target, seen);
    const elapsed = Math.max(0, Math.round(performance.now() - started));
    const failure = judgeResponse(response, target, { responseTimeMs: elapsed, now });
    if (failure) {
      return { timestamp, status: 'failure', response_time_ms: null, status_code: response.statusCode, error: failure, ...extras() };
    }
    return { timestamp, status: 'success', response_time_ms: elapsed, status_code: response.statusCode, ...extras() };
  } catch (e) {
    return {
      timestamp,
      status: 'failure',
      response_time_ms: null,
      status_code: seen.statusCode,
      error: requestFailureText(e as RequestFailure, target),
      ...extras(),
    };
  }
}

async function fetchBounded(client: ProbeClient, target: HttpProbeTarget, seen: Seen): Promise<ProbeResponse> {
  const keepBody = Boolean(target.expectedContent) || assertionsNeedBody(target.assertions);
  const { res, body, moments, certificateExpiresAt } = await wireRequest(client, target, { at: Date.now() + target.timeoutSeconds * 1000 });
  seen.statusCode = res.statusCode ?? null;
  seen.moments = moments;
  seen.certificateExpiresAt = certificateExpiresAt;
  return new Promise<ProbeResponse>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      resolve({
        statusCode: res.statusCode ?? 0,
        statusMessage: res.statusMessage,
        headers: res.headers,
        body: keepBody ? Buffer.concat(chunks, Math.min(size, MAX_BODY_BYTES)) : EMPTY,
        truncated,
        certificateExpiresAt: certificateExpiresAt ? new Date(certificateExpiresAt) : null,
      });
    };
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = MAX_BODY_BYTES - size;
      if (keepBody) chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += chunk.length;
      if (size >= MAX_BODY_BYTES) {
        finish(true);
        body.destroy();
      }
    });
    body.once('end', () => finish(false));
    body.on('error', (e: Error) => {
      if (settled) return;
      settled = true;
      reject(e);
    });
  });
}

const EMPTY = Buffer.alloc(0);

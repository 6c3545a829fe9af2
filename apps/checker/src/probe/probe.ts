import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import { assertionsNeedBody, type CheckResult, type Clock } from '@vigil/core';
import { requestFailureText, type RequestFailure } from './check-errors.js';
import { checkTimings, type RequestMoments } from './check-timings.js';
import { judgeResponse, type ProbeResponse } from './judge-response.js';
import type { ProbeClient } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';

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

/** The expiry (ISO) of the peer certificate of a TLS socket; null for plain sockets. */
function certificateExpiry(socket: unknown): string | null {
  const tlsSocket = socket as Partial<Pick<TLSSocket, 'getPeerCertificate'>> | null;
  if (typeof tlsSocket?.getPeerCertificate !== 'function') return null;
  const validTo = tlsSocket.getPeerCertificate().valid_to;
  const at = validTo ? new Date(validTo) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

function fetchBounded(client: ProbeClient, target: HttpProbeTarget, seen: Seen): Promise<ProbeResponse> {
  const keepBody = Boolean(target.expectedContent) || assertionsNeedBody(target.assertions);
  return new Promise<ProbeResponse>((resolve, reject) => {
    const stream = client.got.stream(target.url, {
      method: target.method,
      headers: target.headers,
      // A POST stream without a body waits for one; send the configured body or an empty one.
      body: target.method === 'POST' ? (target.body ?? '') : undefined,
      timeout: { request: target.timeoutSeconds * 1000 },
      followRedirect: target.followRedirects,
      https: { rejectUnauthorized: target.verifySsl },
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode = 0;
    let statusMessage: string | undefined;
    let headers: ProbeResponse['headers'] = {};
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      resolve({
        statusCode,
        statusMessage,
        headers,
        body: keepBody ? Buffer.concat(chunks, Math.min(size, MAX_BODY_BYTES)) : EMPTY,
        truncated,
        certificateExpiresAt: seen.certificateExpiresAt ? new Date(seen.certificateExpiresAt) : null,
      });
    };
    stream.once('response', (res: { statusCode: number; statusMessage?: string; headers: ProbeResponse['headers']; timings?: RequestMoments; socket?: unknown }) => {
      statusCode = res.statusCode;
      statusMessage = res.statusMessage;
      headers = res.headers;
      seen.statusCode = res.statusCode;
      seen.moments = res.timings ?? null;
      seen.certificateExpiresAt = certificateExpiry(res.socket);
    });
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = MAX_BODY_BYTES - size;
      if (keepBody) chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += chunk.length;
      if (size >= MAX_BODY_BYTES) {
        finish(true);
        stream.destroy();
      }
    });
    stream.once('end', () => finish(false));
    stream.once('error', (e: Error) => {
      if (settled) return;
      settled = true;
      reject(e);
    });
  });
}

const EMPTY = Buffer.alloc(0);

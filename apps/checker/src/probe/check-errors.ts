import { STATUS_CODES } from 'node:http';
import { describeNetworkError, type NetworkErrorLike } from '@vigil/core';

/**
 * The `error` texts of failed checks (decisions §4: each names its cause). Pure functions of
 * what the request saw, so every text is unit-tested without a network.
 */

export function timeoutText(seconds: number): string {
  return `Timeout after ${seconds} s`;
}

/** "Unexpected status code 503 Service Unavailable": the standard reason phrase, else the server's. */
export function unexpectedStatusText(statusCode: number, statusMessage?: string): string {
  const reason = STATUS_CODES[statusCode] ?? statusMessage?.trim();
  return reason ? `Unexpected status code ${statusCode} ${reason}` : `Unexpected status code ${statusCode}`;
}

const CONTENT_SHOWN = 100;

export function missingContentText(expected: string, bodyTruncated: boolean): string {
  const shown = expected.length > CONTENT_SHOWN ? `${expected.slice(0, CONTENT_SHOWN)}…` : expected;
  return `Expected content not found: "${shown}"${bodyTruncated ? ' (searched the first 1 MiB of the body)' : ''}`;
}

/** What a request failed with (got's RequestError, or the socket error itself). */
export type RequestFailure = NetworkErrorLike;

/** The check error text for a request that failed before a usable response. */
export function requestFailureText(err: RequestFailure, target: { url: string; timeoutSeconds: number }): string {
  if (err.name === 'TimeoutError') return timeoutText(target.timeoutSeconds);
  if ((err.code ?? err.cause?.code) === 'ERR_TOO_MANY_REDIRECTS') return 'Too many redirects (more than 10)';
  return describeNetworkError(err, target.url);
}

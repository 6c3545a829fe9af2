import { STATUS_CODES } from 'node:http';

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

/** getaddrinfo's and c-ares's failure codes (ECONNREFUSED too when the syscall is a query). */
const DNS_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ENODATA',
  'ESERVFAIL',
  'ENONAME',
  'EREFUSED',
  'EBADRESP',
  'ETIMEOUT',
  'ENOTIMP',
  'EFORMERR',
  'EBADNAME',
]);

/** OpenSSL's certificate verification failures and Node's hostname check. */
const TLS_VERIFY_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export interface RequestFailure {
  /** The error's code (Node's errno code, OpenSSL's verify code, got's code). */
  code?: string;
  message: string;
  /** got's error class name (TimeoutError, MaxRedirectsError, ...). */
  name?: string;
  /** The original error got wrapped, when there is one. */
  cause?: { code?: string; message?: string; address?: string; port?: number; syscall?: string; hostname?: string };
}

function isDnsFailure(code: string | undefined, err: RequestFailure): boolean {
  const syscall = err.cause?.syscall ?? '';
  const message = err.cause?.message ?? err.message;
  return (code !== undefined && DNS_CODES.has(code)) || /^(getaddrinfo|query)/.test(syscall) || /^getaddrinfo /.test(message);
}

/** The check error text for a request that failed before a usable response. */
export function requestFailureText(err: RequestFailure, target: { url: string; timeoutSeconds: number }): string {
  const code = err.code ?? err.cause?.code;
  const inner = err.cause?.message ?? err.message;
  const host = hostOf(target.url);
  if (err.name === 'TimeoutError') return timeoutText(target.timeoutSeconds);
  if (code === 'EBLOCKEDADDRESS') return inner;
  if (isDnsFailure(code, err)) {
    const failed = err.cause?.hostname ?? /^getaddrinfo \S+ (\S+)/.exec(inner)?.[1] ?? hostnameOf(target.url);
    return `DNS lookup failed for ${failed} (${code ?? 'no answer'})`;
  }
  if (code === 'ECONNREFUSED') {
    const { address, port } = err.cause ?? {};
    const at = address && address !== hostnameOf(target.url) ? ` (${address}:${port ?? ''})` : '';
    return `Connection refused by ${host}${at}`;
  }
  if (code && (TLS_VERIFY_CODES.has(code) || /CERT/.test(code))) return `TLS verification failed: ${inner}`;
  if (code === 'ERR_TOO_MANY_REDIRECTS') return 'Too many redirects (more than 10)';
  if (code === 'ECONNRESET') return `Connection reset by ${host}`;
  if (code === 'EHOSTUNREACH') return `Host unreachable: ${host}`;
  if (code === 'ENETUNREACH') return `Network unreachable: ${host}`;
  if (code === 'ETIMEDOUT') return `Connection to ${host} timed out`;
  if (code === 'EPROTO' || (code && code.startsWith('ERR_SSL')) || /SSL|TLS/.test(inner)) {
    return `TLS handshake failed: ${inner}`;
  }
  if (code === 'HPE_INVALID_CONSTANT' || (code && code.startsWith('HPE_'))) return `Invalid HTTP response: ${inner}`;
  return `Request failed: ${inner}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * What a request to a user's target ran into, from the Node / got error it failed with: the
 * error's code (Node's errno code, c-ares's, OpenSSL's verify code, got's), and the syscall,
 * message, address and hostname of the socket error got wrapped (`cause`). Pure, so every
 * text is unit-tested without a network. The checker's check `error` texts and the header
 * check's "Site unreachable" detail both come from here; a caller words a kind its own way by
 * passing that kind's text (NetworkErrorWording).
 */

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
export const CERTIFICATE_ERROR_CODES: ReadonlySet<string> = new Set([
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
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
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

/** The parts of a Node / got error that tell what failed. */
export interface NetworkErrorLike {
  /** The error's code (Node's errno code, OpenSSL's verify code, got's code). */
  code?: string;
  message: string;
  /** got's error class name (TimeoutError, MaxRedirectsError, ...). */
  name?: string;
  /** The original error got wrapped, when there is one. */
  cause?: { code?: string; message?: string; address?: string; port?: number; syscall?: string; hostname?: string };
}

export type NetworkErrorKind =
  | 'blocked'
  | 'dns'
  | 'refused'
  | 'reset'
  | 'host-unreachable'
  | 'network-unreachable'
  | 'timeout'
  | 'tls-verification'
  | 'tls-handshake'
  | 'plain-http'
  | 'invalid-response'
  | 'other';

export interface NetworkFailure {
  kind: NetworkErrorKind;
  code: string | undefined;
  /** The socket error's own message (got's wrapper repeats it). */
  message: string;
  /** host[:port] of the URL requested. */
  host: string;
  /** The name whose lookup failed (kind `dns`), else the URL's hostname. */
  hostname: string;
  /** `address:port` connected to, when that address is not the URL's hostname (kind `refused`). */
  connectedTo?: string;
}

/** A text for each kind of failure. */
export type NetworkErrorWording = Record<NetworkErrorKind, (failure: NetworkFailure) => string>;

export const NETWORK_ERROR_TEXTS: NetworkErrorWording = {
  blocked: (f) => f.message,
  dns: (f) => `DNS lookup failed for ${f.hostname} (${f.code ?? 'no answer'})`,
  refused: (f) => `Connection refused by ${f.host}${f.connectedTo ? ` (${f.connectedTo})` : ''}`,
  reset: (f) => `Connection reset by ${f.host}`,
  'host-unreachable': (f) => `Host unreachable: ${f.host}`,
  'network-unreachable': (f) => `Network unreachable: ${f.host}`,
  timeout: (f) => `Connection to ${f.host} timed out`,
  'tls-verification': (f) => `TLS verification failed: ${f.message}`,
  'tls-handshake': (f) => `TLS handshake failed: ${f.message}`,
  'plain-http': (f) => `TLS handshake failed: ${f.host} answers in plain HTTP, not TLS (use http://${f.host}/ or the port that serves HTTPS)`,
  'invalid-response': (f) => `Invalid HTTP response: ${f.message}`,
  other: (f) => `Request failed: ${f.message}`,
};

/**
 * The text for a request to `url` that failed with `err`: NETWORK_ERROR_TEXTS, with the
 * kinds in `wording` worded the caller's way.
 */
export function describeNetworkError(err: unknown, url: string | URL, wording: Partial<NetworkErrorWording> = {}): string {
  const failure = classifyNetworkError(err, url);
  return (wording[failure.kind] ?? NETWORK_ERROR_TEXTS[failure.kind])(failure);
}

/**
 * The advice Node.js 24 appends to a certificate error ("; if the root CA is installed locally,
 * try running Node.js with --use-system-ca"): about Node's own trust store, not the monitored
 * site's certificate, so the texts leave it out (and read the same on every Node.js line).
 */
const NODE_CA_HINT = /; if the root CA is installed locally, try running Node\.js with --use-system-ca$/;

/** What kind of failure `err` is, with the facts its text names. */
export function classifyNetworkError(err: unknown, url: string | URL): NetworkFailure {
  const e = fieldsOf(err);
  const code = e.code ?? e.cause?.code;
  const message = e.cause?.message ?? e.message;
  const { host, hostname } = partsOf(url);
  const failure = (kind: NetworkErrorKind, extra: Partial<NetworkFailure> = {}): NetworkFailure => ({
    kind,
    code,
    message,
    host,
    hostname,
    ...extra,
  });
  if (code === 'EBLOCKEDADDRESS') return failure('blocked');
  if (isDnsFailure(code, e)) {
    return failure('dns', { hostname: e.cause?.hostname ?? /^getaddrinfo \S+ (\S+)/.exec(message)?.[1] ?? hostname });
  }
  if (code === 'ECONNREFUSED') {
    const { address, port } = e.cause ?? {};
    return failure('refused', address && address !== hostname ? { connectedTo: `${address}:${port ?? ''}` } : {});
  }
  if (code && (CERTIFICATE_ERROR_CODES.has(code) || /CERT/.test(code))) return failure('tls-verification', { message: message.replace(NODE_CA_HINT, '') });
  if (code === 'ECONNRESET') return failure('reset');
  if (code === 'EHOSTUNREACH') return failure('host-unreachable');
  if (code === 'ENETUNREACH') return failure('network-unreachable');
  if (code === 'ETIMEDOUT') return failure('timeout');
  // OpenSSL reads an HTTP answer as a record of an unknown version.
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(message)) return failure('plain-http');
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS') || /SSL|TLS/.test(message)) {
    return failure('tls-handshake');
  }
  if (code?.startsWith('HPE_')) return failure('invalid-response');
  return failure('other');
}

function isDnsFailure(code: string | undefined, err: NetworkErrorLike): boolean {
  const syscall = err.cause?.syscall ?? '';
  const message = err.cause?.message ?? err.message;
  return (code !== undefined && DNS_CODES.has(code)) || /^(getaddrinfo|query)/.test(syscall) || /^getaddrinfo /.test(message);
}

function partsOf(url: string | URL): { host: string; hostname: string } {
  if (url instanceof URL) return { host: url.host, hostname: url.hostname };
  try {
    const parsed = new URL(url);
    return { host: parsed.host, hostname: parsed.hostname };
  } catch {
    return { host: url, hostname: url };
  }
}

/** The string-valued fields of whatever was thrown (an Error, got's RequestError, a plain object). */
function fieldsOf(err: unknown): NetworkErrorLike {
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const e = err as Record<string, unknown>;
  const c = typeof e.cause === 'object' && e.cause !== null ? (e.cause as Record<string, unknown>) : undefined;
  return {
    code: text(e.code),
    message: text(e.message) ?? String(err),
    cause: c && {
      code: text(c.code),
      message: text(c.message),
      address: text(c.address),
      port: typeof c.port === 'number' ? c.port : undefined,
      syscall: text(c.syscall),
      hostname: text(c.hostname),
    },
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Fetches a site's response headers for the header check: GET through the outbound guard,
 * redirects followed by hand (at most 10) so every hop is checked and recorded, the final
 * response's headers kept. Of the final page's body only its <script> elements are kept
 * (Subresource Integrity), read within a byte cap and a time limit. An untrusted certificate
 * does not stop the check: the hop is retried without verification and a warning is added.
 */
import type { Readable } from 'node:stream';
import { got, type PlainResponse } from 'got';
import {
  CERTIFICATE_ERROR_CODES,
  createGuardedAgents,
  describeNetworkError,
  HEADER_FETCH_TIMEOUT_MS,
  HTTP_PROBE_TIMEOUT_MS,
  readBoundedBody,
  UpstreamError,
  ValidationError,
  type GuardedAgents,
  type NetworkFailure,
  type OutboundPolicy,
} from '@vigil/core';
import { fromRawHeaders, headerValues } from './header-map.js';
import { scriptsOf } from './page-scripts.js';
import { mayBeHtml } from './sri.js';
import type { HttpRedirectProbe, ScriptTag } from './types.js';

export const MAX_REDIRECTS = 10;
const USER_AGENT = 'Mozilla/5.0 (compatible; VigilHeaderCheck/1.0)';
const MAX_HEADER_BYTES = 64 * 1024;
/** Of an HTML page, at most this much is read for its scripts, within PAGE_READ_TIMEOUT_MS. */
export const PAGE_MAX_BYTES = 1024 * 1024;
export const PAGE_READ_TIMEOUT_MS = 3_000;

export interface FetchOptions {
  /** Budget for the whole redirect chain of the main request [10 000 ms]. */
  timeoutMs?: number;
  /** Budget for the http:// redirect probe [5 000 ms]. */
  probeTimeoutMs?: number;
  maxRedirects?: number;
  /** Of the final HTML page, read at most this many bytes [PAGE_MAX_BYTES] ... */
  pageMaxBytes?: number;
  /** ... within this time [PAGE_READ_TIMEOUT_MS], and within the whole budget. */
  pageTimeoutMs?: number;
  /**
   * Where to look for the http-to-https redirect. Default: the main chain itself when the
   * URL is http://, else http://<host>/ (port 80). null skips the probe.
   */
  httpProbeUrl?: string | null;
  now?: () => Date;
}

export interface FetchedSite {
  /** The URL asked for. */
  url: string;
  /** The URL whose response was kept (after redirects). */
  finalUrl: string;
  statusCode: number;
  /** Node's flat rawHeaders list of the final response: every occurrence, in order. */
  rawHeaders: string[];
  /** The final response came over https. */
  https: boolean;
  /** The final response's certificate verified (always true over http). */
  certificateTrusted: boolean;
  /** Every URL requested, the first being `url` and the last `finalUrl`. */
  route: string[];
  httpProbe: HttpRedirectProbe;
  warnings: string[];
  /** The final page's <script> elements (empty when it is not HTML or has none). */
  scripts: ScriptTag[];
  /** When the final response's headers arrived. */
  fetchedAt: Date;
}

interface Hop {
  statusCode: number;
  rawHeaders: string[];
  scripts: ScriptTag[];
}

interface Untrusted {
  host: string;
  code: string;
  message: string;
}

interface Walk {
  route: string[];
  final: Hop;
  finalUrl: URL;
  untrusted: Untrusted[];
  /** The final response came over a connection whose certificate did not verify. */
  finalUntrusted: boolean;
}

/** A chain that could not be completed; `route` holds the URLs tried so far. */
class WalkError extends Error {
  constructor(
    message: string,
    readonly route: string[],
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function redirectLocation(statusCode: number, rawHeaders: readonly string[]): string | undefined {
  if (!REDIRECT_STATUSES.has(statusCode)) return undefined;
  return headerValues(fromRawHeaders(rawHeaders), 'location')[0]?.trim() || undefined;
}

/**
 * The scripts of a page whose headers have arrived: at most `maxBytes` off the wire and after
 * decoding, within the time limit and the time left, keeping what came when time runs out.
 * A body that breaks off with an error gives no scripts.
 */
async function pageScripts(stream: Readable, deadline: number, limits: PageLimits, contentEncoding: string | undefined): Promise<ScriptTag[]> {
  const signal = AbortSignal.timeout(Math.max(1, Math.min(limits.timeoutMs, deadline - Date.now())));
  try {
    const { body } = await readBoundedBody(stream, { maxBytes: limits.maxBytes, maxDecodedBytes: limits.maxBytes, contentEncoding, signal, keepPartialOnAbort: true });
    return scriptsOf(body.toString('utf8'));
  } catch {
    return [];
  }
}

interface PageLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * One GET; resolves with the status and headers as soon as they arrive (and, given `page`
 * limits, the scripts of a final HTML page), then drops the rest of the body.
 */
function requestOnce(url: URL, agents: GuardedAgents, verify: boolean, deadline: number, page: PageLimits | null): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const stream = got.stream(url, {
      agent: { http: agents.http, https: agents.https },
      https: { rejectUnauthorized: verify },
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: Math.max(1, deadline - Date.now()) },
      decompress: false,
      maxHeaderSize: MAX_HEADER_BYTES,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'identity' },
    });
    stream.on('error', reject);
    stream.on('response', (res: PlainResponse) => {
      const hop = { statusCode: res.statusCode, rawHeaders: [...res.rawHeaders] };
      const headers = fromRawHeaders(hop.rawHeaders);
      const contentType = headerValues(headers, 'content-type')[0] ?? null;
      if (!page || redirectLocation(hop.statusCode, hop.rawHeaders) || !mayBeHtml(contentType)) {
        resolve({ ...hop, scripts: [] });
        stream.destroy();
        return;
      }
      // The headers are in: a failure while reading the body only ends the read.
      stream.off('error', reject);
      void pageScripts(stream, deadline, page, headerValues(headers, 'content-encoding')[0]).then((scripts) => resolve({ ...hop, scripts }));
    });
  });
}

/** The "Site unreachable" detail: names the host in every text, the timeout with its budget. */
function describe(e: unknown, url: URL, budgetMs: number): string {
  const handshake = (f: NetworkFailure) => `TLS handshake with ${f.host} failed: ${f.message}`;
  const noRoute = (f: NetworkFailure) => `No route to ${f.host} (${f.code ?? ''})`;
  return describeNetworkError(e, url, {
    refused: (f) => `Connection refused by ${f.host}`,
    'host-unreachable': noRoute,
    'network-unreachable': noRoute,
    timeout: (f) => `Timed out after ${budgetMs} ms waiting for ${f.host}`,
    'tls-verification': handshake,
    'tls-handshake': handshake,
    'invalid-response': (f) => `Invalid HTTP response from ${f.host}: ${f.message}`,
    other: (f) => `Request to ${f.host} failed: ${f.message}`,
  });
}

interface WalkOptions {
  deadline: number;
  budgetMs: number;
  maxRedirects: number;
  /** Read the final page's scripts within these limits (the graded response; not the http probe). */
  page: PageLimits | null;
}

async function walk(start: URL, agents: GuardedAgents, opts: WalkOptions): Promise<Walk> {
  const route: string[] = [];
  const untrusted: Untrusted[] = [];
  let url = start;
  for (let hop = 0; ; hop++) {
    route.push(url.toString());
    const attempt = async (verify: boolean): Promise<Hop> => {
      if (opts.deadline - Date.now() <= 0) throw Object.assign(new Error('deadline passed'), { code: 'ETIMEDOUT' });
      return await requestOnce(url, agents, verify, opts.deadline, opts.page);
    };
    let res: Hop;
    let hopUntrusted = false;
    try {
      res = await attempt(true);
    } catch (e) {
      const code = errorCode(e);
      if (url.protocol !== 'https:' || !code || !CERTIFICATE_ERROR_CODES.has(code)) {
        throw new WalkError(describe(e, url, opts.budgetMs), route, code);
      }
      untrusted.push({ host: url.host, code, message: e instanceof Error ? e.message : code });
      hopUntrusted = true;
      try {
        res = await attempt(false);
      } catch (retryError) {
        throw new WalkError(describe(retryError, url, opts.budgetMs), route, errorCode(retryError));
      }
    }
    const location = redirectLocation(res.statusCode, res.rawHeaders);
    if (!location) return { route, final: res, finalUrl: url, untrusted, finalUntrusted: hopUntrusted };
    if (hop >= opts.maxRedirects) {
      throw new WalkError(`Too many redirects (more than ${opts.maxRedirects})`, route, 'ERR_TOO_MANY_REDIRECTS');
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new WalkError(`Invalid redirect location "${location}" from ${url.host}`, route, 'ERR_INVALID_REDIRECT');
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new WalkError(`Redirect to an unsupported URL scheme (${next.protocol})`, route, 'ERR_INVALID_REDIRECT');
    }
    next.hash = '';
    url = next;
  }
}

async function probeHttp(
  probeUrl: URL,
  agents: GuardedAgents,
  budgetMs: number,
  maxRedirects: number,
): Promise<HttpRedirectProbe> {
  try {
    const w = await walk(probeUrl, agents, { deadline: Date.now() + budgetMs, budgetMs, maxRedirects, page: null });
    return { outcome: 'completed', route: w.route, untrustedCertificate: w.untrusted.length > 0 };
  } catch (e) {
    // Redirected somewhere that did not answer: the redirect itself still tells where http leads.
    if (e instanceof WalkError && e.route.length > 1) {
      return { outcome: 'completed', route: e.route, untrustedCertificate: false };
    }
    return { outcome: 'unreachable' };
  }
}

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('Invalid hostname');
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    throw new ValidationError('Invalid hostname');
  }
  return parsed;
}

/**
 * GETs `url`, follows redirects (at most 10) and returns the final response's headers, plus
 * what http://host/ does (https_redirect). Throws ValidationError('Invalid hostname') for a
 * URL that is not http(s), UpstreamError('Site unreachable', {detail}) when the site cannot
 * be reached (DNS, refused, timeout, TLS failure, blocked private address, too many
 * redirects).
 */
export async function fetchSiteHeaders(url: string, policy: OutboundPolicy, opts: FetchOptions = {}): Promise<FetchedSite> {
  const start = parseUrl(url);
  const budgetMs = opts.timeoutMs ?? HEADER_FETCH_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  const page: PageLimits = { maxBytes: opts.pageMaxBytes ?? PAGE_MAX_BYTES, timeoutMs: opts.pageTimeoutMs ?? PAGE_READ_TIMEOUT_MS };
  const agents = createGuardedAgents(policy);
  try {
    let probeTarget: URL | null = null;
    if (opts.httpProbeUrl !== undefined) probeTarget = opts.httpProbeUrl === null ? null : parseUrl(opts.httpProbeUrl);
    else if (start.protocol === 'https:') probeTarget = new URL(`http://${start.hostname}/`);
    const useMainChain = opts.httpProbeUrl === undefined && start.protocol === 'http:';
    const probe = probeTarget
      ? probeHttp(probeTarget, agents, opts.probeTimeoutMs ?? HTTP_PROBE_TIMEOUT_MS, maxRedirects)
      : Promise.resolve<HttpRedirectProbe>({ outcome: 'unreachable' });

    let main: Walk;
    try {
      main = await walk(start, agents, { deadline: Date.now() + budgetMs, budgetMs, maxRedirects, page });
    } catch (e) {
      // The probe never rejects; closing the agents below ends it.
      const detail = e instanceof WalkError ? e.message : describe(e, start, budgetMs);
      throw new UpstreamError('Site unreachable', { detail });
    }
    const fetchedAt = opts.now?.() ?? new Date();
    const httpProbe: HttpRedirectProbe = useMainChain
      ? { outcome: 'completed', route: main.route, untrustedCertificate: main.untrusted.length > 0 }
      : await probe;

    const warnings: string[] = [];
    const seen = new Set<string>();
    for (const u of main.untrusted) {
      if (seen.has(u.host)) continue;
      seen.add(u.host);
      warnings.push(
        `Untrusted certificate for ${u.host} (${u.code}: ${u.message}): headers were checked without certificate verification`,
      );
    }
    return {
      url: start.toString(),
      finalUrl: main.finalUrl.toString(),
      statusCode: main.final.statusCode,
      rawHeaders: main.final.rawHeaders,
      https: main.finalUrl.protocol === 'https:',
      certificateTrusted: !main.finalUntrusted,
      route: main.route,
      httpProbe,
      warnings,
      scripts: main.final.scripts,
      fetchedAt,
    };
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

import http from 'node:http';
import https from 'node:https';
import { STATUS_CODES } from 'node:http';
import { readBoundedBody } from '../../net/bounded-body.js';
import { BlockedAddressError, type GuardedAgents } from '../../net/outbound-guard.js';
import { systemClock, type Clock } from '../../time/clock.js';
import { stallSafeTimeout } from '../../time/stall-safe-timeout.js';
import type { DeliveryOutcome } from '../definition.js';

/** The User-Agent of every HTTP delivery. */
export const WEBHOOK_USER_AGENT = 'Vigil-Webhooks/1.0';

export interface PostOptions {
  agents: GuardedAgents;
  timeoutMs: number;
}

/** 2xx delivers; 429 and 5xx are worth retrying; any other status (3xx, 4xx) is final. */
export function classifyStatus(status: number): Pick<DeliveryOutcome, 'ok' | 'retryable' | 'error'> {
  if (status >= 200 && status < 300) return { ok: true, retryable: false, error: null };
  const reason = STATUS_CODES[status];
  const error = `HTTP ${status}${reason ? ` ${reason}` : ''}`;
  return { ok: false, retryable: status === 429 || status >= 500, error };
}

/** A failure before any response: its text, and whether another attempt may succeed. */
export function classifyNetworkError(err: NodeJS.ErrnoException, timeoutMs: number): Pick<DeliveryOutcome, 'retryable' | 'error'> {
  if (err instanceof BlockedAddressError) return { retryable: false, error: err.message };
  switch (err.code) {
    case 'ETIMEDOUT':
      return { retryable: true, error: `Timed out after ${timeoutMs} ms` };
    case 'ECONNREFUSED':
      return { retryable: true, error: 'Connection refused' };
    case 'ECONNRESET':
      return { retryable: true, error: 'Connection reset' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { retryable: true, error: `DNS lookup failed (${err.code})` };
    default:
      if (err.code?.startsWith('ERR_TLS') || /certificate|self[- ]signed/i.test(err.message)) {
        return { retryable: true, error: `TLS error: ${err.message}` };
      }
      return { retryable: true, error: err.message || String(err.code ?? 'Request failed') };
  }
}

/** What a provider's error answer says: its message, and how long it asks us to wait. */
export interface ProviderError {
  message?: string;
  retryAfterMs?: number;
}

export interface HttpCall {
  method?: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Default application/json. */
  contentType?: string;
  /**
   * Reads a provider's error answer (its first ERROR_BODY_MAX bytes, as text): given, a non-2xx
   * body is read and its message goes into the delivery log after the status. Absent, bodies are
   * drained unread.
   */
  readError?: (body: string, status: number) => ProviderError;
}

/** How much of an error answer is read, and how much of its message is kept. */
export const ERROR_BODY_MAX = 4096;
const ERROR_MESSAGE_MAX = 300;
/** The longest Retry-After honoured; a longer one waits this long. */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** Retry-After in seconds or as an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = /^\d{1,10}$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now.getTime();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

/** A provider's message as the delivery log keeps it: one line, bounded. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= ERROR_MESSAGE_MAX ? flat : `${flat.slice(0, ERROR_MESSAGE_MAX - 1)}…`;
}

/** The error body's text, at most ERROR_BODY_MAX bytes, within what is left of the attempt's time. */
function readErrorBody(res: http.IncomingMessage, signal: AbortSignal): Promise<string> {
  return readBoundedBody(res, {
    maxBytes: ERROR_BODY_MAX,
    maxDecodedBytes: ERROR_BODY_MAX,
    contentEncoding: res.headers['content-encoding'],
    signal,
    keepPartialOnAbort: true,
  }).then(
    (b) => b.body.toString('utf8'),
    () => '',
  );
}

export interface RequestOptions extends PostOptions {
  /** For Retry-After given as a date. */
  clock?: Clock;
}

/**
 * Sends a request to a user's (or a provider's) URL through the outbound guard: no redirects
 * followed, the whole exchange bounded by `timeoutMs`. A 2xx body is drained unread; a failure's
 * body is read (bounded) when the call says how (`readError`). 429 and 5xx are retryable,
 * with the Retry-After the provider asked for.
 */
export function sendHttp(call: HttpCall, opts: RequestOptions): Promise<DeliveryOutcome> {
  const started = performance.now();
  const done = (o: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(call.url);
    } catch {
      resolve(done({ ok: false, responseCode: null, error: 'Invalid URL', retryable: false }));
      return;
    }
    const isHttps = target.protocol === 'https:';
    if (!isHttps && target.protocol !== 'http:') {
      resolve(done({ ok: false, responseCode: null, error: 'Invalid URL', retryable: false }));
      return;
    }
    const abort = new AbortController();
    let req: http.ClientRequest;
    try {
      req = (isHttps ? https : http).request(target, {
        method: call.method ?? 'POST',
        agent: isHttps ? opts.agents.https : opts.agents.http,
        headers: { 'Content-Type': call.contentType ?? 'application/json', 'Content-Length': String(Buffer.byteLength(call.body)), ...call.headers },
      });
    } catch (e) {
      // The guard refuses an IP-literal target synchronously, while the connection is created.
      resolve(done({ ok: false, responseCode: null, ...classifyNetworkError(e as NodeJS.ErrnoException, opts.timeoutMs) }));
      return;
    }
    let settled = false;
    // Stall-safe: after an event-loop stall, an answer that arrived in time is read first.
    const timer = stallSafeTimeout(() => {
      abort.abort();
      req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
    }, opts.timeoutMs);
    const finish = (o: Omit<DeliveryOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      timer.clear();
      resolve(done(o));
    };
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.on('error', () => undefined);
      const classified = { responseCode: status, ...classifyStatus(status) };
      const headerWait = classified.retryable ? parseRetryAfter(res.headers['retry-after'], (opts.clock ?? systemClock).now()) : undefined;
      if (classified.ok || !call.readError) {
        res.resume();
        finish({ ...classified, ...(headerWait === undefined ? {} : { retryAfterMs: headerWait }) });
        res.destroy();
        return;
      }
      const read = call.readError;
      void readErrorBody(res, abort.signal).then((text) => {
        let said: ProviderError = {};
        try {
          said = read(text, status);
        } catch {
          said = {};
        }
        const wait = headerWait ?? (classified.retryable && said.retryAfterMs !== undefined ? Math.min(Math.max(0, said.retryAfterMs), MAX_RETRY_AFTER_MS) : undefined);
        const message = said.message ? oneLine(said.message) : '';
        finish({
          ...classified,
          error: message ? `${classified.error ?? `HTTP ${status}`}: ${message}` : classified.error,
          ...(wait === undefined ? {} : { retryAfterMs: wait }),
        });
        res.destroy();
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ ok: false, responseCode: null, ...classifyNetworkError(err, opts.timeoutMs) });
    });
    req.end(call.body);
  });
}

/** POSTs a JSON body, draining any answer unread (the generic webhook and the chat webhooks). */
export function postJson(url: string, body: string, headers: Record<string, string>, opts: RequestOptions): Promise<DeliveryOutcome> {
  return sendHttp({ url, body, headers }, opts);
}

import http from 'node:http';
import https from 'node:https';
import { STATUS_CODES } from 'node:http';
import { BlockedAddressError, type GuardedAgents } from '../../net/outbound-guard.js';
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

/**
 * POSTs a body to a user's URL through the outbound guard: no redirects followed, the whole
 * exchange bounded by `timeoutMs`, the response body drained and ignored.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<DeliveryOutcome> {
  const started = performance.now();
  const done = (o: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(done({ ok: false, responseCode: null, error: 'Invalid URL', retryable: false }));
      return;
    }
    const isHttps = target.protocol === 'https:';
    if (!isHttps && target.protocol !== 'http:') {
      resolve(done({ ok: false, responseCode: null, error: 'Invalid URL', retryable: false }));
      return;
    }
    let req: http.ClientRequest;
    try {
      req = (isHttps ? https : http).request(target, {
        method: 'POST',
        agent: isHttps ? opts.agents.https : opts.agents.http,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
      });
    } catch (e) {
      // The guard refuses an IP-literal target synchronously, while the connection is created.
      resolve(done({ ok: false, responseCode: null, ...classifyNetworkError(e as NodeJS.ErrnoException, opts.timeoutMs) }));
      return;
    }
    let settled = false;
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
    }, opts.timeoutMs);
    const finish = (o: Omit<DeliveryOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      finish({ responseCode: status, ...classifyStatus(status) });
      res.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ ok: false, responseCode: null, ...classifyNetworkError(err, opts.timeoutMs) });
    });
    req.end(body);
  });
}

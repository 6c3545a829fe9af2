import http, { type IncomingMessage } from 'node:http';
import https, { type RequestOptions } from 'node:https';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { stallSafeTimeout } from '@vigil/core';
import type { RequestMoments } from './check-timings.js';
import type { ProbeResponse } from './judge-response.js';
import type { ProbeClient } from './probe-client.js';
import { MAX_REDIRECTS, USER_AGENT } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';

/** The check's time limit passed (requestFailureText names it by this error's name). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  code = 'ETIMEDOUT';
}

/** Bodies are read up to this many (decompressed) bytes; expected_content is searched within them. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * What the wire saw of a check's final hop, filled in as it happens: a failure after the
 * response (the body's timeout) still reports the status code, the timings and the certificate.
 */
export interface Exchange {
  statusCode: number | null;
  /** Set when the final response came (no response, no timings). */
  moments: RequestMoments | null;
  certificateExpiresAt: string | null;
}

const REDIRECT_CODES = new Set([300, 301, 302, 303, 304, 307, 308]);

/** got's header of accepted encodings; the body is decompressed before the read bound counts it. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

const EMPTY = Buffer.alloc(0);

/**
 * One request of a check over node:http/https with the probe client's guarded agents (the
 * outbound policy is applied when each connection, of every redirect hop, is made): what the
 * check used got for, without got's request pipeline. Follows redirects like got did (300-308
 * with a Location, at most 10; 303 turns a non-GET/HEAD into a GET without a body; another
 * origin loses the authorization and cookie headers and the URL's user info), decompresses
 * gzip, deflate and br, records the moments got's timer recorded (socket, lookup, connect,
 * secure connect, upload, response, end) in `exchange`, and reads the final body to its end or
 * to MAX_BODY_BYTES (then the connection is closed; read to its end, it goes back to the
 * agent). Past the deadline every hop fails with TimeoutError, the body's read too. The body is
 * read here, by the request's own listeners, rather than handed on as a stream: one set of
 * listeners and one promise per check (this is the checker's hottest path, issue 35).
 */
export function wireRequest(
  client: ProbeClient,
  target: HttpProbeTarget,
  deadline: number,
  keepBody: boolean,
  exchange: Exchange,
): Promise<ProbeResponse> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING };
  for (const name in target.headers) headers[name.toLowerCase()] = target.headers[name];
  const payload = target.method === 'POST' ? (target.body ?? '') : undefined;
  return hop(client, target, new URL(target.url), target.method, payload, headers, 0, deadline, keepBody, exchange);
}

function hop(
  client: ProbeClient,
  target: HttpProbeTarget,
  url: URL,
  method: string,
  payload: string | undefined,
  headers: Record<string, string>,
  redirects: number,
  deadline: number,
  keepBody: boolean,
  exchange: Exchange,
): Promise<ProbeResponse> {
  return new Promise<ProbeResponse>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      reject(Object.assign(new Error(`Unsupported protocol "${url.protocol}"`), { code: 'ERR_UNSUPPORTED_PROTOCOL' }));
      return;
    }
    const moments: RequestMoments = {};
    const options: RequestOptions = {
      method,
      headers: payload === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
      agent: secure ? client.agents.https : client.agents.http,
    };
    if (secure) options.rejectUnauthorized = target.verifySsl;
    const req = secure ? https.request(url, options) : http.request(url, options);
    let done = false;
    /** The final response's body once it is being read (the deadline then ends the read). */
    let body: Readable | null = null;
    const fail = (e: Error) => {
      if (done) return;
      done = true;
      timer.clear();
      req.destroy();
      reject(e);
    };
    // Past the deadline: before the response the request fails; after it, the body read does.
    // Stall-safe: after an event-loop stall, an answer that arrived in time is read first.
    const timer = stallSafeTimeout(() => {
      const e = new TimeoutError(`Timeout after ${target.timeoutSeconds * 1000} ms`);
      if (body) body.destroy(e);
      else fail(e);
    }, Math.max(0, deadline - Date.now()));
    // `on`, not `once`: a request emits each of these once (and `once` costs a wrapper per listener).
    req.on('socket', (socket: Socket) => watchConnection(socket, moments));
    req.on('finish', () => {
      moments.upload = Date.now();
    });
    // A second error of a finished request must not go unhandled: `fail` ignores it.
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      moments.response = Date.now();
      const statusCode = res.statusCode ?? 0;
      const location = res.headers.location;
      if (target.followRedirects && location && REDIRECT_CODES.has(statusCode)) {
        done = true;
        timer.clear();
        res.on('error', () => undefined);
        res.resume();
        if (redirects >= MAX_REDIRECTS) {
          reject(Object.assign(new Error(`Redirected ${MAX_REDIRECTS} times. Aborting.`), { code: 'ERR_TOO_MANY_REDIRECTS' }));
          return;
        }
        let next: URL;
        try {
          next = new URL(Buffer.from(location, 'binary').toString(), url);
        } catch (e) {
          reject(e as Error);
          return;
        }
        const toGet = statusCode === 303 && method !== 'GET' && method !== 'HEAD';
        const nextHeaders = { ...headers };
        if (next.hostname !== url.hostname || next.port !== url.port) {
          delete nextHeaders.authorization;
          delete nextHeaders.cookie;
          next.username = '';
          next.password = '';
        } else {
          next.username = url.username;
          next.password = url.password;
        }
        resolve(hop(client, target, next, toGet ? 'GET' : method, toGet ? undefined : payload, nextHeaders, redirects + 1, deadline, keepBody, exchange));
        return;
      }
      exchange.statusCode = statusCode;
      exchange.moments = moments;
      const certificateExpiresAt = certificateExpiry(res.socket);
      exchange.certificateExpiresAt = certificateExpiresAt?.toISOString() ?? null;
      const stream = decode(res, method);
      body = stream;
      readBody(stream, keepBody, {
        end(kept, truncated) {
          // The read stopped at the bound: the rest of the body is not read, the connection is closed.
          if (truncated) stream.destroy();
          else moments.end = Date.now();
          done = true;
          timer.clear();
          resolve({ statusCode, statusMessage: res.statusMessage, headers: res.headers, body: kept, truncated, certificateExpiresAt });
        },
        fail,
        closed(ended) {
          timer.clear();
          // Stopped early (bound, deadline, error): the connection cannot go back to the agent.
          if (!ended) req.destroy();
        },
      });
    });
    req.end(payload);
  });
}

interface BodyReader {
  /** The body read to its end, or to the bound (`truncated`). */
  end(body: Buffer, truncated: boolean): void;
  fail(e: Error): void;
  /** The stream closed; `ended` when it was read to its end. */
  closed(ended: boolean): void;
}

/** Reads a body to its end or to MAX_BODY_BYTES (decompressed), keeping it only when asked. */
function readBody(stream: Readable, keep: boolean, reader: BodyReader): void {
  let first: Buffer | null = null;
  let chunks: Buffer[] | null = null;
  let size = 0;
  let settled = false;
  let ended = false;
  const kept = () => (chunks ? Buffer.concat(chunks, Math.min(size, MAX_BODY_BYTES)) : (first ?? EMPTY));
  stream.on('data', (chunk: Buffer) => {
    if (settled) return;
    if (keep) {
      const room = MAX_BODY_BYTES - size;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      // One chunk (a small body) is kept as it came: no copy.
      if (!first) first = part;
      else (chunks ??= [first]).push(part);
    }
    size += chunk.length;
    if (size >= MAX_BODY_BYTES) {
      settled = true;
      reader.end(kept(), true);
    }
  });
  stream.on('end', () => {
    ended = true;
    if (settled) return;
    settled = true;
    reader.end(kept(), false);
  });
  stream.on('error', (e: Error) => {
    if (settled) return;
    settled = true;
    reader.fail(e);
  });
  stream.on('close', () => reader.closed(ended));
}

/** The moments of a new connection (a reused one has none: its phases did not happen in this check). */
function watchConnection(socket: Socket, moments: RequestMoments): void {
  moments.socket = Date.now();
  if (!socket.connecting) {
    moments.lookup = moments.socket;
    moments.connect = moments.socket;
    if (socket instanceof TLSSocket) moments.secureConnect = moments.socket;
    return;
  }
  socket.prependOnceListener('lookup', () => {
    moments.lookup = Date.now();
  });
  socket.once('connect', () => {
    moments.connect = Date.now();
    moments.lookup ??= moments.socket;
    if (socket instanceof TLSSocket) {
      socket.once('secureConnect', () => {
        moments.secureConnect = Date.now();
      });
    }
  });
}

/** The body decompressed per Content-Encoding (none for HEAD and bodiless statuses). */
function decode(res: IncomingMessage, method: string): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const bodiless = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  if (bodiless) return res;
  const unzip =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : encoding === 'deflate'
        ? zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : encoding === 'br'
          ? zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
          : null;
  if (!unzip) return res;
  res.on('error', (e) => unzip.destroy(e));
  unzip.once('close', () => {
    if (!res.complete) res.destroy();
  });
  return res.pipe(unzip);
}

/** The expiry of the peer certificate of a TLS socket; null for plain sockets (no TLS work for http://). */
function certificateExpiry(socket: Socket | null): Date | null {
  if (!(socket instanceof TLSSocket)) return null;
  const validTo = socket.getPeerCertificate().valid_to;
  const at = validTo ? new Date(validTo) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

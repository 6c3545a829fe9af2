import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import type { RequestMoments } from './check-timings.js';
import type { ProbeClient } from './probe-client.js';
import { MAX_REDIRECTS, USER_AGENT } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';

/** The check's time limit passed (requestFailureText names it by this error's name). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  code = 'ETIMEDOUT';
}

/** The final response, its body stream (decompressed) and what its connection showed. */
export interface WireResponse {
  res: IncomingMessage;
  body: Readable;
  moments: RequestMoments;
  certificateExpiresAt: string | null;
}

const REDIRECT_CODES = new Set([300, 301, 302, 303, 304, 307, 308]);

/** got's header of accepted encodings; the body is decompressed before the read bound counts it. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * One request of a check over node:http/https with the probe client's guarded agents (the
 * outbound policy is applied when each connection, of every redirect hop, is made): what the
 * check used got for, without got's request pipeline. Follows redirects like got did (300-308
 * with a Location, at most 10; 303 turns a non-GET/HEAD into a GET without a body; another
 * origin loses the authorization and cookie headers and the URL's user info), decompresses
 * gzip, deflate and br, records the moments got's timer recorded (socket, lookup, connect,
 * secure connect, upload, response, end), and fails every hop with TimeoutError once the
 * deadline passes (the body stream too: it is destroyed with the TimeoutError). The caller
 * reads the body to its end (the connection goes back to the agent) or destroys it (the
 * connection is closed).
 */
export function wireRequest(client: ProbeClient, target: HttpProbeTarget, deadline: { at: number }): Promise<WireResponse> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING };
  for (const [name, value] of Object.entries(target.headers)) headers[name.toLowerCase()] = value;
  return hop(client, target, new URL(target.url), target.method, target.method === 'POST' ? (target.body ?? '') : undefined, headers, 0, deadline);
}

function hop(
  client: ProbeClient,
  target: HttpProbeTarget,
  url: URL,
  method: string,
  payload: string | undefined,
  headers: Record<string, string>,
  redirects: number,
  deadline: { at: number },
): Promise<WireResponse> {
  return new Promise<WireResponse>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      reject(Object.assign(new Error(`Unsupported protocol "${url.protocol}"`), { code: 'ERR_UNSUPPORTED_PROTOCOL' }));
      return;
    }
    const moments: RequestMoments = {};
    const sendHeaders = payload === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(payload)) };
    const options = {
      method,
      headers: sendHeaders,
      agent: secure ? client.agents.https : client.agents.http,
      ...(secure ? { rejectUnauthorized: target.verifySsl } : {}),
    };
    const req = secure ? https.request(url, options) : http.request(url, options);
    let done = false;
    let body: Readable | null = null;
    const fail = (e: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      reject(e);
    };
    // Past the deadline: before the response the request fails; after it, the body read does.
    const timer = setTimeout(() => {
      const e = new TimeoutError(`Timeout after ${target.timeoutSeconds * 1000} ms`);
      if (body) body.destroy(e);
      else fail(e);
    }, Math.max(0, deadline.at - Date.now()));
    req.once('socket', (socket: Socket) => watchConnection(socket, moments));
    req.once('finish', () => {
      moments.upload = Date.now();
    });
    // `on`, not `once`: a second error of a finished request must not go unhandled.
    req.on('error', fail);
    req.once('response', (res) => {
      moments.response = Date.now();
      const location = res.headers.location;
      if (target.followRedirects && location && REDIRECT_CODES.has(res.statusCode ?? 0)) {
        done = true;
        clearTimeout(timer);
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
        const toGet = res.statusCode === 303 && method !== 'GET' && method !== 'HEAD';
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
        resolve(hop(client, target, next, toGet ? 'GET' : method, toGet ? undefined : payload, nextHeaders, redirects + 1, deadline));
        return;
      }
      const certificateExpiresAt = certificateExpiry(res.socket);
      const decoded = decode(res, method);
      body = decoded;
      done = true;
      let ended = false;
      decoded.once('end', () => {
        ended = true;
        moments.end = Date.now();
      });
      // Read to its end, the connection goes back to the agent; stopped early, it is closed.
      decoded.once('close', () => {
        clearTimeout(timer);
        if (!ended) req.destroy();
      });
      resolve({ res, body: decoded, moments, certificateExpiresAt });
    });
    req.end(payload);
  });
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

/** The expiry (ISO) of the peer certificate of a TLS socket; null for plain sockets. */
function certificateExpiry(socket: Socket | null): string | null {
  if (!(socket instanceof TLSSocket)) return null;
  const validTo = socket.getPeerCertificate().valid_to;
  const at = validTo ? new Date(validTo) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A loopback HTTP(S) server that the checker tests steer through the path:
 *   /status/503            answers that status (`reason=...` sets the reason phrase)
 *   /delay/200             waits 200 ms before the headers
 *   /slow-body/200         sends headers, then the body 200 ms later
 *   /text?body=hello       answers 200 with that body
 *   /big/5000000           streams that many bytes of 'a' (with `gzip=1`: gzip-encoded)
 *   /redirect?to=URL&code=302   redirects to URL
 *   /loop                  redirects to itself
 *   /echo                  answers JSON {method, headers, body}
 *   anything else          200 "ok"
 * It counts requests, keeps the last one, and closes keep-alive sockets on close().
 */
export interface TargetServer {
  url: string;
  port: number;
  requests: number;
  last: SeenRequest | undefined;
  close(): Promise<void>;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Counter {
  requests: number;
  last?: SeenRequest;
}

export function targetHandler(counter: Counter) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    counter.requests++;
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      counter.last = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      switch (parts[0]) {
        case 'status': {
          const reason = url.searchParams.get('reason');
          const headers = { 'content-type': 'text/plain' };
          if (reason) res.writeHead(Number(parts[1]), reason, headers);
          else res.writeHead(Number(parts[1]), headers);
          res.end(`status ${parts[1]}`);
          return;
        }
        case 'delay':
          setTimeout(() => res.writeHead(200).end('late'), Number(parts[1]));
          return;
        case 'slow-body':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('start ');
          setTimeout(() => res.end('end'), Number(parts[1]));
          return;
        case 'text':
          res.writeHead(200, { 'content-type': 'text/plain' }).end(url.searchParams.get('body') ?? '');
          return;
        case 'big':
          return sendBig(res, Number(parts[1]), url.searchParams.get('gzip') === '1', url.searchParams.get('tail') ?? '');
        case 'redirect':
          res.writeHead(Number(url.searchParams.get('code') ?? 302), { location: url.searchParams.get('to') ?? '/' }).end();
          return;
        case 'loop':
          res.writeHead(302, { location: '/loop' }).end();
          return;
        case 'echo':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
          return;
        default:
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }
    });
  };
}

function sendBig(res: http.ServerResponse, bytes: number, gzip: boolean, tail: string): void {
  if (gzip) {
    const body = gzipSync(Buffer.concat([Buffer.alloc(bytes, 'a'), Buffer.from(tail)]));
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  const block = Buffer.alloc(64 * 1024, 'a');
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, block.length);
      left -= n;
      if (!res.write(n === block.length ? block : block.subarray(0, n))) return void res.once('drain', pump);
    }
    res.end(tail);
  };
  res.on('close', () => (left = 0));
  pump();
}

async function listen(server: http.Server, protocol: 'http' | 'https', counter: Counter): Promise<TargetServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${protocol}://127.0.0.1:${port}`,
    port,
    get requests() {
      return counter.requests;
    },
    get last() {
      return counter.last;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startTargetServer(): Promise<TargetServer> {
  const counter: Counter = { requests: 0 };
  return listen(http.createServer(targetHandler(counter)), 'http', counter);
}

export function startTlsTargetServer(tls: { cert: string; key: string }): Promise<TargetServer> {
  const counter: Counter = { requests: 0 };
  return listen(https.createServer({ cert: tls.cert, key: tls.key }, targetHandler(counter)), 'https', counter);
}

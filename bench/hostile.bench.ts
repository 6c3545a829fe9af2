/**
 * Hostile targets: what a TLS scan, its HSTS request, the header check and the bounded body
 * reader cost against servers that try to exhaust or freeze them (apps/scanner/src/testing/
 * hostile.ts), as peak RSS growth, heap growth, the longest event-loop delay and time to the
 * error. Baselines in the same run: a scan of a healthy loopback server, and the pre-fix shapes
 * (re-parsing the whole answer on each read; reading a whole gzip-decoded body).
 */
import { performance } from 'node:perf_hooks';
import { got } from 'got';
import { readBoundedBody, UpstreamError, type OutboundPolicy } from '@vigil/core';
import { checkHeaders } from '../apps/scanner/src/headers/index.js';
import { startHttpServer, startHttpsServer as startHeaderHttpsServer, type Handler } from '../apps/scanner/src/headers/testing/servers.js';
import {
  endlessHandshake,
  hugeAnswer,
  SERVER_HELLO_RECORD,
  serveGzipBomb,
  serveHugeBody,
  serveNeverEnding,
  silent,
  slowloris,
  startRawServer,
  watchResources,
  type RawServer,
} from '../apps/scanner/src/testing/hostile.js';
import { startDeadline } from '../apps/scanner/src/tls/deadline.js';
import { fetchHsts } from '../apps/scanner/src/tls/hsts.js';
import { scanTls } from '../apps/scanner/src/tls/index.js';
import { makeCert } from '../apps/scanner/src/tls/testing/certs.js';
import { startHttpsServer } from '../apps/scanner/src/tls/testing/servers.js';
import { FLIGHT_LIMITS, parseServerFlight, ServerFlightParser } from '../apps/scanner/src/tls/wire/server-response.js';
import type { BenchResult } from './run.js';

const policy: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const MB = 1024 * 1024;

const signed = (n: number) => (n < 0 ? `${n}` : `+${n}`);

async function measure(label: string, work: () => Promise<unknown>): Promise<string> {
  const started = performance.now();
  const { result, use } = await watchResources(work);
  const ms = performance.now() - started;
  const detail = result instanceof UpstreamError && typeof result.details.detail === 'string' ? ` (${result.details.detail})` : '';
  const outcome = result instanceof Error ? `"${result.message}"${detail}` : 'completed';
  return `${label}: ${outcome} after ${ms.toFixed(0)} ms; peak RSS ${signed(use.peakRssGrowthMib)} MiB, heap ${signed(use.heapGrowthMib)} MiB, max event-loop delay ${use.maxEventLoopDelayMs} ms`;
}

async function withRaw<T>(behave: Parameters<typeof startRawServer>[0], run: (port: number) => Promise<T>): Promise<T> {
  const server: RawServer = await startRawServer(behave);
  try {
    return await run(server.port);
  } finally {
    await server.close();
  }
}

async function withHttp<T>(handler: Handler, https: boolean, run: (port: number, url: string) => Promise<T>): Promise<T> {
  const server = https ? await startHeaderHttpsServer(handler) : await startHttpServer(handler);
  try {
    return await run(server.port, server.url);
  } finally {
    await server.close();
  }
}

const hsts = (port: number) => {
  const deadline = startDeadline(10_000);
  return fetchHsts({ host: '127.0.0.1', ip: '127.0.0.1', port, policy, timeoutMs: 10_000, deadline }).finally(() => deadline.dispose());
};

/** The endless-handshake stream as the prober receives it: ServerHello, then 1 KiB reads of unknown messages. */
function endlessStream(total: number): Buffer[] {
  const unknown = Buffer.concat([Buffer.from([0x16, 3, 3, 0x04, 0x00]), Buffer.concat(Array.from({ length: 4 }, () => Buffer.concat([Buffer.from([99, 0, 0, 252]), Buffer.alloc(252)])))]);
  const chunks = [SERVER_HELLO_RECORD];
  for (let n = SERVER_HELLO_RECORD.length; n < total; n += unknown.length) chunks.push(unknown);
  return chunks;
}

function parseCost(total: number): { incremental: number; reparse: number } {
  const chunks = endlessStream(total);
  const limits = { ...FLIGHT_LIMITS, maxBytes: Infinity, maxRecords: Infinity, maxMessages: Infinity };
  let t = performance.now();
  const parser = new ServerFlightParser({}, limits);
  for (const c of chunks) parser.push(c);
  const incremental = performance.now() - t;
  t = performance.now();
  const seen: Buffer[] = [];
  for (const c of chunks) {
    seen.push(c);
    parseServerFlight(Buffer.concat(seen), {}, limits); // what exchange.ts did before: everything, on each read
  }
  return { incremental, reparse: performance.now() - t };
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const cert = await makeCert({ cn: 'localhost' });
  const healthy = await startHttpsServer(cert, { hsts: 'max-age=31536000' });
  try {
    lines.push(await measure('baseline: full scan of a healthy loopback server', () => scanTls({ host: 'localhost', port: healthy.port, policy })));
  } finally {
    await healthy.close();
  }

  const scan = (port: number, timeoutMs: number, deadlineMs: number) => scanTls({ host: '127.0.0.1', port, policy, timeoutMs, deadlineMs });
  lines.push(await withRaw(endlessHandshake, (port) => measure('scan, endless unknown handshake messages', () => scan(port, 10_000, 60_000))));
  lines.push(await withRaw(hugeAnswer(100 * MB), (port) => measure('scan, 100 MB handshake answer', () => scan(port, 10_000, 60_000))));
  lines.push(await withRaw(slowloris(2_000), (port) => measure('scan, slowloris (1 byte / 2 s), 3 s per connection', () => scan(port, 3_000, 60_000))));
  lines.push(await withRaw(slowloris(2_000), (port) => measure('scan, slowloris (1 byte / 2 s), 5 s scan deadline', () => scan(port, 10_000, 5_000))));
  lines.push(await withRaw(silent, (port) => measure('scan, server that never answers nor closes, 5 s scan deadline', () => scan(port, 10_000, 5_000))));

  lines.push(await withHttp(serveGzipBomb(1024), true, (port) => measure('HSTS request, gzip bomb (1 GiB decoded)', () => hsts(port))));
  lines.push(await withHttp(serveHugeBody(100 * MB), true, (port) => measure('HSTS request, 100 MB body', () => hsts(port))));
  lines.push(await withHttp(serveNeverEnding, true, (port) => measure('HSTS request, body never ends', () => hsts(port))));

  const header = (url: string, timeoutMs = 10_000) => checkHeaders(url, policy, { timeoutMs, httpProbeUrl: null });
  lines.push(await withHttp(serveGzipBomb(1024), false, (_p, url) => measure('header check, gzip bomb (1 GiB decoded)', () => header(url))));
  lines.push(await withHttp(serveHugeBody(100 * MB), false, (_p, url) => measure('header check, 100 MB body', () => header(url))));
  lines.push(await withHttp(serveNeverEnding, false, (_p, url) => measure('header check, body never ends', () => header(url))));
  lines.push(
    await withRaw(slowloris(2_000, Buffer.from('HTTP/1.1 200 OK\r\nX: 1\r\n')), (port) =>
      measure('header check, head at 1 byte / 2 s, 5 s budget', () => header(`http://127.0.0.1:${port}/`, 5_000)),
    ),
  );

  const bounded = (url: string) =>
    got.stream(url, { decompress: false, retry: { limit: 0 } }).on('response', () => undefined);
  lines.push(
    await withHttp(serveGzipBomb(1024), false, (_p, url) =>
      measure('readBoundedBody, gzip bomb (1 GiB decoded), 1 MiB decoded cap', () =>
        readBoundedBody(bounded(url), { contentEncoding: 'gzip', maxBytes: 4 * MB, maxDecodedBytes: MB, signal: AbortSignal.timeout(10_000) }),
      ),
    ),
  );

  parseCost(64 * 1024); // warm-up, so neither side pays for compilation
  const cost = parseCost(MB);
  lines.push(
    `parser CPU over 1 MiB of endless handshake in 1 KiB reads (limits lifted): incremental ${cost.incremental.toFixed(1)} ms, re-parse from the start on each read (before) ${cost.reparse.toFixed(0)} ms: ${(cost.reparse / cost.incremental).toFixed(0)} × more`,
  );
  // Last, as it leaves the process bigger: the pre-fix HSTS read, whole body gzip-decoded (256 MiB bomb, not 1 GiB, to spare the shared machine).
  lines.push(
    await withHttp(serveGzipBomb(256), true, (_p, url) =>
      measure('before: whole gzip-decoded body read (old HSTS request), 256 MiB bomb', () =>
        got(url, { https: { rejectUnauthorized: false }, retry: { limit: 0 }, timeout: { request: 30_000 } }),
      ),
    ),
  );
  return { name: 'Hostile targets (scanner limits, issue 11)', lines };
}

/**
 * The TLS scan against hostile loopback servers: each must end within its budget with a clear
 * error, with bounded memory and an event loop that keeps turning. The bounds are generous
 * (a regression here was seconds of blocking and a gigabyte of RSS), not timings.
 */
import { waitFor } from '@vigil/testing';
import { startHttpsServer as startHeaderHttpsServer } from '../headers/testing/servers.js';
import {
  endlessHandshake,
  hugeAnswer,
  serveGzipBomb,
  serveHugeBody,
  serveNeverEnding,
  silent,
  slowloris,
  startRawServer,
  watchResources,
  type RawServer,
  type ResourceUse,
} from '../testing/hostile.js';
import { startDeadline } from './deadline.js';
import { fetchHsts } from './hsts.js';
import { scanTls } from './scan.js';

const policy = { allowPrivate: true, dnsServers: [] };
const MAX_RSS_GROWTH_MIB = 64;
const MAX_LOOP_DELAY_MS = 1_000;

function expectBounded(use: ResourceUse): void {
  expect(use.peakRssGrowthMib).toBeLessThan(MAX_RSS_GROWTH_MIB);
  expect(use.maxEventLoopDelayMs).toBeLessThan(MAX_LOOP_DELAY_MS);
}

describe('scanTls against hostile TLS servers', () => {
  const servers: RawServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const start = async (behave: Parameters<typeof startRawServer>[0]) => {
    const server = await startRawServer(behave);
    servers.push(server);
    return server.port;
  };

  it('stops reading a server that streams unknown handshake messages forever', async () => {
    const port = await start(endlessHandshake);
    const { result, use } = await watchResources(() => scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 5_000, deadlineMs: 20_000 }));
    expect(result).toEqual(new Error('TLS handshake answer too large (scanner limits exceeded)'));
    expectBounded(use);
  });

  it('stops reading a 100 MB handshake answer at the per-connection byte cap', async () => {
    const port = await start(hugeAnswer(100 * 1024 * 1024));
    const { result, use } = await watchResources(() => scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 5_000, deadlineMs: 20_000 }));
    expect(result).toEqual(new Error('TLS handshake answer too large (scanner limits exceeded)'));
    expectBounded(use);
  });

  it('gives up on a slowloris server (one byte at a time) at the connection timeout', async () => {
    const port = await start(slowloris(400));
    const { result, use } = await watchResources(() => scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 1_000, deadlineMs: 20_000 }));
    expect(result).toEqual(new Error('TLS handshake timed out after 1000 ms'));
    expectBounded(use);
  });

  it('ends a scan of a slowloris server at the scan deadline, closing every connection', async () => {
    let open = 0;
    const port = await start((socket) => {
      open++;
      socket.on('close', () => open--);
      slowloris(400)(socket);
    });
    const { result, use } = await watchResources(() => scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 10_000, deadlineMs: 1_500 }));
    expect(result).toEqual(new Error('Scan timed out after 1500 ms'));
    expectBounded(use);
    // The server sees the closes a moment later (later still on a busy host): wait for them.
    await waitFor(() => open === 0, { what: 'every connection closed' });
  });

  it('ends a scan of a server that never answers nor closes at the scan deadline', async () => {
    const port = await start(silent);
    const { result } = await watchResources(() => scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 10_000, deadlineMs: 1_000 }));
    expect(result).toEqual(new Error('Scan timed out after 1000 ms'));
  });
});

describe('fetchHsts against hostile HTTPS answers: reads the head, never the body', () => {
  const cases: [string, Parameters<typeof startHeaderHttpsServer>[0]][] = [
    ['a gzip bomb (1 GiB decoded)', serveGzipBomb(1024)],
    ['a 100 MB body', serveHugeBody(100 * 1024 * 1024)],
    ['a body that never ends', serveNeverEnding],
  ];
  it.each(cases)('%s', async (_name, handler) => {
    const server = await startHeaderHttpsServer(handler);
    const deadline = startDeadline(5_000);
    try {
      const target = { host: '127.0.0.1', ip: '127.0.0.1', port: server.port, policy, timeoutMs: 5_000, deadline };
      const { result, use } = await watchResources(() => fetchHsts(target));
      expect(result).toEqual({ present: true, max_age: 600, include_subdomains: false, preload: false });
      expectBounded(use);
    } finally {
      deadline.dispose();
      await server.close();
    }
  });

  it('gives up when the scan deadline passes before the head arrives', async () => {
    const server = await startRawServer(slowloris(200, Buffer.from('HTTP/1.1 200 OK\r\n')));
    const deadline = startDeadline(800);
    try {
      const target = { host: '127.0.0.1', ip: '127.0.0.1', port: server.port, policy, timeoutMs: 10_000, deadline };
      expect(await fetchHsts(target)).toEqual({ present: false, max_age: null, include_subdomains: false, preload: false });
      // It gave up at the deadline, not before: by the deadline's own abort or by the request
      // timeout cut to the time left, whichever timer a busy host runs first (timers keep whole
      // milliseconds, hence the 1 ms).
      expect(deadline.remainingMs()).toBeLessThanOrEqual(1);
    } finally {
      deadline.dispose();
      await server.close();
    }
  });
});


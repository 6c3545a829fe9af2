/**
 * The header check against hostile loopback sites: it keeps the response head only, so a gzip
 * bomb, a 100 MB body or a body that never ends cost nothing; a head sent one byte at a time
 * ends at the budget. Bounds are on the work (memory and CPU time, which a busy machine does not
 * inflate), with a generous event-loop bound that only a synchronous decode of the body could break.
 */
import { UpstreamError, type OutboundPolicy } from '@vigil/core';
import {
  serveGzipBomb,
  serveHugeBody,
  serveNeverEnding,
  slowloris,
  startRawServer,
  watchResources,
} from '../testing/hostile.js';
import { checkHeaders } from './check.js';
import { startHttpServer, type Handler } from './testing/servers.js';

const ALLOW: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const OPTIONS = { timeoutMs: 3_000, httpProbeUrl: null };
/** Decoding the 1 GiB bomb, or reading the 100 MB body, takes several seconds of CPU. */
const MAX_CPU_MS = 1_000;
/** A synchronous decode would block for seconds; a busy machine has delayed the loop by 1.1 s. */
const MAX_LOOP_DELAY_MS = 2_500;

describe('header check against hostile sites', () => {
  const cases: [string, Handler][] = [
    ['a gzip bomb (1 GiB decoded)', serveGzipBomb(1024)],
    ['a 100 MB body', serveHugeBody(100 * 1024 * 1024)],
    ['a body that never ends', serveNeverEnding],
  ];
  it.each(cases)('grades the head of %s without reading the body', async (_name, handler) => {
    const server = await startHttpServer(handler);
    try {
      // The process's CPU time also counts what other test files left running in this jest
      // worker (their collection of a large heap): a second run, only when the first is over the
      // bound, and the lower figure. Reading the body would be over it both times.
      let { result, use } = await watchResources(() => checkHeaders(server.url, ALLOW, OPTIONS));
      if (use.cpuMs >= MAX_CPU_MS) {
        const again = await watchResources(() => checkHeaders(server.url, ALLOW, OPTIONS));
        if (again.use.cpuMs < use.cpuMs) ({ result, use } = again);
      }
      if (result instanceof Error) throw result;
      expect(result.rawHeaders['strict-transport-security']).toBe('max-age=600');
      expect(use.peakRssGrowthMib).toBeLessThan(64);
      expect(use.cpuMs).toBeLessThan(MAX_CPU_MS);
      expect(use.maxEventLoopDelayMs).toBeLessThan(MAX_LOOP_DELAY_MS);
    } finally {
      await server.close();
    }
  });

  it('gives up on a head sent one byte at a time at the budget, naming the timeout', async () => {
    const server = await startRawServer(slowloris(200, Buffer.from('HTTP/1.1 200 OK\r\nX-Slow: 1\r\n')));
    try {
      const { result, use } = await watchResources(() => checkHeaders(`http://127.0.0.1:${server.port}/`, ALLOW, { ...OPTIONS, timeoutMs: 1_000 }));
      expect(result).toBeInstanceOf(UpstreamError);
      expect((result as UpstreamError).details.detail).toBe(`Timed out after 1000 ms waiting for 127.0.0.1:${server.port}`);
      expect(use.cpuMs).toBeLessThan(MAX_CPU_MS);
      expect(use.maxEventLoopDelayMs).toBeLessThan(MAX_LOOP_DELAY_MS);
    } finally {
      await server.close();
    }
  });
});

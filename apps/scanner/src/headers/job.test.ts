import net from 'node:net';
import { UpstreamError, ValidationError } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import {
  handleHeaderCheck,
  headerCheckResponseHeaders,
  isHeaderCheckFailure,
  unwrapHeaderCheckResult,
  type HeaderCheckJobResult,
} from './job.js';
import { respondWith, startHttpServer, type TestServer } from './testing/servers.js';
import type { HeaderReport } from './types.js';

describe('handleHeaderCheck', () => {
  let ctx: TestContext;
  let target: TestServer;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
    target = await startHttpServer(respondWith({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' }));
  });

  afterAll(async () => {
    await target.close();
    await ctx.teardown();
  });

  function report(result: HeaderCheckJobResult): HeaderReport {
    if (isHeaderCheckFailure(result)) throw new Error(`unexpected failure ${JSON.stringify(result)}`);
    return result;
  }

  it('fetches and grades on every check, so a repeated check sees the site as it is now', async () => {
    const url = `${target.url}again`;
    const first = report(await handleHeaderCheck(ctx, { url }));
    expect(first.score).toBe(25);
    report(await handleHeaderCheck(ctx, { url }));
    expect(target.hits.filter((h) => h === '/again')).toHaveLength(2);
  });

  it('returns an unreachable site as a 502 result', async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    await new Promise<void>((r) => srv.close(() => r()));
    const url = `http://127.0.0.1:${port}/`;
    const result = await handleHeaderCheck(ctx, { url });
    expect(result).toEqual({ status: 502, error: 'Site unreachable', detail: `Connection refused by 127.0.0.1:${port}` });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('returns a bad URL as a 400 result', async () => {
    expect(await handleHeaderCheck(ctx, { url: 'gopher://example.com/' })).toEqual({ status: 400, error: 'Invalid hostname' });
  });

  it('honours the outbound policy of the configuration', async () => {
    const denying = await createTestContext();
    try {
      const result = await handleHeaderCheck(denying, { url: target.url });
      expect(result).toEqual({ status: 502, error: 'Site unreachable', detail: 'Blocked private address: 127.0.0.1 (loopback)' });
    } finally {
      await denying.teardown();
    }
  });
});

describe('API helpers', () => {
  it('unwrapHeaderCheckResult passes reports and throws typed errors', () => {
    const r = { grade: 'A', gradeCapped: true } as HeaderReport;
    expect(unwrapHeaderCheckResult(r)).toBe(r);
    expect(() => unwrapHeaderCheckResult({ status: 400, error: 'Invalid hostname' })).toThrow(ValidationError);
    let thrown: unknown;
    try {
      unwrapHeaderCheckResult({ status: 502, error: 'Site unreachable', detail: 'Connection refused by a:1' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect((thrown as UpstreamError).message).toBe('Site unreachable');
    expect((thrown as UpstreamError).details).toEqual({ detail: 'Connection refused by a:1' });
  });

  it('headerCheckResponseHeaders sends X-Grade, and X-Grade-Capped only when capped', () => {
    expect(headerCheckResponseHeaders({ grade: 'A', gradeCapped: true })).toEqual({ 'X-Grade': 'A', 'X-Grade-Capped': 'true' });
    expect(headerCheckResponseHeaders({ grade: 'A+', gradeCapped: false })).toEqual({ 'X-Grade': 'A+' });
  });

  it('isHeaderCheckFailure tells failures from reports', () => {
    expect(isHeaderCheckFailure({ status: 502, error: 'Site unreachable' })).toBe(true);
    expect(isHeaderCheckFailure({ grade: 'A', warnings: [] })).toBe(false);
    expect(isHeaderCheckFailure(null)).toBe(false);
  });
});

import net from 'node:net';
import { headerCheckCacheKey, isHeaderCheckFailure, type HeaderCheckJobResult, type HeaderReport } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { handleHeaderCheck } from './job.js';
import { respondWith, startHttpServer, type TestServer } from './testing/servers.js';

describe('handleHeaderCheck (Redis cache)', () => {
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

  it('answers a repeated check from the cache with the original fetched_at', async () => {
    const url = `${target.url}cached`;
    const first = report(await handleHeaderCheck(ctx, { url }));
    expect(first.score).toBe(25);
    const second = report(await handleHeaderCheck(ctx, { url }));
    expect(second).toEqual(first);
    expect(second.fetched_at).toBe(first.fetched_at);
    expect(target.hits.filter((h) => h === '/cached')).toHaveLength(1);

    const key = headerCheckCacheKey(ctx.config.redisPrefix, url);
    expect(key).toMatch(new RegExp(`^${ctx.config.redisPrefix.replace(/[{}]/g, '\\$&')}:hdr:[0-9a-f]{40}$`));
    const ttl = await ctx.redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('keys the cache by the normalised URL', async () => {
    const url = `${target.url}norm`;
    const upper = url.replace('http://', 'HTTP://');
    const first = report(await handleHeaderCheck(ctx, { url }));
    const second = report(await handleHeaderCheck(ctx, { url: upper }));
    expect(second.fetched_at).toBe(first.fetched_at);
    expect(target.hits.filter((h) => h === '/norm')).toHaveLength(1);
  });

  it('fetches again once the cached entry is gone', async () => {
    const url = `${target.url}expire`;
    report(await handleHeaderCheck(ctx, { url }));
    await ctx.redis.del(headerCheckCacheKey(ctx.config.redisPrefix, url));
    report(await handleHeaderCheck(ctx, { url }));
    expect(target.hits.filter((h) => h === '/expire')).toHaveLength(2);
  });

  it('returns an unreachable site as a 502 result and does not cache it', async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    await new Promise<void>((r) => srv.close(() => r()));
    const url = `http://127.0.0.1:${port}/`;
    const result = await handleHeaderCheck(ctx, { url });
    expect(result).toEqual({ status: 502, error: 'Site unreachable', detail: `Connection refused by 127.0.0.1:${port}` });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(await ctx.redis.exists(headerCheckCacheKey(ctx.config.redisPrefix, url))).toBe(0);
  });

  it('returns a bad URL as a 400 result', async () => {
    expect(await handleHeaderCheck(ctx, { url: 'gopher://example.com/' })).toEqual({ status: 400, error: 'Invalid hostname' });
  });

  it('honours the outbound policy of the configuration', async () => {
    const denying = await createTestContext();
    try {
      const result = await handleHeaderCheck(denying, { url: target.url });
      expect(result).toEqual({ status: 502, error: 'Site unreachable', detail: 'Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets' });
    } finally {
      await denying.teardown();
    }
  });
});

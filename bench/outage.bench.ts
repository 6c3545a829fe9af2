/**
 * API answers during dependency outages: the real API (createApiProcess) on loopback, reaching
 * PostgreSQL and Redis through TCP proxies this bench kills (connections reset, new ones
 * refused) or freezes (nothing passes), so the shared servers are never touched. For each
 * fault: every answer for 3 s of requests (status, latency), then the time until the API
 * answers 200 again after the fault ends. Baseline: the same request while healthy.
 */
import { randomBytes } from 'node:crypto';
import { createAccount, createContext, createLogger, loadConfig } from '@vigil/core';
import { createApiProcess } from '../apps/api/src/main.js';
import { startTcpProxy, type TcpProxy } from '../test/support/tcp-proxy.js';
import type { BenchResult } from './run.js';
import { benchDatabase, dropRedisKeys } from './support.js';

const WINDOW_MS = 3_000;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const db = await benchDatabase('outage');
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigil');
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const pgProxy = await startTcpProxy(Number(server.port || 5432), server.hostname);
  const redisProxy = await startTcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
  const via = (url: string, port: number) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const prefix = `{vbout${randomBytes(3).toString('hex')}}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: via(db.url, pgProxy.port),
    REDIS_URL: via(redisUrl.toString(), redisProxy.port),
    VIGIL_REDIS_PREFIX: prefix,
    PORT: '0',
    LOG_LEVEL: 'error',
    VIGIL_BURST_PER_SECOND: '100000',
  });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const api = createApiProcess(ctx);
  try {
    await api.start();
    const { apiKey } = await createAccount(ctx.db, { email: `bench-${prefix}@example.com`, tier: 'enterprise' }, new Date());
    const url = `http://127.0.0.1:${api.port()}/api/v1/uptime/monitors`;
    const get = async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
      const body = await res.text();
      return { status: res.status, ms: performance.now() - t0, body, retryAfter: res.headers.get('retry-after') };
    };

    const healthy: number[] = [];
    for (let i = 0; i < 100; i++) healthy.push((await get()).ms);
    lines.push(`healthy baseline: GET /api/v1/uptime/monitors median ${percentile(healthy, 50).toFixed(1)} ms, p99 ${percentile(healthy, 99).toFixed(1)} ms`);

    const faults: [string, TcpProxy, (p: TcpProxy) => Promise<void> | void][] = [
      ['Redis down (connections reset, new ones refused)', redisProxy, (p) => p.kill()],
      ['Redis frozen (connections stay open, nothing passes)', redisProxy, (p) => p.freeze()],
      ['PostgreSQL down', pgProxy, (p) => p.kill()],
      ['PostgreSQL frozen', pgProxy, (p) => p.freeze()],
    ];
    for (const [name, proxy, fault] of faults) {
      // One request is already on its way when the fault starts (it may be caught on the wire).
      const inFlight = get();
      await fault(proxy);
      const answers = [await inFlight];
      const end = Date.now() + WINDOW_MS;
      while (Date.now() < end) answers.push(...(await Promise.all([get(), get(), get(), get()])));
      await proxy.restore();
      const t0 = performance.now();
      while ((await get()).status !== 200) await new Promise((r) => setTimeout(r, 20));
      const recovery = performance.now() - t0;
      const statuses = new Map<string, number>();
      for (const a of answers) {
        const key = a.status === 503 ? `503 ${a.body} Retry-After ${a.retryAfter}` : String(a.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      const ms = answers.map((a) => a.ms);
      lines.push(
        `${name}: ${answers.length} answers [${[...statuses].map(([k, n]) => `${n}× ${k}`).join('; ')}], latency median ${percentile(ms, 50).toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms (${(Math.max(...ms) / percentile(healthy, 50)).toFixed(0)}× the healthy median); 200 again ${recovery.toFixed(0)} ms after the fault ended`,
      );
    }
  } finally {
    await pgProxy.restore();
    await redisProxy.restore();
    await api.stop();
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
    await pgProxy.close();
    await redisProxy.close();
  }
  return { name: 'API answers during dependency outages', lines };
}

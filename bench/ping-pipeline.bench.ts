/**
 * Heartbeat pings end to end (issue 35): the compiled API and checker in child processes, as
 * production runs them, 400 heartbeat monitors, BENCH_PINGS_COUNT pings (20,000; 50 a token,
 * under each token's limit of 120 a minute) from autocannon at 100 connections, then a wait
 * until the checker has written every accepted ping's check. Against bare Express answering the
 * same route with the same JSON at the same load, same run (another child process). Reports the
 * pings accepted a second, their p99, how long until the last check was written, and the CPU a
 * ping of the API, the checker and the database's backends: what the queue between them costs.
 *
 * Env: BENCH_PINGS_COUNT (20000), BENCH_PINGS_PORT (3990; +1 bare Express, +2 the checker's health port).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createAccount, createContext, createLogger, loadConfig } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, benchProcessEnv, child, cpuSeconds, databaseBackendsCpu, databaseBackendsCpuSince, dropRedisKeys, load, stop, waitFor } from './support.js';

const COUNT = Number(process.env.BENCH_PINGS_COUNT ?? 20_000);
const PORT = Number(process.env.BENCH_PINGS_PORT ?? 3990);
const MONITORS = 400;
const CONNECTIONS = 100;

const BARE_SERVER = `
import express from 'express';
const app = express();
app.disable('x-powered-by');
app.get('/bench-ready', (_req, res) => res.end());
app.get('/ping/:token', (_req, res) => res.set('Cache-Control', 'no-store').json({ ok: true }));
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

interface Fired {
  ok: number;
  rps: number;
  p99: number;
  seconds: number;
}

/** COUNT GETs of the paths in turn, at CONNECTIONS connections. */
async function fire(base: string, paths: string[]): Promise<Fired> {
  let next = 0;
  const started = Date.now();
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: COUNT,
    timeout: 20,
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  const seconds = (Date.now() - started) / 1000;
  return { ok: r['2xx'], rps: r['2xx'] / seconds, p99: r.latency.p99, seconds };
}

const int = (n: number) => Math.round(n).toLocaleString('en');

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const loadBefore = load();
  const db = await benchDatabase('pings');
  const prefix = `{vbping${randomBytes(3).toString('hex')}}`;
  const env = benchProcessEnv(db.url, prefix, {
    PORT: String(PORT),
    CHECKER_HEALTH_PORT: String(PORT + 2),
    VIGIL_TIERS: JSON.stringify({ enterprise: { requestsPerMinute: 100_000_000 } }),
  });
  const ctx = await createContext(loadConfig(env), { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const api = child(['packages/cli/bin/vigil.js', 'start', 'api'], env);
  const checker = child(['packages/cli/bin/vigil.js', 'start', 'checker'], env);
  const bare = child(['--input-type=module', '-e', BARE_SERVER], { ...process.env, PORT: String(PORT + 1) });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await Promise.all([waitFor(`${base}/healthz`), waitFor(`http://127.0.0.1:${PORT + 1}/bench-ready`), waitFor(`http://127.0.0.1:${PORT + 2}/healthz`)]);
    const { apiKey } = await createAccount(ctx.db, { email: `pings-${randomBytes(3).toString('hex')}@example.com`, tier: 'enterprise' });
    const paths: string[] = [];
    for (let i = 0; i < MONITORS; i++) {
      const res = await fetch(`${base}/api/v1/uptime/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'heartbeat', name: `hb ${i}`, config: { period: 60, grace: 60 } }),
      });
      const body = (await res.json()) as { monitor: { ping_url: string } };
      paths.push(new URL(body.monitor.ping_url).pathname);
    }
    const baseline = await fire(`http://127.0.0.1:${PORT + 1}`, paths);
    const checks = async () => Number((await ctx.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM checks'))[0].n);
    const [apiBefore, checkerBefore, backendsBefore] = await Promise.all([cpuSeconds(api.pid), cpuSeconds(checker.pid), databaseBackendsCpu(ctx)]);
    const started = Date.now();
    const ours = await fire(base, paths);
    let written = await checks();
    while (written < ours.ok && Date.now() - started < 120_000) {
      await new Promise((r) => setTimeout(r, 100));
      written = await checks();
    }
    const recordedAfter = (Date.now() - started) / 1000;
    const [apiAfter, checkerAfter, backends] = await Promise.all([cpuSeconds(api.pid), cpuSeconds(checker.pid), databaseBackendsCpuSince(ctx, backendsBefore)]);
    const perPing = (before: number | undefined, after: number | undefined) => (before === undefined || after === undefined ? 'n/a' : `${int(((after - before) / ours.ok) * 1e6)} µs`);
    lines.push(
      `${int(COUNT)} GET /ping/{token} over ${MONITORS} heartbeat monitors (in turn, 50 a token, under its limit), ${CONNECTIONS} connections; compiled API and checker in child processes (NODE_ENV=production), bare Express in another`,
    );
    lines.push(`bare Express, same route and JSON: ${int(baseline.rps)} req/s, p99 ${baseline.p99} ms`);
    lines.push(
      `Vigil: ${int(ours.ok)} of ${int(COUNT)} accepted in ${ours.seconds.toFixed(1)} s, ${int(ours.rps)} pings/s (${(ours.rps / baseline.rps).toFixed(2)} × bare), p99 ${ours.p99} ms; ${int(written)} checks written, the last ${recordedAfter.toFixed(1)} s after the first ping`,
    );
    lines.push(`CPU a ping: API ${perPing(apiBefore, apiAfter)}, checker ${perPing(checkerBefore, checkerAfter)}, the database's backends ${backends === undefined ? 'n/a' : `${int((backends / ours.ok) * 1e6)} µs`}`);
    lines.push(`load average 1/5/15 min: ${loadBefore} before, ${load()} after, on 2 cores`);
  } finally {
    await Promise.all([stop(api), stop(checker), stop(bare)]);
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
  }
  return { name: 'Heartbeat pings end to end', lines };
}

/**
 * Public status pages and badges under load (issue 14), measured in one run:
 *
 * 1. A page with 50 monitors and 90 days of hourly rollups (108,000 rows): the time of a full
 *    build (what a request waits for right after an incident change), then the server time of
 *    requests under a steady load of 50 connections (cache, ETag and gzip in play as a browser
 *    would use them).
 * 2. Badges: /badges/{token}/status.svg against a bare Express handler returning a constant
 *    SVG, same load, same process, same run.
 * 3. A crowd of 200 connections on one page while 10 connections of another account use the
 *    authenticated API (GET /api/v1/uptime/monitors): the API's latency alone and with the crowd.
 *
 * The API runs in this process behind a recorder of server time (request in to response
 * finished); the load comes from autocannon in child processes, so it does not share this
 * event loop. Env: BENCH_STATUS_SECONDS (6).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import express from 'express';
import request from 'supertest';
import { bumpStatusVersions, createAccount, type Context } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { seedStatusFixture } from '../test/support/status-fixture.js';

const SECONDS = Number(process.env.BENCH_STATUS_SECONDS ?? 6);
const run = promisify(execFile);

interface Cannon {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in a child process (its own event loop and core), JSON result. */
async function cannon(url: string, connections: number, headers: Record<string, string> = {}, overallRate?: number): Promise<Cannon> {
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-c', String(connections), '-d', String(SECONDS)];
  if (overallRate) args.push('-R', String(overallRate));
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run('node', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** autocannon's run plus this process's CPU time per request it answered (µs): robust to other load on the machine. */
async function withCpu(load: Promise<Cannon>): Promise<Cannon & { cpuUs: number }> {
  const before = process.cpuUsage();
  const result = await load;
  const used = process.cpuUsage(before);
  const answered = result.rps * SECONDS;
  return { ...result, cpuUs: (used.user + used.system) / Math.max(1, answered) };
}

/** Server time per request path prefix, in ms. */
class Recorder {
  private samples = new Map<string, number[]>();
  inFlight = 0;
  /** Waits until the requests autocannon left behind are answered (before the database closes). */
  async drained(): Promise<void> {
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 50));
  }
  reset(): void {
    this.samples.clear();
  }
  add(key: string, ms: number): void {
    const list = this.samples.get(key) ?? [];
    list.push(ms);
    this.samples.set(key, list);
  }
  stats(key: string): { n: number; p50: number; p99: number; max: number } {
    const list = [...(this.samples.get(key) ?? [])].sort((a, b) => a - b);
    const at = (q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? NaN;
    return { n: list.length, p50: at(0.5), p99: at(0.99), max: list[list.length - 1] ?? NaN };
  }
}

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer({ keepAliveTimeout: 30_000 }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const rate = (c: Cannon) => `${Math.round(c.rps).toLocaleString('en')} req/s`;
const client = (c: Cannon) => `${rate(c)}, client latency p50 ${c.p50} ms p99 ${c.p99} ms${c.non2xx || c.errors ? `, ${c.non2xx} non-2xx, ${c.errors} errors` : ''}`;

async function seed(ctx: Context) {
  const email = () => `bench-${randomBytes(4).toString('hex')}@example.com`;
  const owner = await createAccount(ctx.db, { email: email(), tier: 'enterprise' }, new Date());
  const fixture = await seedStatusFixture(ctx, owner.account.id, new Date(), { monitors: 50, days: 90 });
  await ctx.db.query('VACUUM ANALYZE monitor_rollups');
  const other = await createAccount(ctx.db, { email: email(), tier: 'enterprise' }, new Date());
  await seedStatusFixture(ctx, other.account.id, new Date(), { monitors: 20, days: 2 });
  return { owner, fixture, other };
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { ctx, prefix, close } = await apiBenchContext('status');
  const closers: (() => Promise<void>)[] = [];
  const recorder = new Recorder();
  try {
    const { owner, fixture, other } = await seed(ctx);
    const app = createApp(ctx);
    const page = await request(app)
      .post('/api/v1/status-pages')
      .set('Authorization', `Bearer ${owner.apiKey}`)
      .send({ slug: `bench-${randomBytes(3).toString('hex')}`, title: 'Bench', sections: [{ title: 'All', monitor_ids: fixture.monitorIds, domain_ids: fixture.domainIds }] });
    const slug = page.body.status_page.slug as string;
    const badge = await request(app).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set('Authorization', `Bearer ${owner.apiKey}`);
    const badgePath = new URL(badge.body.badge.badges.status.svg_url as string).pathname;

    const api = await listen((req, res) => {
      const started = performance.now();
      const key = req.url?.startsWith('/status/') ? 'page' : req.url?.startsWith('/badges/') ? 'badge' : 'api';
      recorder.inFlight++;
      res.on('close', () => recorder.inFlight--);
      res.on('finish', () => recorder.add(key, performance.now() - started));
      app(req, res);
    });
    closers.push(api.close);

    // 1. Build time (cache invalidated before each request), then steady load.
    const builds: number[] = [];
    for (let i = 0; i < 30; i++) {
      await bumpStatusVersions(ctx.redis, prefix, ctx.logger, [owner.account.id]);
      const t = performance.now();
      const res = await fetch(`${api.url}/status/${slug}`);
      await res.arrayBuffer();
      builds.push(performance.now() - t);
    }
    builds.sort((a, b) => a - b);
    const size = (await (await fetch(`${api.url}/status/${slug}`)).arrayBuffer()).byteLength;
    lines.push(`page: 50 monitors × 90 days (108,000 rollup rows), 2 domains, incidents; HTML ${Math.round(size / 1024)} KiB (gzip when accepted)`);
    lines.push(`  full build after an invalidation (load + render + gzip, 30 runs, sequential): p50 ${ms(builds[15])}, max ${ms(builds[29])}`);
    recorder.reset();
    const paced = await withCpu(cannon(`${api.url}/status/${slug}`, 50, { 'Accept-Encoding': 'gzip' }, 500));
    const pst = recorder.stats('page');
    lines.push(`  paced, 50 connections at 500 req/s in all for ${SECONDS} s: ${client(paced)}; CPU ${Math.round(paced.cpuUs)} µs per request`);
    lines.push(`    server time p50 ${ms(pst.p50)}, p99 ${ms(pst.p99)}, max ${ms(pst.max)} over ${pst.n.toLocaleString('en')} requests (target p99 ≤ 30 ms)`);
    recorder.reset();
    const steady = await withCpu(cannon(`${api.url}/status/${slug}`, 50, { 'Accept-Encoding': 'gzip' }));
    const st = recorder.stats('page');
    lines.push(`  saturated, 50 connections as fast as they go: ${client(steady)}; CPU ${Math.round(steady.cpuUs)} µs per request`);
    lines.push(`    server time p50 ${ms(st.p50)}, p99 ${ms(st.p99)} over ${st.n.toLocaleString('en')} requests (mostly waiting for the event loop)`);

    // 2. Badges against a bare Express constant SVG, same process and load.
    const svg = (await (await fetch(`${api.url}${badgePath}`)).text()).toString();
    const bare = express();
    bare.get('/badge.svg', (_req, res) => {
      res.type('image/svg+xml').send(svg);
    });
    const bareServer = await listen(bare);
    closers.push(bareServer.close);
    // Alternating rounds, so that load from outside the benchmark falls on both alike.
    const rounds: { bare: Cannon & { cpuUs: number }; ours: Cannon & { cpuUs: number } }[] = [];
    recorder.reset();
    for (let i = 0; i < 3; i++) rounds.push({ bare: await withCpu(cannon(`${bareServer.url}/badge.svg`, 50)), ours: await withCpu(cannon(`${api.url}${badgePath}`, 50)) });
    const bs = recorder.stats('badge');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = rounds.map((r) => r.ours.rps / r.bare.rps);
    lines.push(`badge (status.svg), 50 connections, 3 alternating rounds of ${SECONDS} s; server time p50 ${ms(bs.p50)}, p99 ${ms(bs.p99)}`);
    rounds.forEach((r, i) =>
      lines.push(`  round ${i + 1}: badge ${client(r.ours)}, CPU ${Math.round(r.ours.cpuUs)} µs/req; bare Express constant SVG ${client(r.bare)}, CPU ${Math.round(r.bare.cpuUs)} µs/req; ratio ${ratios[i].toFixed(2)}`),
    );
    const cpuRatios = rounds.map((r) => r.bare.cpuUs / r.ours.cpuUs);
    lines.push(`  median ratio ${median(ratios).toFixed(2)} × the bare handler's throughput (target ≥ 0.5); by CPU per request ${median(cpuRatios).toFixed(2)} ×`);

    // 3. The crowd and another account's API, alone then together.
    const apiUrl = `${api.url}/api/v1/uptime/monitors`;
    const auth = { Authorization: `Bearer ${other.apiKey}` };
    recorder.reset();
    const alone = await withCpu(cannon(apiUrl, 10, auth));
    const aloneServer = recorder.stats('api');
    recorder.reset();
    const [together, crowd] = await Promise.all([cannon(apiUrl, 10, auth), cannon(`${api.url}/status/${slug}`, 200, { 'Accept-Encoding': 'gzip' })]);
    const togetherServer = recorder.stats('api');
    const crowdServer = recorder.stats('page');
    lines.push(`another account's API (GET /api/v1/uptime/monitors, 10 connections) alone: ${client(alone)}, CPU ${Math.round(alone.cpuUs)} µs/req; server time p50 ${ms(aloneServer.p50)}, p99 ${ms(aloneServer.p99)}`);
    lines.push(`  the same with a crowd of 200 connections on the page: ${client(together)}; server time p50 ${ms(togetherServer.p50)}, p99 ${ms(togetherServer.p99)}`);
    lines.push(`  the crowd meanwhile: ${client(crowd)}; page server time p99 ${ms(crowdServer.p99)}`);
    lines.push(`  API throughput with the crowd: ${(together.rps / alone.rps).toFixed(2)} × alone; API client p99 ${(together.p99 / Math.max(1, alone.p99)).toFixed(2)} × alone`);
    recorder.reset();
    const [apiPaced, pacedCrowd] = await Promise.all([cannon(apiUrl, 10, auth), cannon(`${api.url}/status/${slug}`, 200, { 'Accept-Encoding': 'gzip' }, 1000)]);
    const pacedServer = recorder.stats('api');
    lines.push(`  with a paced crowd (200 connections, 1,000 req/s in all: everyone reloading every 200 ms): API ${client(apiPaced)}; server time p99 ${ms(pacedServer.p99)}`);
    lines.push(`  the paced crowd: ${client(pacedCrowd)}; page server time p99 ${ms(recorder.stats('page').p99)}`);
    lines.push(`  API throughput with the paced crowd: ${(apiPaced.rps / alone.rps).toFixed(2)} × alone; API client p99 ${(apiPaced.p99 / Math.max(1, alone.p99)).toFixed(2)} × alone`);
  } finally {
    await recorder.drained();
    for (const closeServer of closers) await closeServer();
    await close();
  }
  return { name: 'Status pages and badges', lines };
}

/**
 * Public status pages and badges under load (issue 14), measured in one run:
 *
 * 1. A page with 50 monitors and 90 days of hourly rollups (108,000 rows): the server time of a
 *    full build (what a request waits for right after an incident change), the number of builds
 *    a burst of 200 requests after an invalidation causes (single flight: 1), then the server
 *    time of requests under a steady paced load of 50 connections (cache, ETag and gzip in play
 *    as a browser would use them) and under saturation.
 * 2. Badges: /badges/{token}/status.svg against a bare Express handler returning a constant
 *    SVG, same load, same process, same run, alternating rounds.
 * 3. Another account's authenticated API (GET /api/v1/uptime/monitors, 10 connections) alone
 *    and with a crowd of 200 connections on the page at the same time, alternating rounds; then
 *    with a paced crowd.
 *
 * Server time is measured inside this process, which runs the API: from the request's arrival
 * (the 'request' event, headers parsed) to the response's 'finish'. The load comes from
 * autocannon in child processes, so it does not share this event loop. Prints a summary of the
 * targets with pass/fail at the end. Env: BENCH_STATUS_SECONDS (6).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import express from 'express';
import request from 'supertest';
import { createAccount, type Context } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext, listen } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { statusChanged } from '../apps/api/src/public-status/read-status-version.js';
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


/** The length of a response body as sent (before any decoding), which fetch does not tell. */
function rawLength(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let length = 0;
        res.on('data', (chunk: Buffer) => (length += chunk.length));
        res.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const rate = (c: Cannon) => `${Math.round(c.rps).toLocaleString('en')} req/s`;
const client = (c: Cannon) => `${rate(c)}, client latency p50 ${c.p50} ms p99 ${c.p99} ms${c.non2xx || c.errors ? `, ${c.non2xx} non-2xx, ${c.errors} errors` : ''}`;

async function seed(ctx: Context) {
  const email = () => `bench-${randomBytes(4).toString('hex')}@example.com`;
  const owner = await createAccount(ctx.db, { email: email(), tier: 'enterprise' }, new Date());
  const fixture = await seedStatusFixture(ctx, owner.account.id, new Date(), { monitors: 50, days: 90 });
  await ctx.db.query('VACUUM ANALYZE monitor_rollup_hours');
  const other = await createAccount(ctx.db, { email: email(), tier: 'enterprise' }, new Date());
  await seedStatusFixture(ctx, other.account.id, new Date(), { monitors: 20, days: 2 });
  return { owner, fixture, other };
}

/** The targets of issue 14, and the thresholds this benchmark reads "not slowed" by. */
const TARGETS = {
  pageP99Ms: 30,
  badgeRatio: 0.5,
  /** The other account's API with the crowd: at least this share of its throughput alone... */
  apiThroughput: 0.8,
  /** ...and a client p99 at most this multiple of its p99 alone. */
  apiP99: 2,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Counts the statements that read monitor_rollups (one per page build). */
function countRollupReads(ctx: Context): () => number {
  let reads = 0;
  const original = ctx.db.query.bind(ctx.db);
  ctx.db.query = (query: string, parameters?: unknown[]) => {
    if (query.includes('FROM monitor_rollups')) reads++;
    return original(query, parameters);
  };
  return () => reads;
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const summary: string[] = [];
  const { ctx, close } = await apiBenchContext('status');
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
    const rollupReads = countRollupReads(ctx);

    const api = await listen((req, res) => {
      const started = performance.now();
      const key = req.url?.startsWith('/status/') ? 'page' : req.url?.startsWith('/badges/') ? 'badge' : 'api';
      recorder.inFlight++;
      res.on('close', () => recorder.inFlight--);
      res.on('finish', () => recorder.add(key, performance.now() - started));
      app(req, res);
    });
    closers.push(api.close);
    const pageUrl = `${api.url}/status/${slug}`;

    // 1a. Full builds: the cache invalidated before each request.
    recorder.reset();
    for (let i = 0; i < 30; i++) {
      await statusChanged(ctx, owner.account.id);
      await (await fetch(pageUrl)).arrayBuffer();
    }
    const builds = recorder.stats('page');
    const size = (await (await fetch(pageUrl)).arrayBuffer()).byteLength;
    const gzipped = await rawLength(pageUrl, { 'Accept-Encoding': 'gzip' });
    lines.push(`page: 50 monitors × 90 days (108,000 hourly rollup rows), 2 domains, incidents; HTML ${Math.round(size / 1024)} KiB`);
    lines.push(`  full build after an invalidation (rows, model, HTML/JSON/Atom, gzip), 30 sequential: server time p50 ${ms(builds.p50)}, max ${ms(builds.max)}`);

    // 1b. Single flight: a burst of 200 concurrent requests right after an invalidation.
    await statusChanged(ctx, owner.account.id);
    recorder.reset();
    const readsBefore = rollupReads();
    await Promise.all(Array.from({ length: 200 }, async () => (await fetch(pageUrl, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer()));
    const burstBuilds = rollupReads() - readsBefore;
    const burst = recorder.stats('page');
    lines.push(`  200 concurrent requests right after an invalidation: ${burstBuilds} build(s) (rollup reads); server time p50 ${ms(burst.p50)}, p99 ${ms(burst.p99)}`);

    // 1c. Steady load on the cached page.
    recorder.reset();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const paced = await withCpu(cannon(pageUrl, 50, { 'Accept-Encoding': 'gzip' }, 500));
    loopDelay.disable();
    const pst = recorder.stats('page');
    lines.push(`  cached (gzip ${Math.round(gzipped / 1024)} KiB), 50 connections paced at 500 req/s in all for ${SECONDS} s: ${client(paced)}; CPU ${Math.round(paced.cpuUs)} µs per request`);
    lines.push(`    server time p50 ${ms(pst.p50)}, p99 ${ms(pst.p99)}, max ${ms(pst.max)} over ${pst.n.toLocaleString('en')} requests (target p99 ≤ ${TARGETS.pageP99Ms} ms)`);
    lines.push(`    event-loop delay meanwhile (what a request could wait before it is read): p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`);
    recorder.reset();
    const steady = await withCpu(cannon(pageUrl, 50, { 'Accept-Encoding': 'gzip' }));
    const st = recorder.stats('page');
    lines.push(`  cached, 50 connections as fast as they go: ${client(steady)}; CPU ${Math.round(steady.cpuUs)} µs per request`);
    lines.push(`    server time p50 ${ms(st.p50)}, p99 ${ms(st.p99)}, max ${ms(st.max)} over ${st.n.toLocaleString('en')} requests`);
    summary.push(`page server time p99 (50 connections, 500 req/s): ${ms(pst.p99)}; target ≤ ${TARGETS.pageP99Ms} ms: ${verdict(pst.p99 <= TARGETS.pageP99Ms)}`);
    summary.push(`page builds for a burst of 200 after an invalidation: ${burstBuilds}; target 1 (single flight): ${verdict(burstBuilds === 1)}`);

    // 2. Badges against a bare Express constant SVG, same process and load.
    const svg = await (await fetch(`${api.url}${badgePath}`)).text();
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
    const ratios = rounds.map((r) => r.ours.rps / r.bare.rps);
    lines.push(`badge (status.svg), 50 connections, 3 alternating rounds of ${SECONDS} s; server time p50 ${ms(bs.p50)}, p99 ${ms(bs.p99)}`);
    rounds.forEach((r, i) =>
      lines.push(`  round ${i + 1}: badge ${client(r.ours)}, CPU ${Math.round(r.ours.cpuUs)} µs/req; bare Express constant SVG ${client(r.bare)}, CPU ${Math.round(r.bare.cpuUs)} µs/req; ratio ${ratios[i].toFixed(2)}`),
    );
    const cpuRatios = rounds.map((r) => r.bare.cpuUs / r.ours.cpuUs);
    lines.push(`  median ratio ${median(ratios).toFixed(2)} × the bare handler's throughput (target ≥ ${TARGETS.badgeRatio}); by CPU per request ${median(cpuRatios).toFixed(2)} ×`);
    summary.push(`badge throughput vs bare Express constant SVG: median ${median(ratios).toFixed(2)} ×; target ≥ ${TARGETS.badgeRatio} ×: ${verdict(median(ratios) >= TARGETS.badgeRatio)}`);

    // 3. Another account's API alone, then with the crowd at the same time; alternating rounds.
    const apiUrl = `${api.url}/api/v1/uptime/monitors`;
    const auth = { Authorization: `Bearer ${other.apiKey}` };
    const crowdHeaders = { 'Accept-Encoding': 'gzip' };
    interface Round {
      alone: Cannon & { cpuUs: number };
      aloneP99: number;
      together: Cannon;
      togetherP99: number;
      crowd: Cannon;
      crowdP99: number;
      crowdCpuShare: number;
    }
    const crowdRounds: Round[] = [];
    for (let i = 0; i < 3; i++) {
      recorder.reset();
      const alone = await withCpu(cannon(apiUrl, 10, auth));
      const aloneP99 = recorder.stats('api').p99;
      recorder.reset();
      const cpuBefore = process.cpuUsage();
      const [together, crowd] = await Promise.all([cannon(apiUrl, 10, auth), cannon(pageUrl, 200, crowdHeaders)]);
      const cpu = process.cpuUsage(cpuBefore);
      // What the process spent beyond the API requests it answered (at their CPU cost alone): the crowd's share.
      const crowdCpuShare = Math.max(0, (cpu.user + cpu.system - together.rps * SECONDS * alone.cpuUs) / (SECONDS * 1e6));
      crowdRounds.push({ alone, aloneP99, together, togetherP99: recorder.stats('api').p99, crowd, crowdP99: recorder.stats('page').p99, crowdCpuShare });
    }
    lines.push(`another account's API (GET /api/v1/uptime/monitors, 20 monitors, 10 connections), alone and with a crowd of 200 connections saturating the page, 3 alternating rounds of ${SECONDS} s:`);
    crowdRounds.forEach((r, i) => {
      lines.push(`  round ${i + 1} alone: ${client(r.alone)}, CPU ${Math.round(r.alone.cpuUs)} µs/req; server time p99 ${ms(r.aloneP99)}`);
      lines.push(`  round ${i + 1} with the crowd: ${client(r.together)}; server time p99 ${ms(r.togetherP99)}; throughput ${(r.together.rps / r.alone.rps).toFixed(2)} ×, client p99 ${(r.together.p99 / Math.max(1, r.alone.p99)).toFixed(2)} ×`);
      lines.push(`    the crowd meanwhile: ${client(r.crowd)}; page server time p99 ${ms(r.crowdP99)} (waiting in the public line included); the crowd's CPU ≈ ${(r.crowdCpuShare * 100).toFixed(1)} % of a core (process CPU beyond the API requests at their cost alone, ${Math.round(r.alone.cpuUs)} µs each)`);
    });
    const aloneRps = median(crowdRounds.map((r) => r.alone.rps));
    const aloneP99 = median(crowdRounds.map((r) => r.alone.p99));
    const tput = median(crowdRounds.map((r) => r.together.rps / r.alone.rps));
    const p99x = median(crowdRounds.map((r) => r.together.p99 / Math.max(1, r.alone.p99)));
    lines.push(`  median: API throughput with the crowd ${tput.toFixed(2)} × alone, client p99 ${p99x.toFixed(2)} × alone`);
    summary.push(
      `API of another account with a 200-connection crowd on the page: throughput ${tput.toFixed(2)} ×, client p99 ${p99x.toFixed(2)} × alone; target ≥ ${TARGETS.apiThroughput} × and ≤ ${TARGETS.apiP99} ×: ${verdict(tput >= TARGETS.apiThroughput && p99x <= TARGETS.apiP99)}`,
    );

    recorder.reset();
    const [apiPaced, pacedCrowd] = await Promise.all([cannon(apiUrl, 10, auth), cannon(pageUrl, 200, crowdHeaders, 1000)]);
    const pacedTput = apiPaced.rps / aloneRps;
    const pacedP99 = apiPaced.p99 / Math.max(1, aloneP99);
    lines.push(`  with a paced crowd (200 connections, 1,000 req/s in all: everyone reloading every 200 ms): API ${client(apiPaced)}; server time p99 ${ms(recorder.stats('api').p99)}`);
    lines.push(`    the paced crowd: ${client(pacedCrowd)}; page server time p99 ${ms(recorder.stats('page').p99)}`);
    lines.push(`    API throughput ${pacedTput.toFixed(2)} × the median alone, client p99 ${pacedP99.toFixed(2)} ×`);
    summary.push(
      `API of another account with a paced crowd (1,000 page req/s): throughput ${pacedTput.toFixed(2)} ×, client p99 ${pacedP99.toFixed(2)} × alone; target ≥ ${TARGETS.apiThroughput} × and ≤ ${TARGETS.apiP99} ×: ${verdict(pacedTput >= TARGETS.apiThroughput && pacedP99 <= TARGETS.apiP99)}`,
    );
  } finally {
    await recorder.drained();
    for (const closeServer of closers) await closeServer();
    await close();
  }
  lines.push('SUMMARY (targets of issue 14; absolute times depend on the load on the machine, see docs/benchmarks.md):');
  lines.push(...summary.map((l) => `  ${l}`));
  return { name: 'Status pages and badges', lines };
}

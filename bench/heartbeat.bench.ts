/**
 * Heartbeat pings accepted by one API process (issue 16): GET /ping/{token} over 1,000 heartbeat
 * monitors (round robin, so the per-token limit is not what is measured), against a bare
 * Express app answering the same route with the same JSON, same load, same run, alternating
 * rounds. A ping costs the API one limiter round trip to Redis (under the token's hash), one
 * indexed lookup in PostgreSQL and one BullMQ add; then the checker judges it: the second part
 * measures how fast one checker records the accepted pings (the HeartbeatPings jobs the API
 * queued, one per event-loop turn, run in order, one job at a time, each job's pings in one
 * transaction through the state machine), against the same run's probed-check path
 * (recordChecks of one check per transaction).
 *
 * The load comes from autocannon in a child process (its own event loop). Env:
 * BENCH_HEARTBEAT_SECONDS (6), BENCH_HEARTBEAT_MONITORS (1000).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import express from 'express';
import type { Job } from 'bullmq';
import request from 'supertest';
import { createAccount, JobName, type HeartbeatPingsPayload } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { heartbeatPingJobs } from '../apps/checker/src/jobs/heartbeat.jobs.js';
import { recordChecks } from '../apps/checker/src/persistence/record-checks.js';

const SECONDS = Number(process.env.BENCH_HEARTBEAT_SECONDS ?? 6);
const MONITORS = Number(process.env.BENCH_HEARTBEAT_MONITORS ?? 1000);
const CONNECTIONS = 50;
const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Cannon {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon in a child process, each request to the next of `paths` (round robin). */
async function cannon(base: string, paths: string[]): Promise<Cannon> {
  const script = `
    import autocannon from ${JSON.stringify(path.join(ROOT, 'node_modules/autocannon/autocannon.js'))};
    const paths = ${JSON.stringify(paths)};
    let i = 0;
    const r = await autocannon({ url: ${JSON.stringify(base)}, connections: ${CONNECTIONS}, duration: ${SECONDS},
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }] });
    process.stdout.write(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, total: r.requests.total }));
  `;
  const { stdout } = await run('node', ['--input-type=module', '-e', script], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Cannon;
}

async function withCpu(load: Promise<Cannon>): Promise<Cannon & { cpuUs: number }> {
  const before = process.cpuUsage();
  const result = await load;
  const used = process.cpuUsage(before);
  return { ...result, cpuUs: (used.user + used.system) / Math.max(1, result.total) };
}

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void>; inFlight: () => number }> {
  let inFlight = 0;
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    inFlight++;
    res.on('close', () => inFlight--);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const rate = (c: Cannon) => `${Math.round(c.rps).toLocaleString('en')} req/s`;
const client = (c: Cannon) => `${rate(c)}, client latency p50 ${c.p50} ms p99 ${c.p99} ms${c.non2xx || c.errors ? `, ${c.non2xx} non-2xx, ${c.errors} errors` : ''}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { ctx, close } = await apiBenchContext('heartbeat');
  const closers: (() => Promise<void>)[] = [];
  try {
    const owner = await createAccount(ctx.db, { email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' }, new Date());
    const app = createApp(ctx);
    const paths: string[] = [];
    const monitorIds: number[] = [];
    for (let i = 0; i < MONITORS; i++) {
      const res = await request(app)
        .post('/api/v1/uptime/monitors')
        .set('Authorization', `Bearer ${owner.apiKey}`)
        .send({ type: 'heartbeat', name: `job ${i}`, config: { period: 3600, grace: 300 } });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
      paths.push(new URL(res.body.monitor.ping_url as string).pathname);
      monitorIds.push(res.body.monitor.id as number);
    }
    const api = await listen((req, res) => app(req, res));
    closers.push(api.close);
    const bare = express();
    bare.get('/ping/:token', (_req, res) => {
      res.set('Cache-Control', 'no-store').json({ ok: true });
    });
    const bareServer = await listen((req, res) => bare(req, res));
    closers.push(bareServer.close);

    // Warm both (JIT, connection pools), then alternating rounds.
    await cannon(api.url, paths.slice(0, 100));
    await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
    const rounds: { bare: Cannon & { cpuUs: number }; ours: Cannon & { cpuUs: number } }[] = [];
    for (let i = 0; i < 3; i++) {
      rounds.push({ bare: await withCpu(cannon(bareServer.url, paths)), ours: await withCpu(cannon(api.url, paths)) });
      // Each round's pings wait in the queue; keep Redis from growing across rounds.
      while (api.inFlight() > 0) await new Promise((r) => setTimeout(r, 20));
      if (i < 2) await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
    }
    const ratios = rounds.map((r) => r.ours.rps / r.bare.rps);
    lines.push(`GET /ping/{token} over ${MONITORS.toLocaleString('en')} heartbeat monitors (round robin), ${CONNECTIONS} connections, 3 alternating rounds of ${SECONDS} s`);
    rounds.forEach((r, i) =>
      lines.push(
        `  round ${i + 1}: Vigil ${client(r.ours)}, CPU ${Math.round(r.ours.cpuUs)} µs/ping; bare Express same route ${client(r.bare)}, CPU ${Math.round(r.bare.cpuUs)} µs/req; ratio ${ratios[i].toFixed(2)}`,
      ),
    );
    lines.push(
      `  median: ${Math.round(median(rounds.map((r) => r.ours.rps))).toLocaleString('en')} pings/s accepted, ${median(ratios).toFixed(2)} × the bare handler's throughput; by CPU per request ${median(rounds.map((r) => r.bare.cpuUs / r.ours.cpuUs)).toFixed(2)} ×`,
    );

    // 2. One checker recording the last round's accepted pings, in arrival order: the batch jobs
    // the API queued (one per event-loop turn), one job at a time, until 2,000 pings.
    const queue = ctx.queues.queueOf(JobName.HeartbeatPings);
    const queued = ((await queue.getJobs(['waiting'], 0, -1)) as Job<HeartbeatPingsPayload>[]).reverse();
    const handle = heartbeatPingJobs(ctx, () => undefined)[JobName.HeartbeatPings];
    const sample: Job<HeartbeatPingsPayload>[] = [];
    let pings = 0;
    for (const job of queued) {
      if (pings >= 2000) break;
      sample.push(job);
      pings += job.data.pings.length;
    }
    const t0 = performance.now();
    let recorded = 0;
    for (const job of sample) recorded += (await handle(job.data, job)).recorded;
    const pingMs = performance.now() - t0;
    const t1 = performance.now();
    for (let n = 0; n < pings; n++) {
      const result = { timestamp: new Date().toISOString(), status: 'success' as const, response_time_ms: 12, status_code: 200 };
      await recordChecks(ctx.db, [{ monitorId: monitorIds[n % monitorIds.length], jobKey: `bench-${n}`, manual: false, result }]);
    }
    const checkMs = performance.now() - t1;
    const pingRate = (pings / pingMs) * 1000;
    const checkRate = (pings / checkMs) * 1000;
    lines.push(
      `checker, one job at a time: ${pings.toLocaleString('en')} pings in ${sample.length.toLocaleString('en')} HeartbeatPings jobs judged and recorded (${recorded} checks; after a token's first ping its repeats within the period fail as too often) at ${Math.round(pingRate).toLocaleString('en')} pings/s; as many probed-check results through recordChecks, one per transaction, at ${Math.round(checkRate).toLocaleString('en')} checks/s: ratio ${(pingRate / checkRate).toFixed(2)}`,
    );
    await queue.drain();
  } finally {
    for (const closeServer of closers) await closeServer();
    await close();
  }
  return { name: 'Heartbeat pings', lines };
}

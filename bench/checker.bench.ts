/**
 * Checker throughput: N monitors against a loopback HTTP target (a one-line server in a child
 * process), one checker process (the real worker app: BullMQ worker, MonitorCheck handler,
 * group-commit writer, PostgreSQL), every result persisted. Jobs are enqueued first, then the
 * app drains them; checks/s is measured over the middle 80% of the run (so start-up and the
 * tail do not count). In the same run, a bare loop of the same probe (same client and
 * options, the same concurrency, no queue, no database) gives the probe's limit, and a raw
 * node:http loop (same keep-alive setting and concurrency), run before and again after the
 * checker, the wire's: ratios are to the mean of the two. Each also reports the CPU time per
 * check or request of this process, the target, this database's PostgreSQL backends and the
 * Redis server (shared with whatever else uses it: an upper bound).
 *
 * Variants: the defaults (no keep-alive, batched writer); the writer unbatched (one
 * transaction per check); keep-alive on (with its own bare loop): each one-off MonitorCheck jobs,
 * one job per check (the manual-check path). `bucket`: the scheduled path, as production runs it
 * (bench/checker-buckets.ts): monitors of their own whose ids put them BENCH_CHECKER_BUCKET_MEMBERS
 * to an interval bucket, placed by the API's upsertMonitorSchedule, and one MonitorBucket job per
 * bucket and round, each due one interval before the last (all in the past, so every member starts
 * at once and records under a run key of its own); the defaults otherwise.
 *
 * Env: BENCH_CHECKER_MONITORS (1000), BENCH_CHECKER_ROUNDS (20), BENCH_CHECKER_CONCURRENCY
 * (the config default), BENCH_CHECKER_VARIANTS (comma list of default,unbatched,unbatchedLoads,keepalive),
 * BENCH_CHECKER_BARE=0 skips the bare loops (for profiling the checker alone), BENCH_CHECKER_ACCOUNTS
 * (20) the accounts the monitors are spread over (1: every check in one account's share),
 * BENCH_CHECKER_BUCKET_MEMBERS (100) the members of each bucket of the `bucket` variant.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  Account,
  JobName,
  Monitor,
  SCHEDULED_CHECK_JOB_OPTIONS,
  createContext,
  createLogger,
  loadConfig,
  systemClock,
  type Context,
} from '@vigil/core';
import type { BenchResult } from './run.js';
import { redisStats } from './scheduling.bench.js';
import { backendCpuMs, benchDatabase, dropRedisKeys, processCpuMs } from './support.js';
import { bucketMonitorIds, bucketsOf, countBucketChecks, enqueueBucketRounds, placeInBuckets } from './checker-buckets.js';
import { createCheckerApp } from '../apps/checker/src/app.js';
import type { MonitorCheckOptions } from '../apps/checker/src/monitors/monitor-checks.js';
import { probe } from '../apps/checker/src/probe/probe.js';
import { createProbeClient } from '../apps/checker/src/probe/probe-client.js';
import type { HttpProbeTarget } from '../apps/checker/src/probe/probe-target.js';

const MONITORS = Number(process.env.BENCH_CHECKER_MONITORS ?? 1000);
const ROUNDS = Number(process.env.BENCH_CHECKER_ROUNDS ?? 20);
const VARIANTS = (process.env.BENCH_CHECKER_VARIANTS ?? 'default,bucket,unbatched,unbatchedLoads,keepalive').split(',');
const BARE = process.env.BENCH_CHECKER_BARE !== '0';
const ACCOUNTS = Number(process.env.BENCH_CHECKER_ACCOUNTS ?? 20);
const BUCKET_MEMBERS = Number(process.env.BENCH_CHECKER_BUCKET_MEMBERS ?? 100);

export interface Variant {
  name: string;
  options: MonitorCheckOptions;
  keepAlive: boolean;
  /** Driven through interval buckets (MonitorBucket jobs), not one-off check jobs. */
  scheduled?: boolean;
}

export const ALL_VARIANTS: Record<string, Variant> = {
  default: { name: 'defaults (no keep-alive, batched writer)', options: {}, keepAlive: false },
  unbatched: {
    name: 'writer unbatched (one transaction per check)',
    options: { writer: { maxBatch: 1, maxDelayMs: 0, maxInFlight: 1_000 } },
    keepAlive: false,
  },
  unbatchedLoads: {
    name: 'monitor loads unbatched (one query per job)',
    options: { loader: { maxBatch: 1, maxDelayMs: 0, maxInFlight: 1_000 } },
    keepAlive: false,
  },
  keepalive: { name: 'keep-alive on', options: { client: { keepAlive: true } }, keepAlive: true },
  bucket: { name: 'scheduled through interval buckets (MonitorBucket jobs; defaults otherwise)', options: {}, keepAlive: false, scheduled: true },
};

export async function startTarget(): Promise<{ url: string; child: ChildProcess }> {
  const code = `require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', () => reject(new Error('target server exited')));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

function target(url: string): HttpProbeTarget {
  return {
    url,
    method: 'GET',
    headers: {},
    body: null,
    timeoutSeconds: 30,
    followRedirects: true,
    verifySsl: true,
    expectedStatusCodes: [200, 201, 204],
    expectedContent: null,
    assertions: [],
  };
}

/** CPU µs per operation of each process taking part, between start and stop (the Redis server is shared: an upper bound). */
export interface CpuPerOp {
  self: number;
  target: number;
  postgres: number;
  redis: number;
}

/**
 * Starts counting CPU time: this process (the loops, or the checker app), the target's process,
 * this database's PostgreSQL backends and the Redis server (whole server: other sessions' commands too).
 */
async function startCpuMeter(ctx: Context, targetPid: number): Promise<(ops: number) => Promise<CpuPerOp>> {
  const self = process.cpuUsage();
  const target = processCpuMs(targetPid) ?? 0;
  const pg = await backendCpuMs(ctx);
  const redis = (await redisStats(ctx.redis)).cpuS;
  return async (ops) => {
    const used = process.cpuUsage(self);
    const pgNow = await backendCpuMs(ctx);
    const pgMs = [...pgNow].reduce((sum, [pid, ms]) => sum + ms - (pg.get(pid) ?? 0), 0);
    const redisS = (await redisStats(ctx.redis)).cpuS - redis;
    const per = (us: number) => us / ops;
    return {
      self: per(used.user + used.system),
      target: per(((processCpuMs(targetPid) ?? target) - target) * 1000),
      postgres: per(pgMs * 1000),
      redis: per(redisS * 1e6),
    };
  };
}

const describeCpu = (c: CpuPerOp) =>
  `${c.self.toFixed(0)} µs this process, ${c.target.toFixed(0)} target, ${c.postgres.toFixed(0)} PostgreSQL, ${c.redis.toFixed(0)} Redis (whole server)`;

/** The same probe, same client options and concurrency, no queue and no database. */
async function bareLoop(url: string, total: number, concurrency: number, keepAlive: boolean): Promise<number> {
  const client = createProbeClient({ allowPrivate: true, dnsServers: [] }, { keepAlive });
  const t = target(url);
  let left = total;
  let failures = 0;
  const worker = async () => {
    while (left-- > 0) if ((await probe(client, t, systemClock)).status !== 'success') failures++;
  };
  left = Math.min(2_000, total); // warm-up
  await Promise.all(Array.from({ length: concurrency }, worker));
  left = total;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  client.close();
  if (failures) throw new Error(`bare loop: ${failures} failed probes`);
  return total / seconds;
}

/**
 * The wire's limit: node:http requests of the same URL at the same concurrency, with an agent of
 * the same keep-alive setting, body read and dropped (no guard, no timings, no judging).
 */
async function rawHttpLoop(url: string, total: number, concurrency: number, keepAlive: boolean): Promise<number> {
  const agent = new Agent({ keepAlive });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent }, (res) => {
        res.on('data', () => undefined);
        res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`raw loop: status ${res.statusCode}`))));
        res.once('error', reject);
      });
      req.once('error', reject);
      req.end();
    });
  let left = 0;
  const worker = async () => {
    while (left-- > 0) await once();
  };
  left = Math.min(2_000, total); // warm-up
  await Promise.all(Array.from({ length: concurrency }, worker));
  left = total;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return total / seconds;
}

/**
 * MONITORS monitors spread round robin over ACCOUNTS accounts: consecutive jobs belong to
 * different accounts, so no account reaches its share of the worker's slots
 * (CHECKER_ACCOUNT_CONCURRENCY, a tenth of the concurrency by default), which would send its
 * further jobs back to the queue for 5 to 10 s (runInAccountShare).
 */
export async function seedMonitors(ctx: Context, url: string, wantIds?: readonly number[]): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const accounts = await ctx.db
    .getRepository(Account)
    .save(Array.from({ length: ACCOUNTS }, (_, i) => ({ email: `bench-${tag}-${i}@example.com`, tier: 'enterprise' })));
  const rows = Array.from({ length: MONITORS }, (_, i) => ({
    accountId: accounts[i % ACCOUNTS].id,
    name: `bench ${i}`,
    url: `${url}?m=${wantIds ? 'b' : ''}${i}`,
    normalizedUrl: `${url}?m=${wantIds ? 'b' : ''}${i}`,
    // Hourly, so the reconciler's schedules add next to nothing during the run.
    checkInterval: INTERVAL_SEC,
    status: 'up' as const,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const res = await ctx.db.getRepository(Monitor).insert(rows.slice(i, i + 500));
    ids.push(...res.identifiers.map((x) => Number(x.id)));
  }
  if (!wantIds) return ids;
  // Ids decide buckets: renumber the fresh rows (nothing refers to them yet).
  await ctx.db.query(`UPDATE monitors SET id = v.new_id FROM unnest($1::int[], $2::int[]) AS v(from_id, new_id) WHERE monitors.id = v.from_id`, [ids, wantIds]);
  return [...wantIds];
}

async function countBenchChecks(ctx: Context, tag: string): Promise<number> {
  const [{ n }] = (await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE job_key LIKE $1`, [`${tag}-%`])) as { n: number }[];
  return n;
}

/**
 * Checks persisted in the bench database so far: the sum of the hourly rollups, which every
 * recorded check adds to in its own transaction (the run's, and the few periodic checks of the
 * hourly monitors that come due meanwhile). One row per monitor and hour, so polling it every
 * 50 ms costs PostgreSQL next to nothing; counting the run's rows of `checks` scanned the whole
 * partition each time, CPU taken from the checker on a 2-core machine.
 */
async function rolledUpChecks(ctx: Context): Promise<number> {
  const [{ n }] = (await ctx.db.query(`SELECT coalesce(sum(total), 0)::int AS n FROM monitor_rollups`)) as { n: number }[];
  return n;
}

/** The interval of the bench's monitors (hourly, so the schedulers' own runs add next to nothing during a run). */
const INTERVAL_SEC = 3600;

/** Bucket runs are due before this (the bench's start) and each round of a run takes a due time none before took. */
const bucketAnchorMs = Date.now();
let bucketRoundsUsed = 0;

/**
 * Adds the run's work: ROUNDS one-off check jobs per monitor, or (a scheduled variant) ROUNDS
 * runs of each of the monitors' buckets, due times not used before. Returns how to count the
 * run's checks recorded so far.
 */
async function enqueueRounds(ctx: Context, ids: number[], variant: Variant, tag: string, rounds: number): Promise<() => Promise<number>> {
  if (variant.scheduled) {
    const skip = bucketRoundsUsed;
    bucketRoundsUsed += rounds;
    const before = await countBucketChecks(ctx, ids, bucketAnchorMs);
    await enqueueBucketRounds(ctx, bucketsOf(ids, INTERVAL_SEC * 1000), rounds, bucketAnchorMs, skip);
    return async () => (await countBucketChecks(ctx, ids, bucketAnchorMs)) - before;
  }
  for (let r = 0; r < rounds; r++) {
    await ctx.queues.addBulk(
      JobName.MonitorCheck,
      ids.map((monitorId) => ({ payload: { monitorId }, opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: `${tag}-${r}-${monitorId}` } })),
    );
  }
  return () => countBenchChecks(ctx, tag);
}

/** Enqueues ROUNDS jobs per monitor (or bucket runs), starts the checker app and times the drain. */
export async function checkerRun(
  ctx: Context,
  ids: number[],
  variant: Variant,
  tag: string,
  rounds = ROUNDS,
  targetPid?: number,
): Promise<{ perSecond: number; total: number; seconds: number; cpu: CpuPerOp | null }> {
  const total = ids.length * rounds;
  const before = await rolledUpChecks(ctx);
  const recordedOfRun = await enqueueRounds(ctx, ids, variant, tag, rounds);
  const app = createCheckerApp(ctx, { monitorCheck: variant.options });
  const meter = targetPid === undefined ? null : await startCpuMeter(ctx, targetPid);
  const started = performance.now();
  await app.start();
  const samples: { t: number; n: number }[] = [];
  for (;;) {
    const n = (await rolledUpChecks(ctx)) - before;
    samples.push({ t: performance.now(), n });
    // The rollups also count the few periodic checks the reconciler's buckets start meanwhile: done when the run's own are all in.
    if (n >= total && (await recordedOfRun()) >= total) break;
    if (performance.now() - started > 600_000) throw new Error(`checker run stuck at ${n}/${total}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter ? await meter(total) : null;
  await app.stop();
  const recorded = await recordedOfRun();
  if (recorded !== total) throw new Error(`checker run: ${recorded} checks recorded under its run keys, ${total} expected`);
  const lo = samples.find((s) => s.n >= total * 0.1) ?? samples[0];
  const hi = samples.find((s) => s.n >= total * 0.9) ?? samples[samples.length - 1];
  const perSecond = hi.t > lo.t ? (hi.n - lo.n) / ((hi.t - lo.t) / 1000) : total / seconds;
  return { perSecond, total, seconds, cpu };
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { url, child } = await startTarget();
  const db = await benchDatabase('checker');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    VIGIL_REDIS_PREFIX: `{vbench${randomBytes(3).toString('hex')}}`,
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    CHECKER_HEALTH_PORT: '0',
    LOG_LEVEL: 'error',
    ...(process.env.BENCH_CHECKER_CONCURRENCY ? { CHECKER_CONCURRENCY: process.env.BENCH_CHECKER_CONCURRENCY } : {}),
  });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const concurrency = config.concurrency.checker;
  try {
    const ids = await seedMonitors(ctx, url);
    // The scheduled path's monitors: as many, of their own, BUCKET_MEMBERS to a bucket, placed as the API places them.
    const scheduled = VARIANTS.some((key) => ALL_VARIANTS[key]?.scheduled);
    const bucketIds = scheduled ? await seedMonitors(ctx, url, bucketMonitorIds(MONITORS, BUCKET_MEMBERS, INTERVAL_SEC * 1000)) : [];
    if (scheduled) await placeInBuckets(ctx, bucketIds, INTERVAL_SEC);
    // Warm-up (JIT, connection pools, a fresh database's caches): one round, not reported.
    await checkerRun(ctx, ids.slice(0, 1000), ALL_VARIANTS.default, 'warmup', 1);
    if (scheduled) await checkerRun(ctx, bucketIds.slice(0, 1000), ALL_VARIANTS.bucket, 'warmup-bucket', 1);
    lines.push(`${MONITORS} monitors of ${ACCOUNTS} accounts × ${ROUNDS} rounds = ${MONITORS * ROUNDS} checks per run; worker concurrency ${concurrency}; target: one-line node:http server in a child process; Node ${process.versions.node}`);
    if (scheduled) lines.push(`bucket variant: ${bucketsOf(bucketIds, INTERVAL_SEC * 1000).length} buckets of up to ${BUCKET_MEMBERS} members, ${ROUNDS} runs each`);
    for (const key of VARIANTS) {
      const variant = ALL_VARIANTS[key];
      if (!variant) continue;
      const withBare = !key.startsWith('unbatched') && BARE;
      const loopOps = MONITORS * ROUNDS + Math.min(2_000, MONITORS * ROUNDS); // warm-up included
      const bareMeter = withBare ? await startCpuMeter(ctx, child.pid ?? 0) : null;
      const bare = withBare ? await bareLoop(url, MONITORS * ROUNDS, concurrency, variant.keepAlive) : null;
      const bareCpu = bareMeter ? await bareMeter(loopOps) : null;
      const rawMeter = withBare ? await startCpuMeter(ctx, child.pid ?? 0) : null;
      const rawBefore = withBare ? await rawHttpLoop(url, MONITORS * ROUNDS, concurrency, variant.keepAlive) : null;
      const rawCpu = rawMeter ? await rawMeter(loopOps) : null;
      const run = await checkerRun(ctx, variant.scheduled ? bucketIds : ids, variant, `bench${key}`, ROUNDS, child.pid);
      // Again after the checker: on a shared machine the load moves within a minute; the ratio is to the mean.
      const rawAfter = withBare ? await rawHttpLoop(url, MONITORS * ROUNDS, concurrency, variant.keepAlive) : null;
      const raw = rawBefore && rawAfter ? (rawBefore + rawAfter) / 2 : null;
      const ratio = bare ? ` = ${(run.perSecond / bare).toFixed(2)} × the bare probe loop (${bare.toFixed(0)} probes/s)` : '';
      const wire =
        raw && bare && rawBefore && rawAfter
          ? `; raw node:http loop ${rawBefore.toFixed(0)} req/s before the checker, ${rawAfter.toFixed(0)} after (mean ${raw.toFixed(0)}): checker ${(run.perSecond / raw).toFixed(2)} ×, bare probe ${(bare / raw).toFixed(2)} ×`
          : '';
      lines.push(`${variant.name}: ${run.perSecond.toFixed(0)} checks/s persisted${ratio}${wire}; all ${run.total} in ${run.seconds.toFixed(1)} s`);
      if (run.cpu) lines.push(`  CPU per check: ${describeCpu(run.cpu)}`);
      if (bareCpu && rawCpu) lines.push(`  CPU per bare probe: ${describeCpu(bareCpu)}; per raw request: ${describeCpu(rawCpu)}`);
    }
  } finally {
    await dropRedisKeys(ctx, config.redisPrefix);
    await ctx.close();
    await db.drop();
    child.kill();
  }
  return { name: 'Checker throughput', lines };
}

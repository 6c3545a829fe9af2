/**
 * Regions, in one run (decisions: Regions and quorum):
 * 1. Throughput: checks/s persisted with monitors checked from 3 regions against 1 region, with
 *    the same 3 checker apps both times (each its own Context and VIGIL_REGION; for 1 region all
 *    three are in region `a`). A 3-region round is 3 checks, so "per probe" compares checks/s;
 *    both ways drain the same number of checks (3 × as many one-region monitors), in pairs of
 *    drains whose order alternates; the median ratio of the pairs is reported.
 * 2. Judge latency: rounds added once a second (the scheduler's pace) for a set of 3-region
 *    monitors; due = when the round's jobs were added, judged = when its monitor_rounds row is
 *    seen (polled every 50 ms; the poll adds up to 50 ms). Target p99 <= timeout + 2 s.
 * Target: the one-line node:http server of checker.bench.ts in a child process.
 *
 * Env: BENCH_REGIONS_MONITORS (300), BENCH_REGIONS_ROUNDS (10), BENCH_REGIONS_PAIRS (3), BENCH_REGIONS_PACED (10 s),
 * BENCH_REGIONS_PACED_MONITORS (20).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Account, JobName, Monitor, SCHEDULED_CHECK_JOB_OPTIONS, createContext, createLogger, loadConfig, type Config, type Context } from '@vigil/core';
import { createCheckerApp } from '@vigil/checker';
import { startTarget } from './checker.bench.js';
import type { BenchResult } from './run.js';
import { backendCpuMs, benchDatabase, dropRedisKeys, percentile } from './support.js';

const MONITORS = Number(process.env.BENCH_REGIONS_MONITORS ?? 300);
const ROUNDS = Number(process.env.BENCH_REGIONS_ROUNDS ?? 10);
const PAIRS = Number(process.env.BENCH_REGIONS_PAIRS ?? 3);
const PACED_SECONDS = Number(process.env.BENCH_REGIONS_PACED ?? 10);
/** Kept well below the drain rate: latency, not backlog, is measured. */
const PACED_MONITORS = Number(process.env.BENCH_REGIONS_PACED_MONITORS ?? 20);
const TIMEOUT_S = 5;

async function seed(ctx: Context, url: string, regions: string[], count: number): Promise<number[]> {
  const account = await ctx.db.getRepository(Account).save({ email: `bench-regions-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
      const u = `${url}?r=${regions.join('')}&m=${i + k}`;
      return { accountId: account.id, name: `m ${i + k}`, url: u, normalizedUrl: u, checkInterval: 3600, timeout: TIMEOUT_S, status: 'up' as const, regions };
    });
    const res = await ctx.db.getRepository(Monitor).insert(rows);
    ids.push(...res.identifiers.map((x) => Number(x.id)));
  }
  return ids;
}

/** Adds one round (a job per monitor in each region, one job id per monitor and round). */
async function addRound(ctx: Context, ids: number[], regions: string[], tag: string, r: number) {
  for (const region of regions) {
    await ctx.queues.checkQueue(region).addBulk(
      ids.map((monitorId) => ({ name: JobName.MonitorCheck, data: { monitorId }, opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: `${tag}-${r}-${monitorId}` } })),
    );
  }
}

const count = async (ctx: Context, tag: string) =>
  ((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE job_key LIKE $1`, [`${tag}-%`])) as { n: number }[])[0].n;

async function startCheckers(config: Config, regions: string[]) {
  const apps: { ctx: Context; app: ReturnType<typeof createCheckerApp> }[] = [];
  for (const region of regions) {
    const c = await createContext({ ...config, region }, { logger: createLogger({ level: 'error' }) });
    const app = createCheckerApp(c);
    await app.start();
    apps.push({ ctx: c, app });
  }
  return async () => {
    for (const a of apps) {
      await a.app.stop();
      await a.ctx.close();
    }
  };
}

/**
 * Drains ROUNDS rounds with 3 checker apps in `checkerRegions`; checks/s between 10 % and 90 %,
 * and the CPU time per check of this process (the checker apps) and of PostgreSQL, counted
 * until the apps stop, a round timeout + 2 s after the last check (deadline work included).
 */
async function drain(ctx: Context, config: Config, ids: number[], regions: string[], checkerRegions: string[], tag: string) {
  for (let r = 0; r < ROUNDS; r++) await addRound(ctx, ids, regions, tag, r);
  const total = ids.length * regions.length * ROUNDS;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const pgBefore = await backendCpuMs(ctx);
  const stop = await startCheckers(config, checkerRegions);
  const samples: { t: number; n: number }[] = [];
  for (;;) {
    const n = await count(ctx, tag);
    samples.push({ t: performance.now(), n });
    if (n >= total) break;
    if (performance.now() - started > 600_000) throw new Error(`stuck at ${n}/${total}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((res) => setTimeout(res, TIMEOUT_S * 1000 + 2_000));
  const pgAfter = await backendCpuMs(ctx);
  const cpu = process.cpuUsage(cpuBefore);
  await stop();
  const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  const lo = samples.find((s) => s.n >= total * 0.1) ?? samples[0];
  const hi = samples.find((s) => s.n >= total * 0.9) ?? samples[samples.length - 1];
  return {
    perSecond: (hi.n - lo.n) / ((hi.t - lo.t) / 1000),
    total,
    seconds,
    /** CPU ms per 1,000 checks: this process, PostgreSQL. */
    nodeCpu: (cpu.user + cpu.system) / 1000 / (total / 1000),
    pgCpu: pgMs / (total / 1000),
  };
}

/** Paced rounds of 3-region monitors; due -> judged latencies in ms. */
async function judgeLatency(ctx: Context, config: Config, ids: number[], regions: string[]): Promise<number[]> {
  const stop = await startCheckers(config, regions);
  const due = new Map<string, number>();
  const judged = new Map<string, number>();
  const started = performance.now();
  let next = 0;
  while (performance.now() - started < (PACED_SECONDS + TIMEOUT_S + 5) * 1000) {
    if (next < PACED_SECONDS && performance.now() - started >= next * 1000) {
      const t = performance.now();
      await addRound(ctx, ids, regions, 'paced', next);
      for (const id of ids) due.set(`${id}:paced-${next}-${id}`, t);
      next++;
    }
    const rows = (await ctx.db.query(`SELECT monitor_id, job_key FROM monitor_rounds WHERE job_key LIKE 'paced-%'`)) as { monitor_id: number; job_key: string }[];
    const now = performance.now();
    for (const r of rows) {
      const key = `${r.monitor_id}:${r.job_key}`;
      if (!judged.has(key)) judged.set(key, now);
    }
    if (next >= PACED_SECONDS && judged.size >= due.size) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  await stop();
  return [...due].flatMap(([key, t]) => (judged.has(key) ? [(judged.get(key) ?? t) - t] : [])).sort((a, b) => a - b);
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { url, child } = await startTarget();
  const db = await benchDatabase('h13_regions');
  const prefix = `{h13bench${randomBytes(3).toString('hex')}}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix, VIGIL_ALLOW_PRIVATE_TARGETS: 'true', CHECKER_HEALTH_PORT: '0', LOG_LEVEL: 'error' });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  try {
    // The same number of checks both ways: 3 × as many one-region monitors as 3-region ones.
    const one = await seed(ctx, url, ['a'], MONITORS * 3);
    const three = await seed(ctx, url, ['a', 'b', 'c'], MONITORS);
    await drain(ctx, config, one.slice(0, 100), ['a'], ['a', 'a', 'a'], 'warmup');
    lines.push(
      `${MONITORS * 3} one-region monitors against ${MONITORS} 3-region monitors, ${ROUNDS} rounds (${MONITORS * 3 * ROUNDS} checks each way); 3 checker apps (concurrency ${config.concurrency.checker} each) in one bench process both times; ${PAIRS} pairs of drains, alternating which goes first (the machine is shared: the median ratio is the figure)`,
    );
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let p = 0; p < PAIRS; p++) {
      const runOne = () => drain(ctx, config, one, ['a'], ['a', 'a', 'a'], `one${p}`);
      const runThree = () => drain(ctx, config, three, ['a', 'b', 'c'], ['a', 'b', 'c'], `three${p}`);
      const [base, multi] = p % 2 === 0 ? [await runOne(), await runThree()] : await runThree().then(async (m) => [await runOne(), m]);
      ratios.push(multi.perSecond / base.perSecond);
      cpuRatios.push((multi.nodeCpu + multi.pgCpu) / (base.nodeCpu + base.pgCpu));
      const cpu = (d: typeof base) => `CPU ${d.nodeCpu.toFixed(0)} + ${d.pgCpu.toFixed(0)} ms per 1,000 checks (checkers + PostgreSQL)`;
      lines.push(
        `pair ${p + 1}: 1 region ${base.perSecond.toFixed(0)} checks/s (${base.total} in ${base.seconds.toFixed(1)} s; ${cpu(base)}), 3 regions ${multi.perSecond.toFixed(0)} checks/s (${multi.total} in ${multi.seconds.toFixed(1)} s; ${cpu(multi)}) = ${(multi.perSecond / base.perSecond).toFixed(2)} ×`,
      );
    }
    const sortedCpu = [...cpuRatios].sort((a, b) => a - b);
    lines.push(`CPU per check, 3 regions / 1 region: median ${sortedCpu[Math.floor(sortedCpu.length / 2)].toFixed(2)} × (less sensitive to the shared machine than checks/s)`);
    const sortedRatios = [...ratios].sort((a, b) => a - b);
    lines.push(`3 regions / 1 region per probe: median ${sortedRatios[Math.floor(sortedRatios.length / 2)].toFixed(2)} × (target >= 0.8)`);
    const [{ n: judgedRounds }] = (await ctx.db.query(`SELECT count(*)::int AS n FROM monitor_rounds WHERE job_key LIKE 'three%'`)) as { n: number }[];
    lines.push(`3-region rounds judged: ${judgedRounds} of ${MONITORS * ROUNDS * PAIRS}`);
    const lat = await judgeLatency(ctx, config, three.slice(0, PACED_MONITORS), ['a', 'b', 'c']);
    lines.push(
      `judge latency (${PACED_MONITORS} monitors × 3 regions, a round a second for ${PACED_SECONDS} s, timeout ${TIMEOUT_S} s): ${lat.length} rounds, p50 ${percentile(lat, 50).toFixed(0)} ms, p99 ${percentile(lat, 99).toFixed(0)} ms, max ${(lat[lat.length - 1] ?? 0).toFixed(0)} ms (target p99 <= ${TIMEOUT_S * 1000 + 2000} ms)`,
    );
  } finally {
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
    child.kill();
  }
  return { name: 'Regions: checks/s with 3 regions vs 1, judge latency', lines };
}

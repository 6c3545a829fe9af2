/**
 * Monitor scheduling at scale: BENCH_SCHED_MONITORS (100,000) active monitors at 60 s in the
 * product's interval buckets (scheduling/interval-buckets.ts: one BullMQ job scheduler per slot
 * of 1/3600 of the interval), created by the real reconciler from an empty Redis (what happens
 * after Redis lost its data). BullMQ workers on the checks queue, in this process, run the
 * product's bucket handler (monitor-bucket.job.ts) with a check that does nothing but record the
 * monitor's start lag = start time − due time (the due time is in its run key
 * `repeat:monitor-<id>:<due ms>`): no probe, no database.
 *
 * Reports: reconcile time from empty and when nothing is to change; start lag p50/p95/p99/max of each monitor's first run (due
 * while the reconcile is still adding schedulers) and of the steady state (due times from one
 * interval after the reconcile, for BENCH_SCHED_MEASURE_S = 120 s, i.e. two full rounds); how
 * many runs fall due in each second (the spread); Redis used_memory
 * before, after scheduling and at its peak during the run (the Redis server is shared, so these
 * are deltas of the whole server, measured with nothing else of ours in it).
 *
 * Env: BENCH_SCHED_MONITORS, BENCH_SCHED_MEASURE_S, BENCH_SCHED_CONCURRENCY (per worker, 100),
 * BENCH_SCHED_WORKERS (1 per shard). BENCH_SCHED_CLUSTER=1: the same run on a throwaway node, then
 * on a throwaway 3-primary Redis Cluster with BENCH_SCHED_SHARDS (3) shards; Redis CPU per node.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, type ConnectionOptions, type Job, type WorkerOptions } from 'bullmq';
import type { RedisClient } from '@vigil/core';
import { Account, DEFAULT_REGION, JobName, QueueName, createContext, createLogger, createRedisConnection, loadConfig, type Context, type JobPayloads } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, dropRedisKeys, usedMemoryOf } from './support.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { startRedisCluster } from '../test/support/redis-cluster.js';
import { monitorBucketJob } from '../apps/checker/src/jobs/monitor-bucket.job.js';
import { reconcileMonitorSchedules } from '../apps/checker/src/jobs/reconcile-monitor-schedules.job.js';

const INTERVAL_S = 60;
const SEED_SLICE = 50_000;

export interface SchedulingOptions {
  monitors: number;
  measureS: number;
  concurrency: number;
  workers: number;
  /** Overrides REDIS_URL (the storage bench uses a throwaway Redis). */
  redisUrl?: string;
  /** Start lags are kept for monitors whose id is a multiple of this (1: all); starts are counted for all. */
  sampleEvery?: number;
  /**
   * Reports Redis CPU (INFO cpu) and the busiest commands (INFO commandstats, scripts' inner
   * commands included) per started run over the steady window, and this process's CPU. Only
   * meaningful on a Redis of the bench's own (the storage bench's throwaway server).
   */
  redisStats?: boolean;
  /** Extra BullMQ worker options of the no-op workers (A/B of worker settings). */
  workerOptions?: Partial<WorkerOptions>;
  /**
   * Run on these Redis nodes instead (the bench's own throwaway servers): `env` selects them
   * (REDIS_URL, or REDIS_CLUSTER_NODES with VIGIL_QUEUE_SHARDS); Redis CPU and memory are then
   * reported per node over the steady window.
   */
  nodes?: { label: string; env: Record<string, string>; urls: string[] };
}

/** Redis CPU seconds (user + sys) and per-command calls and µs, from INFO. */
export interface RedisStats {
  cpuS: number;
  commands: Map<string, { calls: number; usec: number }>;
}

export async function redisStats(redis: RedisClient): Promise<RedisStats> {
  const cpu = await redis.info('cpu');
  const num = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
  const commands = new Map<string, { calls: number; usec: number }>();
  for (const m of (await redis.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)) {
    commands.set(m[1], { calls: Number(m[2]), usec: Number(m[3]) });
  }
  return { cpuS: num('used_cpu_user') + num('used_cpu_sys'), commands };
}

/** Lines describing the Redis and process work per started run between two snapshots. */
export function describeCost(before: RedisStats, after: RedisStats, starts: number, processCpuMs: number, seconds: number): string[] {
  const per = (v: number) => (starts ? v / starts : NaN);
  const rows = [...after.commands.entries()]
    .map(([name, a]) => {
      const b = before.commands.get(name) ?? { calls: 0, usec: 0 };
      return { name, calls: a.calls - b.calls, usec: a.usec - b.usec };
    })
    .filter((r) => r.calls > 0)
    .sort((x, y) => y.usec - x.usec);
  const redisCpu = after.cpuS - before.cpuS;
  return [
    `cost over ${seconds.toFixed(0)} s of the steady window, ${starts.toLocaleString('en')} runs started (${(starts / seconds).toFixed(0)}/s): Redis CPU ${(redisCpu * 1000).toFixed(0)} ms (${((redisCpu / seconds) * 100).toFixed(0)} % of a core), **${(per(redisCpu) * 1e6).toFixed(0)} µs per started run**; bench process (workers) CPU ${(per(processCpuMs) * 1000).toFixed(0)} µs per started run (${((processCpuMs / 1000 / seconds) * 100).toFixed(0)} % of a core)`,
    `Redis commands per started run (calls, µs): ${rows
      .slice(0, 14)
      .map((r) => `${r.name} ${per(r.calls).toFixed(2)} / ${per(r.usec).toFixed(1)}`)
      .join(', ')}`,
  ];
}

export async function seedMonitors(ctx: Context, count: number): Promise<void> {
  const account = await ctx.db.getRepository(Account).save({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
  // In slices: one statement for a million rows outlasts the statement timeout.
  for (let from = 1; from <= count; from += SEED_SLICE) {
    await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status)
       SELECT $1, 'bench ' || g, 'https://bench.example/' || g, 'https://bench.example/' || g, $2, 'up'
       FROM generate_series($3::int, $4::int) g`,
      [account.id, INTERVAL_S, from, Math.min(count, from + SEED_SLICE - 1)],
    );
  }
}

/**
 * Start-lag percentiles of `lags`; `missing` runs that were due but had not started when the
 * measurement ended count as lags of at least `missingAtLeastMs` (a percentile that falls among
 * them is reported as "> that").
 */
export function describe(label: string, lags: number[], missing = 0, missingAtLeastMs = 0): string {
  const s = [...lags].sort((a, b) => a - b);
  const total = s.length + missing;
  const ms = (v: number) => `${(v / 1000).toFixed(3)} s`;
  const at = (p: number) => {
    const rank = Math.min(total, Math.ceil((p / 100) * total)) - 1;
    return rank < s.length ? ms(s[rank]) : `> ${ms(missingAtLeastMs)} (not started)`;
  };
  const notStarted = missing ? `, ${missing.toLocaleString('en')} due but not started when measuring ended (lag > ${ms(missingAtLeastMs)})` : '';
  return `${label}: ${s.length.toLocaleString('en')} runs started${notStarted}, start lag p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)}, max ${missing ? at(100) : ms(s[s.length - 1] ?? NaN)}`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function bench(): Promise<BenchResult> {
  const opts: SchedulingOptions = {
    monitors: Number(process.env.BENCH_SCHED_MONITORS ?? 100_000),
    measureS: Number(process.env.BENCH_SCHED_MEASURE_S ?? 120),
    concurrency: Number(process.env.BENCH_SCHED_CONCURRENCY ?? 100),
    workers: Number(process.env.BENCH_SCHED_WORKERS ?? 1),
  };
  return process.env.BENCH_SCHED_CLUSTER === '1' ? clusterAgainstOneNode(opts) : measureScheduling(opts);
}

/**
 * BENCH_SCHED_CLUSTER=1: the same run on a throwaway single node, then on a throwaway 3-primary
 * Redis Cluster with VIGIL_QUEUE_SHARDS=3 (BENCH_SCHED_SHARDS), one after the other.
 */
async function clusterAgainstOneNode(opts: SchedulingOptions): Promise<BenchResult> {
  const shards = process.env.BENCH_SCHED_SHARDS ?? '3';
  const lines: string[] = [];
  const single = await startRedisServer();
  try {
    const one = await measureScheduling({ ...opts, nodes: { label: 'one node', env: { REDIS_URL: single.url }, urls: [single.url] } });
    lines.push('— one Redis node, 1 shard —', ...one.lines);
  } finally {
    await single.stop();
  }
  const cluster = await startRedisCluster(3);
  try {
    const urls = cluster.nodes.map((n) => n.url);
    const three = await measureScheduling({ ...opts, nodes: { label: `Cluster of 3 primaries, ${shards} shards`, env: { ...cluster.env, VIGIL_QUEUE_SHARDS: shards }, urls } });
    lines.push(`— Redis Cluster, 3 primaries, ${shards} shards —`, ...three.lines);
  } finally {
    await cluster.stop();
  }
  return { name: 'Monitor scheduling: one node against a 3-primary Cluster', lines };
}

export async function measureScheduling(opts: SchedulingOptions): Promise<BenchResult> {
  const { monitors: MONITORS, measureS: MEASURE_S, concurrency: CONCURRENCY, workers: WORKERS } = opts;
  const SAMPLE = opts.sampleEvery ?? 1;
  /** Scheduled runs started per wall-clock second (all monitors, sampled or not). */
  const startsPerSecond = new Map<number, number>();
  let totalStarts = 0;
  let bucketRuns = 0;
  const lines: string[] = [];
  const db = await benchDatabase('sched');
  const prefix = `{vbsched${randomBytes(3).toString('hex')}}`;
  const config = loadConfig({
    ...process.env,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.nodes?.env,
    DATABASE_URL: db.url,
    VIGIL_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
  });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const workers: Worker[] = [];
  const connections: RedisClient[] = [];
  const runs: { monitorId: number; due: number; lag: number }[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    await seedMonitors(ctx, MONITORS);
    const memBefore = await usedMemoryOf(ctx.redis);

    // The no-op "checker": the product's bucket handler (each monitor started at its due time),
    // with a check that only records the start lag; catch-up jobs are recorded the same way.
    const started = (monitorId: number, runKey: string) => {
      const now = Date.now();
      const due = Number(runKey.split(':').pop());
      if (!runKey.startsWith('repeat:') || !Number.isFinite(due)) return;
      const sec = Math.floor(now / 1000);
      startsPerSecond.set(sec, (startsPerSecond.get(sec) ?? 0) + 1);
      totalStarts++;
      if (monitorId % SAMPLE === 0) runs.push({ monitorId, due, lag: now - due });
    };
    // No accounts here: each monitor is its own, so the per-account cap never binds.
    const ownAccounts = (ids: readonly number[]) => Promise.resolve(new Map(ids.map((id) => [id, id])));
    const bucket = monitorBucketJob(
      ctx,
      ({ monitorId, runKey }) => {
        started(monitorId, runKey);
        return Promise.resolve(null);
      },
      ownAccounts,
    );
    const processor = async (job: Job) => {
      if (job.name === JobName.MonitorBucket) {
        bucketRuns++;
        await bucket(job.data as JobPayloads[JobName.MonitorBucket], job as Job<JobPayloads[JobName.MonitorBucket]>);
      } else started(Number(job.data.monitorId), String(job.id));
      return null;
    };
    // As a checker does: WORKERS workers on every shard of the checks queue.
    for (const shardPrefix of ctx.queues.checkQueuePrefixes()) {
      for (let i = 0; i < WORKERS; i++) {
        const connection = createRedisConnection(config.redis, 'worker');
        connections.push(connection);
        const w = new Worker(QueueName.Checks, processor, {
          connection: connection as ConnectionOptions,
          prefix: shardPrefix,
          concurrency: CONCURRENCY,
          ...opts.workerOptions,
        });
        w.on('error', (e) => console.error('worker error', e.message));
        workers.push(w);
      }
    }
    const nodeClients = (opts.nodes?.urls ?? []).map((url) => createRedisConnection(url, 'client', { commandTimeoutMs: 10_000 }));
    connections.push(...nodeClients);
    const nodeCpu = async () => Promise.all(nodeClients.map(async (c) => (await redisStats(c)).cpuS));
    const nodeMemory = async () => Promise.all(nodeClients.map((c) => usedMemoryOf(c)));
    let nodeCpuFrom: { at: number; cpu: number[] } | undefined;
    let nodeLines: string[] = [];
    await Promise.all(workers.map((w) => w.waitUntilReady()));

    let memPeak = memBefore;
    sampler = setInterval(() => {
      usedMemoryOf(ctx.redis).then((m) => (memPeak = Math.max(memPeak, m)), () => undefined);
    }, 1000);

    const t0 = Date.now();
    const reconciled = await reconcileMonitorSchedules(ctx);
    const t1 = Date.now();
    const memScheduled = await usedMemoryOf(ctx.redis);
    lines.push(
      `${MONITORS.toLocaleString('en')} active monitors at ${INTERVAL_S} s; ${WORKERS} no-op worker(s) × concurrency ${CONCURRENCY} in the bench process; Redis and PostgreSQL on the same machine`,
    );
    const shardBuckets = await Promise.all(ctx.queues.checkQueuePrefixes().map((_, shard) => ctx.queues.checkQueue(DEFAULT_REGION, shard).getJobSchedulersCount()));
    const buckets = `${shardBuckets.reduce((a, b) => a + b, 0).toLocaleString('en')}${shardBuckets.length > 1 ? ` (per shard: ${shardBuckets.join(', ')})` : ''}`;
    lines.push(`reconcile from an empty Redis: ${reconciled.added.toLocaleString('en')} monitors put in ${buckets} interval buckets in ${((t1 - t0) / 1000).toFixed(1)} s`);

    // Steady state: due times from one interval after the reconcile ended, for MEASURE_S.
    const steadyFrom = Math.ceil((t1 + INTERVAL_S * 1000) / 1000) * 1000;
    const steadyTo = steadyFrom + MEASURE_S * 1000;
    const deadline = steadyTo + 30_000;
    const sampled = Math.floor(MONITORS / SAMPLE);
    const expectedSampled = Math.round((sampled * MEASURE_S) / INTERVAL_S);
    let costFrom: { stats: RedisStats; starts: number; runs: number; cpu: NodeJS.CpuUsage; at: number } | undefined;
    let costLines: string[] = [];
    while (Date.now() < deadline) {
      if (nodeClients.length && !nodeCpuFrom && Date.now() >= steadyFrom) nodeCpuFrom = { at: Date.now(), cpu: await nodeCpu() };
      if (nodeCpuFrom && !nodeLines.length && Date.now() >= steadyTo) {
        const seconds = (Date.now() - nodeCpuFrom.at) / 1000;
        const from = nodeCpuFrom.cpu;
        const cpu = (await nodeCpu()).map((c, k) => `${(((c - from[k]) / seconds) * 100).toFixed(1)} %`);
        const mem = (await nodeMemory()).map((m) => mb(m));
        nodeLines = [`${opts.nodes?.label}: Redis CPU per node over ${seconds.toFixed(0)} s of the steady window (% of a core): ${cpu.join(', ')}; used_memory per node at its end: ${mem.join(', ')}`];
      }
      if (opts.redisStats && !costFrom && Date.now() >= steadyFrom) {
        costFrom = { stats: await redisStats(ctx.redis), starts: totalStarts, runs: bucketRuns, cpu: process.cpuUsage(), at: Date.now() };
      }
      if (opts.redisStats && costFrom && !costLines.length && Date.now() >= steadyTo) {
        const cpu = process.cpuUsage(costFrom.cpu);
        const seconds = (Date.now() - costFrom.at) / 1000;
        costLines = [
          ...describeCost(costFrom.stats, await redisStats(ctx.redis), totalStarts - costFrom.starts, (cpu.user + cpu.system) / 1000, seconds),
          `bucket runs started over that window: ${(bucketRuns - costFrom.runs).toLocaleString('en')} (${((bucketRuns - costFrom.runs) / seconds).toFixed(1)}/s)`,
        ];
      }
      const done = runs.filter((r) => r.due >= steadyFrom && r.due < steadyTo).length;
      if (Date.now() > steadyTo && done >= expectedSampled - 1) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const measuredUntil = Date.now();
    if (opts.redisStats && costFrom && !costLines.length) {
      const cpu = process.cpuUsage(costFrom.cpu);
      costLines = describeCost(costFrom.stats, await redisStats(ctx.redis), totalStarts - costFrom.starts, (cpu.user + cpu.system) / 1000, (measuredUntil - costFrom.at) / 1000);
    }
    clearInterval(sampler);
    sampler = undefined;
    const memEnd = await usedMemoryOf(ctx.redis);
    // The every-minute reconcile of a deployment whose checks are recorded (the no-op checks
    // record none, so without this every monitor would look behind and be caught up); a minute
    // ahead, so that no due time passing while it runs makes one look behind either.
    await ctx.db.query(`UPDATE monitors SET last_checked_at = now() + interval '1 minute'`);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const t2 = Date.now();
    const again = await reconcileMonitorSchedules(ctx);
    const reconcileSteadyS = (Date.now() - t2) / 1000;
    loopDelay.disable();

    const firstRuns = new Map<number, { due: number; lag: number }>();
    for (const r of runs) if (!firstRuns.has(r.monitorId) || (firstRuns.get(r.monitorId)?.due ?? 0) > r.due) firstRuns.set(r.monitorId, r);
    const firstRound = [...firstRuns.values()].map((r) => r.lag);
    const steady = runs.filter((r) => r.due >= steadyFrom && r.due < steadyTo).map((r) => r.lag);
    const sampleNote = SAMPLE > 1 ? `, lags of the 1 in ${SAMPLE} monitors whose id is a multiple of ${SAMPLE}` : '';
    lines.push(describe(`first run of each monitor (due while and right after the reconcile runs${sampleNote})`, firstRound));
    lines.push(
      describe(
        `steady state (due times over ${MEASURE_S} s${sampleNote}, expected ${expectedSampled.toLocaleString('en')})`,
        steady,
        Math.max(0, expectedSampled - steady.length),
        measuredUntil - steadyTo,
      ),
    );
    const starts = [...startsPerSecond.entries()].filter(([sec]) => sec * 1000 >= steadyFrom && sec * 1000 < Math.min(steadyTo, measuredUntil - 1000)).map(([, n]) => n);
    const meanStarts = starts.reduce((a, b) => a + b, 0) / Math.max(1, starts.length);
    lines.push(
      `scheduled runs started per second over the steady window (all monitors): mean ${meanStarts.toFixed(0)}, max ${Math.max(0, ...starts)}; due ${(MONITORS / INTERVAL_S).toFixed(0)}/s (${(meanStarts / (MONITORS / INTERVAL_S)).toFixed(2)} × the due rate)`,
    );
    const perSecond = new Map<number, number>();
    for (const r of runs.filter((x) => x.due >= steadyFrom && x.due < steadyTo)) {
      const sec = Math.floor(r.due / 1000);
      perSecond.set(sec, (perSecond.get(sec) ?? 0) + 1);
    }
    const counts = [...perSecond.values()];
    lines.push(
      `spread: due runs per second over the steady window min ${Math.min(...counts)}, max ${Math.max(...counts)} (mean ${(sampled / INTERVAL_S).toFixed(0)}${SAMPLE > 1 ? ', sampled monitors' : ''})`,
    );
    lines.push(...costLines, ...nodeLines);
    lines.push(
      `reconcile when Redis agrees (the every-minute case, under the check load): ${again.added} added, ${again.removed} removed in ${reconcileSteadyS.toFixed(1)} s; the process's event loop delayed by up to ${(loopDelay.max / 1e6).toFixed(0)} ms meanwhile (p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms)`,
    );
    lines.push(
      `Redis used_memory: before ${mb(memBefore)}, after scheduling ${mb(memScheduled)} (+${mb(memScheduled - memBefore)}), peak during the run ${mb(memPeak)} (+${mb(memPeak - memBefore)}), at the end ${mb(memEnd)}`,
    );
  } catch (e) {
    // Cleaning up may fail as well (a lost connection); the first error is the one to see.
    console.error('scheduling bench failed:', e);
    throw e;
  } finally {
    if (sampler) clearInterval(sampler);
    // A graceful close (the jobs are no-ops): force-closing and then closing the connection
    // left BullMQ 5.81 spinning in its fetch loop.
    await Promise.all(workers.map((w) => w.close()));
    for (const c of connections) c.disconnect();
    // The bench's own nodes are removed whole.
    if (!opts.nodes) await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
  }
  return { name: 'Monitor scheduling', lines };
}

/**
 * Interval buckets, a bench-only prototype (issue 12; NOT built into the product): instead of one
 * BullMQ job scheduler per monitor, one scheduler per (interval, slot) on a queue of its own.
 * A monitor's phase is the product's (scheduleOffsetMs: id × golden ratio over the interval); its
 * slot is phase ÷ BENCH_BUCKETS_SLOT_MS (1 s: 60 slots at 60 s, ≈ 16,667 monitors per slot at
 * 1,000,000). The scheduler `bucket-<every>-<slot>` fires at the slot's start and its run
 * `repeat:bucket-<every>-<slot>:<due ms>` names the slot (it carries no monitor ids); the
 * worker knows the slot's monitors (here: read once from PostgreSQL with the product's
 * wantedMonitorSchedules, as a checker holds its monitors' configurations in memory already),
 * computes each monitor's own due time (the run's due time + the monitor's phase − the slot's
 * start, i.e. exactly its per-monitor scheduler's due time) and starts it when due: a no-op that
 * records start lag = started − due. Nothing is probed and no check is written.
 *
 * Reports, like storage-scheduling: time to create (read the wanted monitors + upsert the bucket
 * schedulers), start lag p50/p95/p99/max per monitor (first interval and steady window), monitors
 * started per second, bucket jobs per second, Redis used_memory and Redis CPU per started
 * monitor, on a throwaway redis-server (BENCH_BUCKETS_REDIS_PORT, 6401).
 *
 * Env: BENCH_BUCKETS_MONITORS (1,000,000), BENCH_BUCKETS_MEASURE_S (120), BENCH_BUCKETS_SLOT_MS
 * (1000), BENCH_BUCKETS_WORKERS (2), BENCH_BUCKETS_CONCURRENCY (per worker, 4),
 * BENCH_BUCKETS_REDIS_PORT (6401), BENCH_BUCKETS_FANOUT (0). With BENCH_BUCKETS_FANOUT=1 the bucket
 * worker does not start the monitors itself: at each monitor's due time it adds the monitor's
 * own check job (`repeat:monitor-<id>:<due ms>`, the product's run id and template options,
 * addBulk per wake-up) to a checks queue, where no-op workers (BENCH_BUCKETS_CHECK_WORKERS, 2,
 * × BENCH_BUCKETS_CHECK_CONCURRENCY, 200) record the start lag: per-check BullMQ jobs without
 * per-monitor schedulers.
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker, type ConnectionOptions, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { SCHEDULED_JOB_OPTIONS, createContext, createLogger, createRedisConnection, loadConfig, scheduleOffsetMs, wantedMonitorSchedules } from '@vigil/core';
import type { BenchResult } from './run.js';
import { describe, describeCost, redisStats, seedMonitors, type RedisStats } from './scheduling.bench.js';
import { benchDatabase, throwawayRedis } from './support.js';

const MONITORS = Number(process.env.BENCH_BUCKETS_MONITORS ?? 1_000_000);
const MEASURE_S = Number(process.env.BENCH_BUCKETS_MEASURE_S ?? 120);
const SLOT_MS = Number(process.env.BENCH_BUCKETS_SLOT_MS ?? 1000);
const WORKERS = Number(process.env.BENCH_BUCKETS_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_BUCKETS_CONCURRENCY ?? 4);
const PORT = Number(process.env.BENCH_BUCKETS_REDIS_PORT ?? 6401);
const INTERVAL_S = 60;
const FANOUT = process.env.BENCH_BUCKETS_FANOUT === '1';
const CHECK_WORKERS = Number(process.env.BENCH_BUCKETS_CHECK_WORKERS ?? 2);
const CHECK_CONCURRENCY = Number(process.env.BENCH_BUCKETS_CHECK_CONCURRENCY ?? 200);
const QUEUE = 'checks-buckets';
const CHECK_QUEUE = 'checks-fanout';

/** One slot: its monitors' phases (ms within the interval), ascending, and their ids in the same order. */
interface Slot {
  everyMs: number;
  startMs: number;
  phases: Float64Array;
  ids: Int32Array;
}

const slotKey = (everyMs: number, slot: number) => `bucket-${everyMs}-${slot}`;

/** Groups the wanted monitors by (interval, slot); each slot's phases sorted. */
function buildSlots(wanted: { id: number; everyMs: number }[]): Map<string, Slot> {
  const lists = new Map<string, { everyMs: number; startMs: number; members: { id: number; phase: number }[] }>();
  for (const w of wanted) {
    const phase = scheduleOffsetMs(w.id, w.everyMs);
    const slot = Math.floor(phase / SLOT_MS);
    const key = slotKey(w.everyMs, slot);
    let list = lists.get(key);
    if (!list) lists.set(key, (list = { everyMs: w.everyMs, startMs: slot * SLOT_MS, members: [] }));
    list.members.push({ id: w.id, phase });
  }
  const slots = new Map<string, Slot>();
  for (const [key, l] of lists) {
    l.members.sort((a, b) => a.phase - b.phase);
    slots.set(key, { everyMs: l.everyMs, startMs: l.startMs, phases: Float64Array.from(l.members, (m) => m.phase), ids: Int32Array.from(l.members, (m) => m.id) });
  }
  return slots;
}

export default async function bench(): Promise<BenchResult> {
  const redis = await throwawayRedis(PORT);
  const db = await benchDatabase('buckets');
  const prefix = `{vbbuckets${randomBytes(3).toString('hex')}}`;
  // A million rows outlast the default statement timeout; a Redis busy with fan-out answers slower than 1 s.
  process.env.VIGIL_DB_STATEMENT_TIMEOUT_MS ??= '600000';
  process.env.VIGIL_REDIS_COMMAND_TIMEOUT_MS ??= '60000';
  const config = loadConfig({ ...process.env, REDIS_URL: redis.url, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix, LOG_LEVEL: 'error' });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const connections: Redis[] = [];
  const workers: Worker[] = [];
  const queue = new Queue(QUEUE, { connection: ctx.redis as ConnectionOptions, prefix });
  const checkQueue = new Queue(CHECK_QUEUE, { connection: ctx.redis as ConnectionOptions, prefix });
  const lines: string[] = [];
  /** Per started monitor: due and lag (ms), for every monitor (no sampling). */
  const dues: number[] = [];
  const lags: number[] = [];
  const startsPerSecond = new Map<number, number>();
  let bucketRuns = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    await seedMonitors(ctx, MONITORS);
    const memBefore = await redis.usedMemory();

    const t0 = Date.now();
    const wanted = await wantedMonitorSchedules(ctx.db, config.tiers);
    const slots = buildSlots(wanted);
    const tLoaded = Date.now();

    const started = (due: number, now: number) => {
      dues.push(due);
      lags.push(now - due);
      const sec = Math.floor(now / 1000);
      startsPerSecond.set(sec, (startsPerSecond.get(sec) ?? 0) + 1);
    };
    // Fan-out: the no-op check worker records the lag of each monitor's own job.
    const checkProcessor = async (job: Job) => {
      const due = Number(String(job.id).split(':').pop());
      if (Number.isFinite(due)) started(due, Date.now());
      return null;
    };
    // The no-op bucket worker: start each of the slot's monitors at its own due time (or, fan-out: add its check job then).
    const processor = async (job: Job) => {
      const m = /^repeat:(bucket-\d+-\d+):(\d+)$/.exec(String(job.id));
      const slot = m ? slots.get(m[1]) : undefined;
      if (!m || !slot) return null;
      bucketRuns++;
      const slotDue = Number(m[2]);
      const base = slotDue - slot.startMs;
      const { phases, ids } = slot;
      let i = 0;
      while (i < phases.length) {
        const now = Date.now();
        const batch: { name: string; data: { monitorId: number }; opts: JobsOptions }[] = [];
        for (; i < phases.length && base + phases[i] <= now; i++) {
          const due = base + phases[i];
          if (FANOUT) batch.push({ name: 'monitor-check', data: { monitorId: ids[i] }, opts: { ...SCHEDULED_JOB_OPTIONS, jobId: `repeat:monitor-${ids[i]}:${due}` } });
          else started(due, now);
        }
        if (batch.length) await checkQueue.addBulk(batch);
        if (i < phases.length) await new Promise((r) => setTimeout(r, Math.max(1, base + phases[i] - Date.now())));
      }
      return null;
    };
    for (let w = 0; w < WORKERS; w++) {
      const connection = createRedisConnection(config.redisUrl, 'worker');
      connections.push(connection);
      const worker = new Worker(QUEUE, processor, { connection: connection as ConnectionOptions, prefix, concurrency: CONCURRENCY });
      worker.on('error', (e) => console.error('worker error', e.message));
      workers.push(worker);
    }
    for (let w = 0; FANOUT && w < CHECK_WORKERS; w++) {
      const connection = createRedisConnection(config.redisUrl, 'worker');
      connections.push(connection);
      const worker = new Worker(CHECK_QUEUE, checkProcessor, { connection: connection as ConnectionOptions, prefix, concurrency: CHECK_CONCURRENCY });
      worker.on('error', (e) => console.error('check worker error', e.message));
      workers.push(worker);
    }
    await Promise.all(workers.map((w) => w.waitUntilReady()));

    let memPeak = memBefore;
    sampler = setInterval(() => {
      redis.usedMemory().then((v) => (memPeak = Math.max(memPeak, v)), () => undefined);
    }, 1000);

    for (const [key, slot] of slots) {
      // Offset 0 means "no offset" to BullMQ (phase = creation time): slot 0 starts at 1 ms, as the product's phases do.
      await queue.upsertJobScheduler(key, { every: slot.everyMs, offset: Math.max(1, slot.startMs) }, { name: 'bucket', data: { key }, opts: SCHEDULED_JOB_OPTIONS });
    }
    const t1 = Date.now();
    const memScheduled = await redis.usedMemory();
    lines.push(
      `${MONITORS.toLocaleString('en')} active monitors at ${INTERVAL_S} s in ${slots.size} buckets of ${SLOT_MS} ms (${Math.round(MONITORS / slots.size).toLocaleString('en')} monitors each); ${WORKERS} no-op bucket worker(s) × concurrency ${CONCURRENCY}${FANOUT ? ` adding each monitor's check job when due, ${CHECK_WORKERS} no-op check worker(s) × concurrency ${CHECK_CONCURRENCY}` : ' starting each monitor when due'} in the bench process; Redis (throwaway, port ${PORT}) and PostgreSQL on the same machine`,
    );
    lines.push(
      `create from an empty Redis: wanted monitors read from PostgreSQL and grouped in ${((tLoaded - t0) / 1000).toFixed(1)} s, ${slots.size} bucket schedulers upserted in ${((t1 - tLoaded) / 1000).toFixed(2)} s (total ${((t1 - t0) / 1000).toFixed(1)} s)`,
    );

    const steadyFrom = Math.ceil((t1 + INTERVAL_S * 1000) / 1000) * 1000;
    const steadyTo = steadyFrom + MEASURE_S * 1000;
    const deadline = steadyTo + 30_000;
    const expected = Math.round((MONITORS * MEASURE_S) / INTERVAL_S);
    const inWindow = () => {
      let n = 0;
      for (const d of dues) if (d >= steadyFrom && d < steadyTo) n++;
      return n;
    };
    let costFrom: { stats: RedisStats; starts: number; runs: number; cpu: NodeJS.CpuUsage; at: number } | undefined;
    let costLines: string[] = [];
    const costTo = async () => {
      if (!costFrom || costLines.length) return;
      const cpu = process.cpuUsage(costFrom.cpu);
      const seconds = (Date.now() - costFrom.at) / 1000;
      const runs = bucketRuns - costFrom.runs;
      costLines = [
        ...describeCost(costFrom.stats, await redisStats(ctx.redis), dues.length - costFrom.starts, (cpu.user + cpu.system) / 1000, seconds),
        `bucket jobs started over that window: ${runs.toLocaleString('en')} (${(runs / seconds).toFixed(2)}/s)`,
      ];
    };
    while (Date.now() < deadline) {
      if (!costFrom && Date.now() >= steadyFrom) {
        costFrom = { stats: await redisStats(ctx.redis), starts: dues.length, runs: bucketRuns, cpu: process.cpuUsage(), at: Date.now() };
      }
      if (Date.now() >= steadyTo) {
        await costTo();
        if (inWindow() >= expected - 1) break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const measuredUntil = Date.now();
    await costTo();
    clearInterval(sampler);
    sampler = undefined;
    const memEnd = await redis.usedMemory();

    const firstTo = t1 + INTERVAL_S * 1000;
    const first: number[] = [];
    const steady: number[] = [];
    for (let k = 0; k < dues.length; k++) {
      if (dues[k] < firstTo) first.push(lags[k]);
      else if (dues[k] >= steadyFrom && dues[k] < steadyTo) steady.push(lags[k]);
    }
    lines.push(describe('first interval after creating the buckets (every monitor)', first));
    lines.push(describe(`steady state (due times over ${MEASURE_S} s, every monitor, expected ${expected.toLocaleString('en')})`, steady, Math.max(0, expected - steady.length), measuredUntil - steadyTo));
    const starts = [...startsPerSecond.entries()].filter(([sec]) => sec * 1000 >= steadyFrom && sec * 1000 < Math.min(steadyTo, measuredUntil - 1000)).map(([, n]) => n);
    const meanStarts = starts.reduce((a, b) => a + b, 0) / Math.max(1, starts.length);
    lines.push(
      `monitors started per second over the steady window: mean ${meanStarts.toFixed(0)}, max ${Math.max(0, ...starts)}; due ${(MONITORS / INTERVAL_S).toFixed(0)}/s (${(meanStarts / (MONITORS / INTERVAL_S)).toFixed(2)} × the due rate)`,
    );
    lines.push(...costLines);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    lines.push(
      `Redis used_memory: empty ${mb(redis.emptyBytes)}, before ${mb(memBefore)}, after creating the buckets ${mb(memScheduled)} (+${mb(memScheduled - memBefore)}), peak during the run ${mb(memPeak)} (+${mb(memPeak - memBefore)}), at the end ${mb(memEnd)}`,
    );
  } catch (e) {
    console.error('interval buckets bench failed:', e);
    throw e;
  } finally {
    if (sampler) clearInterval(sampler);
    await Promise.all(workers.map((w) => w.close()));
    for (const c of connections) c.disconnect();
    await queue.close();
    await checkQueue.close();
    await ctx.close();
    await db.drop();
    await redis.stop();
  }
  return { name: `Interval buckets (bench-only prototype${FANOUT ? ', fan-out to per-check jobs' : ''}): ${MONITORS.toLocaleString('en')} monitors`, lines };
}

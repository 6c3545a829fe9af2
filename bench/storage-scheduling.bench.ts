/**
 * Check storage, scheduling side (issue 12): the product's interval buckets (one BullMQ job
 * scheduler per slot, members in Redis sets) for a million monitors, on a throwaway Redis this bench starts and stops (redis-server on
 * BENCH_STORAGE_REDIS_PORT, 6393, no persistence) so the memory figures are ours alone.
 * Runs bench/scheduling.bench.ts's measurement (real reconciler from an empty Redis, no-op
 * BullMQ workers in this process, Redis used_memory) with BENCH_STORAGE_SCHED_MONITORS
 * (1,000,000) monitors at 60 s; start lags (due → started by a worker) are kept for a sample
 * (monitor ids that are multiples of BENCH_STORAGE_SCHED_SAMPLE, 10) and starts per second are
 * counted for all. A smaller count is extrapolated linearly to 1,000,000.
 *
 * Env: BENCH_STORAGE_SCHED_MONITORS (1,000,000), BENCH_STORAGE_SCHED_MEASURE_S (120),
 * BENCH_STORAGE_SCHED_WORKERS (2), BENCH_STORAGE_SCHED_CONCURRENCY (per worker, 200),
 * BENCH_STORAGE_SCHED_SAMPLE (10), BENCH_STORAGE_REDIS_PORT (6393), BENCH_STORAGE_SCHED_WORKER_OPTIONS (JSON
 * of extra BullMQ worker options, e.g. '{"drainDelay":1}', for A/B runs).
 * The server is ours alone, so it also reports Redis CPU and commands per started run.
 */
import type { WorkerOptions } from 'bullmq';
import type { BenchResult } from './run.js';
import { measureScheduling } from './scheduling.bench.js';
import { throwawayRedis } from './support.js';

const MONITORS = Number(process.env.BENCH_STORAGE_SCHED_MONITORS ?? 1_000_000);
const MEASURE_S = Number(process.env.BENCH_STORAGE_SCHED_MEASURE_S ?? 120);
const WORKERS = Number(process.env.BENCH_STORAGE_SCHED_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_STORAGE_SCHED_CONCURRENCY ?? 200);
const SAMPLE = Number(process.env.BENCH_STORAGE_SCHED_SAMPLE ?? 10);
const PORT = Number(process.env.BENCH_STORAGE_REDIS_PORT ?? 6393);
const WORKER_OPTIONS = JSON.parse(process.env.BENCH_STORAGE_SCHED_WORKER_OPTIONS ?? '{}') as Partial<WorkerOptions>;
/** The bound on Redis memory for scheduling a million monitors. */
const MEMORY_BOUND_BYTES = 2 * 1024 ** 3;
const TARGET = 1_000_000;

export default async function bench(): Promise<BenchResult> {
  const redis = await throwawayRedis(PORT);
  const { url, emptyBytes: empty } = redis;
  try {
    // A million rows outlast the default statement timeout on this machine, and one Redis busy
    // filling a million monitors' buckets answers slower than the default command timeout (1 s).
    process.env.VIGIL_DB_STATEMENT_TIMEOUT_MS ??= '600000';
    process.env.VIGIL_REDIS_COMMAND_TIMEOUT_MS ??= '60000';
    const result = await measureScheduling({ monitors: MONITORS, measureS: MEASURE_S, concurrency: CONCURRENCY, workers: WORKERS, redisUrl: url, sampleEvery: SAMPLE, redisStats: true, workerOptions: WORKER_OPTIONS });
    const memLine = result.lines.find((l) => l.startsWith('Redis used_memory')) ?? '';
    const scheduled = Number(/after scheduling ([\d.]+) MB/.exec(memLine)?.[1] ?? NaN) * 1024 * 1024;
    const peak = Number(/peak during the run ([\d.]+) MB/.exec(memLine)?.[1] ?? NaN) * 1024 * 1024;
    const perMonitor = (scheduled - empty) / MONITORS;
    const perMonitorPeak = (peak - empty) / MONITORS;
    const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
    const atTarget = perMonitorPeak * TARGET;
    const scale = MONITORS === TARGET ? 'measured' : `extrapolated (× ${TARGET / MONITORS}, linear)`;
    return {
      name: `Check storage: ${MONITORS.toLocaleString('en')} monitors in interval buckets on a throwaway Redis (port ${PORT})`,
      lines: [
        ...(Object.keys(WORKER_OPTIONS).length ? [`extra worker options: ${JSON.stringify(WORKER_OPTIONS)}`] : []),
        ...result.lines,
        `per monitor: ${perMonitor.toFixed(0)} B scheduled, ${perMonitorPeak.toFixed(0)} B at the peak (empty Redis ${(empty / 1024 / 1024).toFixed(1)} MB)`,
        `${TARGET.toLocaleString('en')} monitors, ${scale}: ${gb(perMonitor * TARGET)} scheduled, ${gb(atTarget)} at the peak; ${Math.round(TARGET / 60).toLocaleString('en')} monitors/s to start`,
        `${atTarget > MEMORY_BOUND_BYTES ? 'above' : 'under'} the 2 GB bound on Redis memory at ${TARGET.toLocaleString('en')} monitors`,
      ],
    };
  } finally {
    await redis.stop();
  }
}

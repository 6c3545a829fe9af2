/**
 * Check storage, scheduling side (issue 12): BullMQ job schedulers (one per monitor) for a
 * million monitors, on a throwaway Redis this bench starts and stops (redis-server on
 * BENCH_STORAGE_REDIS_PORT, 6393, no persistence) so the memory figures are ours alone.
 * Runs bench/scheduling.bench.ts's measurement (real reconciler from an empty Redis, no-op
 * BullMQ workers in this process, Redis used_memory) with BENCH_STORAGE_SCHED_MONITORS
 * (1,000,000) monitors at 60 s; start lags (due → started by a worker) are kept for a sample
 * (monitor ids that are multiples of BENCH_STORAGE_SCHED_SAMPLE, 10) and starts per second are
 * counted for all. A smaller count is extrapolated linearly to 1,000,000.
 *
 * Env: BENCH_STORAGE_SCHED_MONITORS (1,000,000), BENCH_STORAGE_SCHED_MEASURE_S (120),
 * BENCH_STORAGE_SCHED_WORKERS (2), BENCH_STORAGE_SCHED_CONCURRENCY (per worker, 200),
 * BENCH_STORAGE_SCHED_SAMPLE (10), BENCH_STORAGE_REDIS_PORT (6393).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { BenchResult } from './run.js';
import { measureScheduling } from './scheduling.bench.js';

const MONITORS = Number(process.env.BENCH_STORAGE_SCHED_MONITORS ?? 1_000_000);
const MEASURE_S = Number(process.env.BENCH_STORAGE_SCHED_MEASURE_S ?? 120);
const WORKERS = Number(process.env.BENCH_STORAGE_SCHED_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_STORAGE_SCHED_CONCURRENCY ?? 200);
const SAMPLE = Number(process.env.BENCH_STORAGE_SCHED_SAMPLE ?? 10);
const PORT = Number(process.env.BENCH_STORAGE_REDIS_PORT ?? 6393);
/** Above this, BullMQ schedulers are too dear and interval buckets would have to be measured (the bound). */
const BUCKETS_ABOVE_BYTES = 2 * 1024 ** 3;
const TARGET = 1_000_000;

async function usedMemory(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // A refused connection while the server starts rejects connect(); the event would only log it.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1] ?? 0);
  } finally {
    redis.disconnect();
  }
}

async function waitForRedis(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await usedMemory(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`no Redis at ${url}`);
}

export default async function bench(): Promise<BenchResult> {
  const url = `redis://127.0.0.1:${PORT}`;
  const server = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  try {
    await waitForRedis(url);
    const empty = await usedMemory(url);
    // A million rows outlast the default statement timeout on this machine, and one Redis busy
    // creating a million schedulers answers slower than the default command timeout (1 s).
    process.env.VIGIL_DB_STATEMENT_TIMEOUT_MS ??= '600000';
    process.env.VIGIL_REDIS_COMMAND_TIMEOUT_MS ??= '60000';
    const result = await measureScheduling({ monitors: MONITORS, measureS: MEASURE_S, concurrency: CONCURRENCY, workers: WORKERS, redisUrl: url, sampleEvery: SAMPLE, reconcileAgain: false });
    const memLine = result.lines.find((l) => l.startsWith('Redis used_memory')) ?? '';
    const scheduled = Number(/after scheduling ([\d.]+) MB/.exec(memLine)?.[1] ?? NaN) * 1024 * 1024;
    const peak = Number(/peak during the run ([\d.]+) MB/.exec(memLine)?.[1] ?? NaN) * 1024 * 1024;
    const perMonitor = (scheduled - empty) / MONITORS;
    const perMonitorPeak = (peak - empty) / MONITORS;
    const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
    const atTarget = perMonitorPeak * TARGET;
    const scale = MONITORS === TARGET ? 'measured' : `extrapolated (× ${TARGET / MONITORS}, linear)`;
    return {
      name: `Check storage: ${MONITORS.toLocaleString('en')} monitor schedulers on a throwaway Redis (port ${PORT})`,
      lines: [
        ...result.lines,
        `per monitor: ${perMonitor.toFixed(0)} B scheduled, ${perMonitorPeak.toFixed(0)} B at the peak (empty Redis ${(empty / 1024 / 1024).toFixed(1)} MB)`,
        `${TARGET.toLocaleString('en')} monitors, ${scale}: ${gb(perMonitor * TARGET)} scheduled, ${gb(atTarget)} at the peak; ${Math.round(TARGET / 60).toLocaleString('en')} jobs/s to start`,
        atTarget > BUCKETS_ABOVE_BYTES
          ? `above the 2 GB bound: BullMQ job schedulers cost too much at 1 M monitors; interval buckets must be measured`
          : `under the 2 GB bound: BullMQ job schedulers kept (interval buckets not needed)`,
      ],
    };
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

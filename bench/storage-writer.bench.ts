/**
 * Check storage, write side (issue 12): can one checker's writer keep up with 1,000,000 monitors
 * at 60 s, i.e. 16,667 checks/s? The writer alone, no probes: the real group-commit check writer
 * (createCheckWriter → recordChecks: lock the batch's monitors, insert the checks skipping
 * duplicates, update the monitors with their newest hour's rollup sums, store older hours)
 * records BENCH_STORAGE_ROWS successful checks of BENCH_STORAGE_MONITORS monitors, submitted as
 * fast as it takes them.
 * Baseline in the same run: a raw COPY of rows of the same shape into the same partitioned
 * `checks` table (same indexes), one day later so both fill an empty daily partition.
 *
 * Check times advance at 16,667 per second of "check time" (the 1 M-monitor rate), so the rows
 * of a run fall in one hour, as they would. Each variant writes a later day: in the first, no
 * monitor's hour is moved to the stored hours; in every later one, each monitor's first check
 * moves the hour it kept (one stored-hour upsert per monitor, i.e. per 2 checks with the
 * defaults; at 60 s a monitor moves one per 60 checks).
 *
 * Variants (BENCH_STORAGE_VARIANTS, comma list of maxBatch/maxInFlight): by default the
 * writer's defaults, and twice as many batches in flight (what two checker processes offer the
 * database).
 *
 * WAL per check (and per COPY row): the server's pg_current_wal_lsn difference, which on a shared
 * server counts other databases' writes too, and, where the server allows it (a superuser:
 * support.ts meterDatabaseWal), the WAL records of this database's blocks alone, full-page
 * images shown apart.
 *
 * CPU per check (and per COPY row): this process's (the writer and its submitters; for COPY, the
 * rows' formatting) and, where the server runs on this host (/proc), its backends' for this
 * database: where the time goes, less blurred by other load than the rates.
 *
 * Then the multi-region part (storage-writer-regions.ts): the writer on monitors in 3 regions, and
 * what the per-region hourly rollups' upsert costs per check of theirs.
 *
 * Env: BENCH_STORAGE_MONITORS (100,000), BENCH_STORAGE_ROWS (200,000), BENCH_STORAGE_VARIANTS,
 * BENCH_STORAGE_REGION_MONITORS (10,000; 0: no multi-region part).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Account, DAY_MS, createContext, createLogger, dayStart, loadConfig, type Context } from '@vigil/core';
import type { BenchResult } from './run.js';
import {
  benchDatabase,
  copyChecks,
  databaseBackendsCpu,
  databaseBackendsCpuSince,
  dropRedisKeys,
  meterDatabaseWal,
  walBytesSince,
  walLsn,
  type BenchCheckRow,
  type WalMeter,
} from './support.js';
import { measureRegionWriter } from './storage-writer-regions.js';
import { CHECK_WRITER_DEFAULTS, createCheckWriter } from '../apps/checker/src/persistence/check-writer.js';

const MONITORS = Number(process.env.BENCH_STORAGE_MONITORS ?? 100_000);
const ROWS = Number(process.env.BENCH_STORAGE_ROWS ?? 200_000);
const D = CHECK_WRITER_DEFAULTS;
const VARIANTS = (process.env.BENCH_STORAGE_VARIANTS ?? `${D.maxBatch}/${D.maxInFlight},${D.maxBatch}/${2 * D.maxInFlight}`).split(',').map((v) => {
  const [maxBatch, maxInFlight] = v.split('/').map(Number);
  return { maxBatch, maxInFlight };
});
/** Monitors in 3 regions of the multi-region part (storage-writer-regions.ts); 0 skips it. */
const REGION_MONITORS = Number(process.env.BENCH_STORAGE_REGION_MONITORS ?? 10_000);
const TARGET_PER_S = 1_000_000 / 60;
/** Checks waiting for the writer at once: a checker's concurrency (500) times two. */
const JOBS = 1000;

async function seedMonitors(ctx: Context): Promise<number> {
  const account = await ctx.db.getRepository(Account).save({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
  await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status)
     SELECT $1, 'bench ' || g, 'https://bench.example/' || g, 'https://bench.example/' || g, 60, 'up'
     FROM generate_series(1, $2::int) g`,
    [account.id, MONITORS],
  );
  await ctx.db.query('VACUUM ANALYZE monitors');
  return account.id;
}

/** Row i of a run starting at `start`: monitors in turn, 16,667 checks per second of check time. */
function* rows(start: Date, tag: string): Generator<BenchCheckRow> {
  for (let i = 0; i < ROWS; i++) {
    yield {
      monitorId: 1 + (i % MONITORS),
      checkedAt: new Date(start.getTime() + Math.floor((i * 1000) / TARGET_PER_S)),
      responseTimeMs: 50 + (i % 200),
      jobKey: `repeat:monitor-${1 + (i % MONITORS)}:${tag}-${i}`,
    };
  }
}

const rate = (n: number, ms: number) => (n / ms) * 1000;

/**
 * WAL per row since `from`: the server's (pg_current_wal_lsn difference: every database's) and,
 * where the meter could start, this database's own records (what the run itself wrote).
 */
async function walPer(ctx: Context, unit: string, n: number, from: string, meter: WalMeter | null): Promise<string> {
  const server = await walBytesSince(ctx, from);
  const own = meter ? await meter.stop() : null;
  const per = (bytes: number) => (bytes / n).toFixed(0);
  return `WAL ${per(server)} B/${unit}` + (own ? ` (this database's records: ${per(own.bytes)} B/${unit}, of which full-page images ${per(own.fpiBytes)})` : '');
}
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** CPU per row: this process's (since `from`, process.cpuUsage) and the PostgreSQL backends' (seconds, when known). */
function cpuPer(unit: string, n: number, from: NodeJS.CpuUsage, backendSeconds: number | undefined): string {
  const own = process.cpuUsage(from);
  const us = (seconds: number) => ((seconds * 1e6) / n).toFixed(1);
  return `CPU ${us((own.user + own.system) / 1e6)} µs/${unit} in this process` + (backendSeconds === undefined ? '' : `, ${us(backendSeconds)} µs/${unit} in PostgreSQL backends`);
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const db = await benchDatabase('storw');
  const prefix = `{vbstorw${randomBytes(3).toString('hex')}}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix, LOG_LEVEL: 'error' });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  try {
    const accountId = await seedMonitors(ctx);
    // The migration made daily partitions from yesterday to a week ahead of the real now.
    const today = dayStart(new Date());
    lines.push(`${fmt(ROWS)} checks of ${fmt(MONITORS)} monitors per variant, each into an empty daily partition; target ${fmt(TARGET_PER_S)} checks/s`);

    let meter = await meterDatabaseWal(db.url);
    let lsn = await walLsn(ctx);
    let cpu = process.cpuUsage();
    let t = performance.now();
    const copied = await copyChecks(db.url, 'checks', rows(new Date(today.getTime() + DAY_MS + 3_600_000), 'copy'));
    const copyMs = performance.now() - t;
    const copyCpu = cpuPer('row', ROWS, cpu, copied.backendCpuSeconds);
    const copyRate = rate(ROWS, copyMs);
    const copyWal = await walPer(ctx, 'row', ROWS, lsn, meter);
    lines.push(`baseline, raw COPY into checks: ${fmt(copyRate)} rows/s (${(copyMs / 1000).toFixed(1)} s), ${copyWal}; ${copyCpu}`);

    for (const [n, { maxBatch, maxInFlight }] of VARIANTS.entries()) {
      const writer = createCheckWriter(ctx, { maxBatch, maxInFlight });
      const start = new Date(today.getTime() + (2 + n) * DAY_MS + 3_600_000);
      meter = await meterDatabaseWal(db.url);
      lsn = await walLsn(ctx);
      const backends = await databaseBackendsCpu(ctx);
      cpu = process.cpuUsage();
      t = performance.now();
      // Like a checker's jobs: JOBS loops, each submitting its next check when the last is written.
      const pending = rows(start, `w${n}`);
      let recorded = 0;
      await Promise.all(
        Array.from({ length: JOBS }, async () => {
          for (let next = pending.next(); !next.done; next = pending.next()) {
            const r = next.value;
            const outcome = await writer.submit({
              monitorId: r.monitorId,
              jobKey: r.jobKey,
              manual: false,
              result: { timestamp: r.checkedAt.toISOString(), status: 'success', response_time_ms: r.responseTimeMs, status_code: 200 },
            });
            if (outcome.kind === 'recorded') recorded++;
          }
        }),
      );
      const ms = performance.now() - t;
      const writerCpu = cpuPer('check', recorded, cpu, await databaseBackendsCpuSince(ctx, backends));
      const wal = await walPer(ctx, 'check', recorded, lsn, meter);
      const writerRate = rate(recorded, ms);
      lines.push(
        `check writer (batches ≤ ${maxBatch}, ${maxInFlight} in flight, with monitor updates and rollups): ${fmt(writerRate)} checks/s (${(ms / 1000).toFixed(1)} s, ${fmt(recorded)} recorded), ` +
          `${(writerRate / copyRate).toFixed(2)} × COPY, ${(writerRate / TARGET_PER_S).toFixed(2)} × the 1 M-monitor rate, ${wal}; ${writerCpu}`,
      );
    }
    if (REGION_MONITORS > 0) {
      const first = 2 + VARIANTS.length;
      lines.push(...(await measureRegionWriter(ctx, db.url, accountId, { monitors: REGION_MONITORS, rows: ROWS, start: (n) => new Date(today.getTime() + (first + n) * DAY_MS + 3_600_000) })));
    }
    const [{ size }] = (await ctx.db.query(
      `SELECT pg_total_relation_size(c.oid)::bigint AS size FROM pg_class c WHERE c.relname = $1`,
      [`checks_p${new Date(today.getTime() + DAY_MS).toISOString().slice(0, 10).replace(/-/g, '')}`],
    )) as { size: string }[];
    lines.push(`on disk: ${(Number(size) / ROWS).toFixed(0)} B per check row with its two indexes (the COPY partition)`);
  } finally {
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
  }
  return { name: 'Check storage: writer vs COPY', lines };
}

/**
 * Check storage, retention (issue 12): removing one day of raw checks by dropping its daily
 * partition (the PruneChecks job, pruneChecksBefore) versus the former way, a batched DELETE
 * (deleteInBatches, 10,000 rows a statement, through the checked_at index) on the former unpartitioned layout
 * (primary key, three indexes) followed by the VACUUM that makes the space reusable.
 *
 * A real day at 1,000,000 monitors is 1.44 billion rows; the bench fills the day with
 * BENCH_STORAGE_RETENTION_ROWS (500,000) and the report extrapolates linearly (row-by-row work
 * scales with rows; dropping a partition unlinks its files, about one per GB).
 *
 * Env: BENCH_STORAGE_RETENTION_ROWS (500,000), BENCH_STORAGE_RETENTION_MONITORS (10,000).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Account, DAY_MS, createContext, deleteInBatches, pruneChecksBefore, createLogger, dayStart, loadConfig, partitionName, type Context } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, copyChecks, walBytesSince, walLsn, type BenchCheckRow } from './support.js';

const ROWS = Number(process.env.BENCH_STORAGE_RETENTION_ROWS ?? 500_000);
const MONITORS = Number(process.env.BENCH_STORAGE_RETENTION_MONITORS ?? 10_000);
const ROWS_PER_DAY_AT_1M = 1_000_000 * 1440;
const BATCH = 10_000;

/** The unpartitioned layout before issue 12 (migration 1763700100000): checks' columns, its keys. */
const OLD_LAYOUT = [
  `CREATE TABLE checks_old_layout (LIKE checks INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
  `ALTER TABLE checks_old_layout ADD PRIMARY KEY (id), ADD FOREIGN KEY (monitor_id) REFERENCES monitors (id) ON DELETE CASCADE`,
  `CREATE UNIQUE INDEX ON checks_old_layout (monitor_id, job_key)`,
  `CREATE INDEX ON checks_old_layout (monitor_id, checked_at DESC)`,
  `CREATE INDEX ON checks_old_layout (checked_at)`,
];

function* day(start: Date): Generator<BenchCheckRow> {
  const step = DAY_MS / ROWS;
  for (let i = 0; i < ROWS; i++) {
    yield { monitorId: 1 + (i % MONITORS), checkedAt: new Date(start.getTime() + Math.floor(i * step)), responseTimeMs: 50 + (i % 200), jobKey: `repeat:monitor-${1 + (i % MONITORS)}:${i}` };
  }
}

async function relationSize(ctx: Context, name: string): Promise<number> {
  const [{ size }] = (await ctx.db.query('SELECT pg_total_relation_size($1::regclass)::bigint AS size', [name])) as { size: string }[];
  return Number(size);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const hours = (ms: number) => `${(ms / 3_600_000).toFixed(1)} h`;

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const db = await benchDatabase('storr');
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: `{vbstorr${randomBytes(3).toString('hex')}}`, LOG_LEVEL: 'error' });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  try {
    const account = await ctx.db.getRepository(Account).save({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
    await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status)
       SELECT $1, 'bench ' || g, 'https://bench.example/' || g, 'https://bench.example/' || g, 60, 'up' FROM generate_series(1, $2::int) g`,
      [account.id, MONITORS],
    );
    // Two days ahead of the real now: its partition exists (the migration made a week) and is empty.
    const target = new Date(dayStart(new Date()).getTime() + 2 * DAY_MS);
    const partition = partitionName(target);
    await copyChecks(db.url, 'checks', day(target));
    for (const sql of OLD_LAYOUT) await ctx.db.query(sql);
    await copyChecks(db.url, 'checks_old_layout', day(target));
    await ctx.db.query(`ANALYZE ${partition}`);
    await ctx.db.query('ANALYZE checks_old_layout');
    const partitionBytes = await relationSize(ctx, partition);
    const oldBytes = await relationSize(ctx, 'checks_old_layout');
    lines.push(
      `one day = ${fmt(ROWS)} rows of ${fmt(MONITORS)} monitors (${(ROWS / ROWS_PER_DAY_AT_1M).toExponential(2)} of a day at 1 M monitors): ` +
        `partition ${mb(partitionBytes)} with its indexes, the same rows in the former layout ${mb(oldBytes)}`,
    );

    let lsn = await walLsn(ctx);
    let t = performance.now();
    const pruned = await pruneChecksBefore(ctx.db, new Date(target.getTime() + DAY_MS));
    const dropMs = performance.now() - t;
    const dropWal = await walBytesSince(ctx, lsn);
    lines.push(`drop: pruneChecksBefore detached and dropped ${pruned.droppedPartitions.length} partitions (one full, the others empty) in ${s(dropMs)}, WAL ${(dropWal / 1024).toFixed(0)} kB`);

    lsn = await walLsn(ctx);
    t = performance.now();
    const deleted = await deleteInBatches(ctx.db, 'checks_old_layout', 'SELECT id FROM checks_old_layout WHERE checked_at < $1', [new Date(target.getTime() + DAY_MS)], BATCH);
    const deleteMs = performance.now() - t;
    t = performance.now();
    await ctx.db.query('VACUUM checks_old_layout');
    const vacuumMs = performance.now() - t;
    const deleteWal = await walBytesSince(ctx, lsn);
    lines.push(`delete: batched DELETE of ${fmt(deleted)} rows ${s(deleteMs)} + VACUUM ${s(vacuumMs)} = ${s(deleteMs + vacuumMs)}, WAL ${mb(deleteWal)}`);
    lines.push(`drop is ${((deleteMs + vacuumMs) / dropMs).toFixed(0)} × faster than delete + vacuum here, and writes ${(deleteWal / Math.max(dropWal, 1)).toFixed(0)} × less WAL`);
    const scale = ROWS_PER_DAY_AT_1M / ROWS;
    lines.push(
      `extrapolated to a day at 1 M monitors (× ${fmt(scale)}, linear): delete + vacuum ≈ ${hours((deleteMs + vacuumMs) * scale)} of database work and ${(deleteWal * scale / 1024 ** 4).toFixed(2)} TiB of WAL a day; ` +
        `the drop unlinks ≈ ${fmt((partitionBytes * scale) / 1024 ** 3)} files of 1 GB (seconds), WAL of a few catalog rows`,
    );
  } finally {
    await ctx.close();
    await db.drop();
  }
  return { name: 'Check storage: retention by partition drop vs DELETE', lines };
}

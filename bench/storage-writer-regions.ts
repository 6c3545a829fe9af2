/**
 * The multi-region part of storage-writer.bench.ts (issue 35, per-region hourly rollups): what
 * the per-region hours add to the writer for checks of monitors in 3 regions.
 *
 * 1. The whole writer on 3-region monitors (each round's three checks submitted one after the
 *    other, as three regional checkers would), with its WAL and CPU per check.
 * 2. The region-hours upsert alone (writeRegionRollups) on the same kind of records, batch by
 *    batch as the writer cuts them (maxBatch), each in its own transaction, the monitors read
 *    before: its WAL and backends' CPU per check is what it adds to each multi-region check.
 *    Same run, so its share of (1) is shown.
 *
 * Check times advance as in the bench (16,667 a second of check time), so every run falls in one
 * hour: each (monitor, region) row of the hour is inserted once and then updated by the region's
 * later checks of the hour, ROWS / (3 × REGION_MONITORS) checks per row (at 60 s: 60).
 */
import { performance } from 'node:perf_hooks';
import { readWriterMonitors, type Context } from '@vigil/core';
import { databaseBackendsCpu, databaseBackendsCpuSince, meterDatabaseWal, walBytesSince, walLsn } from './support.js';
import { CHECK_WRITER_DEFAULTS, createCheckWriter } from '../apps/checker/src/persistence/check-writer.js';
import type { CheckRecord } from '../apps/checker/src/persistence/record-checks.js';

import { writeRegionRollups } from '../apps/checker/src/persistence/region-rollups.js';

const REGIONS = ['a', 'b', 'c'];
const TARGET_PER_S = 1_000_000 / 60;
const JOBS = 1000;

/** Monitors in REGIONS; returns their ids. */
async function seedRegionMonitors(ctx: Context, accountId: number, count: number): Promise<number[]> {
  const rows = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, regions)
     SELECT $1, 'regions ' || g, 'https://regions.example/' || g, 'https://regions.example/' || g, 60, 'up', $3
     FROM generate_series(1, $2::int) g RETURNING id`,
    [accountId, count, REGIONS],
  )) as { id: number }[];
  await ctx.db.query('VACUUM ANALYZE monitors');
  return rows.map((r) => r.id);
}

/** Record i: round ⌊i/3⌋ of the monitors in turn, region i mod 3. */
function* records(ids: readonly number[], rows: number, start: Date, tag: string): Generator<CheckRecord> {
  for (let i = 0; i < rows; i++) {
    const round = Math.floor(i / REGIONS.length);
    const monitorId = ids[round % ids.length];
    yield {
      monitorId,
      jobKey: `${tag}-${round}`,
      manual: false,
      region: REGIONS[i % REGIONS.length],
      liveRegions: REGIONS,
      roundDeadlineInMs: 60_000,
      result: { timestamp: new Date(start.getTime() + Math.floor((i * 1000) / TARGET_PER_S)).toISOString(), status: i % 50 === 0 ? 'failure' : 'success', response_time_ms: i % 50 === 0 ? null : 50 + (i % 200), status_code: 200 },
    };
  }
}

interface Cost {
  walBytes: number;
  ownWalBytes: number | null;
  ownFpiBytes: number | null;
  backendSeconds: number | undefined;
  processSeconds: number;
  ms: number;
}

async function metered(ctx: Context, url: string, run: () => Promise<void>): Promise<Cost> {
  const meter = await meterDatabaseWal(url);
  const lsn = await walLsn(ctx);
  const backends = await databaseBackendsCpu(ctx);
  const cpu = process.cpuUsage();
  const t = performance.now();
  await run();
  const ms = performance.now() - t;
  const own = process.cpuUsage(cpu);
  const backendSeconds = await databaseBackendsCpuSince(ctx, backends);
  const walBytes = await walBytesSince(ctx, lsn);
  const ownWal = meter ? await meter.stop() : null;
  return { walBytes, ownWalBytes: ownWal?.bytes ?? null, ownFpiBytes: ownWal?.fpiBytes ?? null, backendSeconds, processSeconds: (own.user + own.system) / 1e6, ms };
}

const per = (cost: Cost, n: number) => ({
  wal: (cost.ownWalBytes ?? cost.walBytes) / n,
  fpi: cost.ownFpiBytes === null ? null : cost.ownFpiBytes / n,
  backendUs: cost.backendSeconds === undefined ? undefined : (cost.backendSeconds * 1e6) / n,
  processUs: (cost.processSeconds * 1e6) / n,
});
const describe = (p: ReturnType<typeof per>, own: boolean) =>
  `WAL ${p.wal.toFixed(0)} B/check (${own ? "this database's records" : 'server-wide LSN difference'}${p.fpi === null ? '' : `, of which full-page images ${p.fpi.toFixed(0)}`}), CPU ${p.processUs.toFixed(1)} µs/check in this process` +
  (p.backendUs === undefined ? '' : `, ${p.backendUs.toFixed(1)} µs/check in PostgreSQL backends`);

/** Lines of the multi-region part; `start(n)`: the check time of run n (each on a day of its own). */
export async function measureRegionWriter(ctx: Context, url: string, accountId: number, opts: { monitors: number; rows: number; start: (n: number) => Date }): Promise<string[]> {
  const lines: string[] = [];
  const ids = await seedRegionMonitors(ctx, accountId, opts.monitors);
  lines.push(
    `multi-region: ${opts.rows.toLocaleString('en')} checks of ${opts.monitors.toLocaleString('en')} monitors in ${REGIONS.length} regions (${(opts.rows / (REGIONS.length * opts.monitors)).toFixed(1)} checks per region hour row)`,
  );

  const writer = createCheckWriter(ctx);
  let recorded = 0;
  const whole = await metered(ctx, url, async () => {
    const pending = records(ids, opts.rows, opts.start(0), 'mr');
    await Promise.all(
      Array.from({ length: JOBS }, async () => {
        for (let next = pending.next(); !next.done; next = pending.next()) {
          const outcome = await writer.submit(next.value);
          if (outcome.kind === 'recorded') recorded++;
        }
      }),
    );
  });
  const wholePer = per(whole, recorded);
  lines.push(
    `  whole writer (batches ≤ ${CHECK_WRITER_DEFAULTS.maxBatch}, ${CHECK_WRITER_DEFAULTS.maxInFlight} in flight): ${((recorded / whole.ms) * 1000).toFixed(0)} checks/s (${recorded.toLocaleString('en')} recorded), ${describe(wholePer, whole.ownWalBytes !== null)}`,
  );

  const monitors = await readWriterMonitors(ctx.db.manager, ids, false);
  const all = [...records(ids, opts.rows, opts.start(1), 'up')];
  const before = await ctx.db.query<{ upd: string; hot: string }[]>(`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'monitor_region_hours'`);
  const alone = await metered(ctx, url, async () => {
    for (let i = 0; i < all.length; i += CHECK_WRITER_DEFAULTS.maxBatch) {
      const batch = all.slice(i, i + CHECK_WRITER_DEFAULTS.maxBatch);
      await ctx.db.transaction((em) => writeRegionRollups(em, batch, monitors));
    }
  });
  const alonePer = per(alone, all.length);
  // The statistics collector reports with a delay.
  await new Promise((res) => setTimeout(res, 1500));
  const after = await ctx.db.query<{ upd: string; hot: string }[]>(`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'monitor_region_hours'`);
  const upd = Number(after[0]?.upd ?? 0) - Number(before[0]?.upd ?? 0);
  const hot = Number(after[0]?.hot ?? 0) - Number(before[0]?.hot ?? 0);
  lines.push(
    `  the region-hours upsert alone (${Math.ceil(all.length / CHECK_WRITER_DEFAULTS.maxBatch)} batches of ≤ ${CHECK_WRITER_DEFAULTS.maxBatch}, each its own transaction, sequential): ${describe(alonePer, alone.ownWalBytes !== null)}; ${upd.toLocaleString('en')} row updates, ${upd ? ((hot / upd) * 100).toFixed(0) : '-'} % HOT`,
  );
  lines.push(
    `  its share of the whole writer's per check: WAL ${((alonePer.wal / wholePer.wal) * 100).toFixed(0)} %` +
      (alonePer.backendUs !== undefined && wholePer.backendUs !== undefined ? `, backends' CPU ${((alonePer.backendUs / wholePer.backendUs) * 100).toFixed(0)} %` : '') +
      `, this process's CPU ${((alonePer.processUs / wholePer.processUs) * 100).toFixed(0)} %`,
  );
  return lines;
}

/**
 * Detail statistics of one monitor with 30 days of 60-second checks (43,200 rows in `checks`,
 * their 720 hourly rows in `monitor_rollups`), computed two ways on the same data:
 * - rollups: what GET /uptime/monitors/{id} runs (rollupTotals + statisticsFromTotals);
 * - raw rows: one aggregate query over the monitor's checks (same hour-aligned windows, same
 *   FILTER clauses), using the (monitor_id, checked_at) index.
 * Both must give the same statistics (checked). Also times the whole detail endpoint in-process
 * (supertest, API key auth and rate limits included).
 *
 * Two layouts: the monitor alone in `checks` (its rows contiguous, the best case for raw rows),
 * and the monitor among BENCH_STATS_NEIGHBOURS (19) others whose checks were written in time
 * order, interleaved, as the checker writes them (each page then holds few of its rows).
 *
 * Then statistics.regions of a monitor in 3 regions (issue 35, per-region hourly rollups), among
 * BENCH_STATS_NEIGHBOURS others in 3 regions, with 25 hours of 60-second checks per region
 * written in time order: from its per-region hours (what the detail view runs, regionSums24h)
 * against the raw checks (the aggregate the detail view ran before, over the same hour-aligned
 * window), same values checked.
 *
 * Env: BENCH_STATS_ITERATIONS (300), BENCH_STATS_NEIGHBOURS (19), BENCH_STATS_ONLY_REGIONS (1: the regions part only).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { createAccount, EMPTY_ROLLUP_SUMS, type Context, type RollupSums } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { regionStatistics, regionSums24h } from '../apps/api/src/monitors/region-statistics.js';
import { EMPTY_WINDOWS, rollupTotals } from '../apps/api/src/monitors/rollup-totals.js';
import { statisticsFromTotals, windowStart, WINDOW_HOURS, startOfHour, type MonitorStatistics } from '../apps/api/src/monitors/uptime-math.js';

const ITERATIONS = Number(process.env.BENCH_STATS_ITERATIONS ?? 300);
const CHECKS = 43_200;
const NEIGHBOURS = Number(process.env.BENCH_STATS_NEIGHBOURS ?? 19);
const ONLY_REGIONS = process.env.BENCH_STATS_ONLY_REGIONS === '1';
const REGIONS = ['eu', 'us', 'ap'];
/** 25 hours of checks: the 24 h window's first hour whole. */
const REGION_MINUTES = 1500;

/**
 * 30 days of checks every 60 s ending now (about 1% failures) for `monitors` monitors, written
 * in time order as the checker writes them (so with more than one monitor, each monitor's rows
 * are spread over many pages), and their hourly rollups. Returns the monitor ids.
 */
async function seed(ctx: Context, accountId: number, now: Date, monitors: number, tag: string): Promise<number[]> {
  const rows = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status)
     SELECT $1, 'bench', 'https://' || $2 || '-' || g || '.example/', 'https://' || $2 || '-' || g || '.example/', 60, 'up'
     FROM generate_series(1, $3::int) g RETURNING id`,
    [accountId, tag, monitors],
  )) as { id: number }[];
  const ids = rows.map((r) => r.id);
  await ctx.db.query(
    `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key)
     SELECT m, $2::timestamptz - g * interval '60 seconds',
            CASE WHEN (g + m) % 97 = 0 THEN 'failure' ELSE 'success' END,
            CASE WHEN (g + m) % 97 = 0 THEN NULL ELSE 50 + (g * 37 + m) % 450 END,
            CASE WHEN (g + m) % 97 = 0 THEN 503 ELSE 200 END,
            CASE WHEN (g + m) % 97 = 0 THEN 'Unexpected status code 503 Service Unavailable' END,
            'bench-' || g
     FROM generate_series($3::int - 1, 0, -1) g, unnest($1::int[]) m
     ORDER BY g DESC, m`,
    [ids, now, CHECKS],
  );
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count)
     SELECT monitor_id, date_trunc('hour', checked_at), count(*), count(*) FILTER (WHERE status = 'success'),
            COALESCE(sum(response_time_ms), 0), count(response_time_ms)
     FROM checks WHERE monitor_id = ANY($1) GROUP BY 1, 2`,
    [ids],
  );
  await ctx.db.query('VACUUM ANALYZE checks');
  await ctx.db.query('VACUUM ANALYZE monitor_rollup_hours');
  return ids;
}

/** The same statistics from raw rows: one pass over the monitor's checks of the last 720 hours. */
async function rawStatistics(ctx: Context, monitorId: number, now: Date): Promise<MonitorStatistics> {
  const w = (h: number) => windowStart(now, h);
  const [r] = (await ctx.db.query(
    `SELECT count(*) FILTER (WHERE checked_at >= $2) AS t24, count(*) FILTER (WHERE checked_at >= $2 AND status = 'success') AS s24,
            COALESCE(sum(response_time_ms) FILTER (WHERE checked_at >= $2), 0) AS rs24, count(response_time_ms) FILTER (WHERE checked_at >= $2) AS rc24,
            count(*) FILTER (WHERE checked_at >= $3) AS t7, count(*) FILTER (WHERE checked_at >= $3 AND status = 'success') AS s7,
            COALESCE(sum(response_time_ms) FILTER (WHERE checked_at >= $3), 0) AS rs7, count(response_time_ms) FILTER (WHERE checked_at >= $3) AS rc7,
            count(*) AS t30, count(*) FILTER (WHERE status = 'success') AS s30,
            COALESCE(sum(response_time_ms), 0) AS rs30, count(response_time_ms) AS rc30
     FROM checks WHERE monitor_id = $1 AND checked_at >= $4 AND checked_at < $5`,
    [monitorId, w(WINDOW_HOURS['24h']), w(WINDOW_HOURS['7d']), w(WINDOW_HOURS['30d']), new Date(startOfHour(now).getTime() + 3_600_000)],
  )) as Record<string, string>[];
  const t = (total: string, successful: string, sum: string, count: string) => ({
    total: Number(r[total]),
    successful: Number(r[successful]),
    responseTimeSum: Number(r[sum]),
    responseTimeCount: Number(r[count]),
  });
  return statisticsFromTotals({ '24h': t('t24', 's24', 'rs24', 'rc24'), '7d': t('t7', 's7', 'rs7', 'rc7'), '30d': t('t30', 's30', 'rs30', 'rc30') });
}

/** `monitors` monitors in REGIONS with REGION_MINUTES of 60-second checks per region ending now, in time order, and their per-region hours. */
async function seedRegions(ctx: Context, accountId: number, now: Date, monitors: number): Promise<number[]> {
  const rows = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, regions)
     SELECT $1, 'bench', 'https://regions-' || g || '.example/', 'https://regions-' || g || '.example/', 60, 'up', $3
     FROM generate_series(1, $2::int) g RETURNING id`,
    [accountId, monitors, REGIONS],
  )) as { id: number }[];
  const ids = rows.map((r) => r.id);
  await ctx.db.query(
    `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key, region)
     SELECT m, $2::timestamptz - g * interval '60 seconds',
            CASE WHEN (g + m + length(r)) % 53 = 0 THEN 'failure' ELSE 'success' END,
            CASE WHEN (g + m + length(r)) % 53 = 0 THEN NULL ELSE 50 + (g * 37 + m) % 450 END,
            CASE WHEN (g + m + length(r)) % 53 = 0 THEN 503 ELSE 200 END,
            CASE WHEN (g + m + length(r)) % 53 = 0 THEN 'Unexpected status code 503 Service Unavailable' END,
            'bench-' || g, r
     FROM generate_series($3::int - 1, 0, -1) g, unnest($1::int[]) m, unnest($4::text[]) r
     ORDER BY g DESC, m, r`,
    [ids, now, REGION_MINUTES, REGIONS],
  );
  await ctx.db.query(
    `INSERT INTO monitor_region_hours (monitor_id, region, hour, total, successful, response_time_sum, response_time_count)
     SELECT monitor_id, region, date_bin('1 hour', checked_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*), count(*) FILTER (WHERE status = 'success'),
            COALESCE(sum(response_time_ms) FILTER (WHERE status = 'success'), 0), count(response_time_ms) FILTER (WHERE status = 'success')
     FROM checks WHERE monitor_id = ANY($1) GROUP BY 1, 2, 3`,
    [ids],
  );
  await ctx.db.query('VACUUM ANALYZE checks');
  await ctx.db.query('VACUUM ANALYZE monitor_region_hours');
  return ids;
}

/** The per-region sums from raw rows: the aggregate statistics.regions ran before (one index range scan), over the same hour-aligned window. */
async function rawRegionSums(ctx: Context, monitorId: number, now: Date): Promise<Map<string, RollupSums>> {
  const rows = (await ctx.db.query(
    `SELECT region, count(*)::int AS total, count(*) FILTER (WHERE status = 'success')::int AS successful,
            COALESCE(sum(response_time_ms) FILTER (WHERE status = 'success'), 0)::bigint AS sum, count(response_time_ms) FILTER (WHERE status = 'success')::int AS n
       FROM checks WHERE monitor_id = $1 AND checked_at >= $2 AND checked_at < $3 GROUP BY region`,
    [monitorId, windowStart(now, WINDOW_HOURS['24h']), new Date(startOfHour(now).getTime() + 3_600_000)],
  )) as { region: string; total: number; successful: number; sum: string; n: number }[];
  return new Map(rows.map((r) => [r.region, { ...EMPTY_ROLLUP_SUMS, total: r.total, successful: r.successful, responseTimeSum: Number(r.sum), responseTimeCount: r.n }]));
}

async function time(iterations: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number; mean: number }> {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: samples[Math.floor(samples.length * 0.5)],
    p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)],
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { ctx, close } = await apiBenchContext('stats');
  try {
    const { account, apiKey } = await createAccount(ctx.db, { email: `bench-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' }, new Date());
    const app = createApp(ctx);
    const measure = async (label: string, monitors: number) => {
      const now = new Date();
      const ids = await seed(ctx, account.id, now, monitors, label);
      const id = ids[Math.floor(ids.length / 2)];
      const [{ checks }] = (await ctx.db.query('SELECT count(*)::int AS checks FROM checks WHERE monitor_id = $1', [id])) as { checks: number }[];
      const [{ hours }] = (await ctx.db.query('SELECT count(*)::int AS hours FROM monitor_rollups WHERE monitor_id = $1', [id])) as { hours: number }[];
      const fromRollups = async () => statisticsFromTotals((await rollupTotals(ctx.db, [id], now)).get(id) ?? EMPTY_WINDOWS);
      const same = JSON.stringify(await fromRollups()) === JSON.stringify(await rawStatistics(ctx, id, now));
      const rollups = await time(ITERATIONS, fromRollups);
      const raw = await time(Math.max(20, Math.floor(ITERATIONS / 5)), () => rawStatistics(ctx, id, now));
      const detail = await time(ITERATIONS, async () => {
        const res = await request(app).get(`/api/v1/uptime/monitors/${id}`).set('Authorization', `Bearer ${apiKey}`);
        if (res.status !== 200) throw new Error(`detail answered ${res.status}`);
      });
      lines.push(`${label}: the monitor has ${checks.toLocaleString('en')} checks (30 days at 60 s) and ${hours} rollup hours`);
      lines.push(`  statistics from rollups: p50 ${ms(rollups.p50)}, p95 ${ms(rollups.p95)}, mean ${ms(rollups.mean)} (${ITERATIONS} runs)`);
      lines.push(`  statistics from raw rows: p50 ${ms(raw.p50)}, p95 ${ms(raw.p95)}, mean ${ms(raw.mean)}`);
      lines.push(`  rollups ${(raw.p50 / rollups.p50).toFixed(1)} × faster (p50); same statistics both ways: ${same ? 'yes' : 'NO'}`);
      lines.push(`  whole GET /api/v1/uptime/monitors/{id} in-process (auth, limits, monitor, rollups, incidents): p50 ${ms(detail.p50)}, p95 ${ms(detail.p95)}`);
    };
    lines.push('PostgreSQL on the same machine, data cached (warm); statistics = the detail view\'s object');
    if (!ONLY_REGIONS) {
      await measure('monitor alone in the checks table (its rows contiguous: the best case for raw rows)', 1);
      await measure(`monitor among ${NEIGHBOURS + 1} monitors written in time order (rows spread as the checker writes them)`, NEIGHBOURS + 1);
    }
    const now = new Date();
    const ids = await seedRegions(ctx, account.id, now, NEIGHBOURS + 1);
    const monitor = { id: ids[Math.floor(ids.length / 2)], regions: REGIONS };
    const [{ checks }] = (await ctx.db.query('SELECT count(*)::int AS checks FROM checks WHERE monitor_id = $1', [monitor.id])) as { checks: number }[];
    const fromRollups = async () => regionStatistics(REGIONS, await regionSums24h(ctx, monitor, now), EMPTY_ROLLUP_SUMS);
    const fromRaw = async () => regionStatistics(REGIONS, await rawRegionSums(ctx, monitor.id, now), EMPTY_ROLLUP_SUMS);
    const same = JSON.stringify(await fromRollups()) === JSON.stringify(await fromRaw());
    const rollups = await time(ITERATIONS, fromRollups);
    const raw = await time(Math.max(20, Math.floor(ITERATIONS / 5)), fromRaw);
    const detail = await time(ITERATIONS, async () => {
      const res = await request(app).get(`/api/v1/uptime/monitors/${monitor.id}`).set('Authorization', `Bearer ${apiKey}`);
      if (res.status !== 200) throw new Error(`detail answered ${res.status}`);
    });
    lines.push(`statistics.regions of a monitor in ${REGIONS.length} regions among ${ids.length} such monitors written in time order: ${checks.toLocaleString('en')} checks (25 h at 60 s per region)`);
    lines.push(`  from per-region hours: p50 ${ms(rollups.p50)}, p95 ${ms(rollups.p95)}, mean ${ms(rollups.mean)} (${ITERATIONS} runs)`);
    lines.push(`  from raw rows: p50 ${ms(raw.p50)}, p95 ${ms(raw.p95)}, mean ${ms(raw.mean)}`);
    lines.push(`  per-region hours ${(raw.p50 / rollups.p50).toFixed(1)} × faster (p50); same figures both ways: ${same ? 'yes' : 'NO'}`);
    lines.push(`  whole GET /api/v1/uptime/monitors/{id} of that monitor in-process: p50 ${ms(detail.p50)}, p95 ${ms(detail.p95)}`);
  } finally {
    await close();
  }
  return { name: 'Monitor statistics', lines };
}

/**
 * SLA report of one monitor over a year (366 days): what GET /uptime/monitors/{id}/sla runs
 * (slaRows: incidents, rollup sums and maintenance occurrences), on a year of hourly rollups
 * (8,784 rows), 200 incidents and a weekly recurring maintenance window. Baseline in the same
 * run: the year's check-based uptime from raw rows (527,040 checks at 60 s, the monitor alone
 * in `checks`, its best case), which is what a report without rollups would have to read.
 * Also the whole endpoint in-process (supertest: auth, limits, JSON). Then the same report of a
 * monitor that was down a minute in every two for the whole year (263,520 incidents), with the
 * longest event-loop delay meanwhile: what one tenant's flapping monitor costs the process its
 * report runs in. That report cold (the first in a process within FINISHED_DAYS_TTL_MS: the
 * year's finished days read), with its finished days held, and against the same run's sum of
 * the whole period's incidents on every report (what it was before the days were held).
 *
 * Env: BENCH_SLA_ITERATIONS (200), BENCH_SLA_FLAPPING_ITERATIONS (10).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { createAccount, createContext, createLogger, loadConfig, monitorSlaPeriodReads, periodIncidents } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, dropRedisKeys, formatTiming, timeIt } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { slaRows, slaSources } from '../apps/api/src/sla/load-sla.js';
import { SettledCounts } from '../apps/api/src/monitors/settled-counts.js';

const ITERATIONS = Number(process.env.BENCH_SLA_ITERATIONS ?? 200);
const FLAPPING_ITERATIONS = Number(process.env.BENCH_SLA_FLAPPING_ITERATIONS ?? 10);
const YEAR_FROM = new Date('2025-11-01T00:00:00Z');
const YEAR_TO = new Date('2026-11-02T00:00:00Z'); // 366 days

export default async function slaBench(): Promise<BenchResult> {
  const db = await benchDatabase('sla');
  const prefix = `{bench-sla-${process.pid}}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix, VIGIL_TIERS: '{"enterprise":{"requestsPerMinute":1000000}}' });
  const ctx = await createContext(config, { logger: createLogger({ level: 'error' }), prepareDatabase: true });
  try {
    const { account, apiKey } = await createAccount(ctx.db, { email: 'sla@bench.example', tier: 'enterprise' }, new Date());
    const [{ id }] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, slo_target, created_at)
       VALUES ($1, 'bench', 'https://sla.bench/', 'https://sla.bench/', 60, 'up', 99.9, $2) RETURNING id`,
      [account.id, new Date('2025-01-01T00:00:00Z')],
    )) as { id: number }[];
    await ctx.db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key)
       SELECT $1, $2::timestamptz + g * interval '60 seconds', CASE WHEN g % 211 = 0 THEN 'failure' ELSE 'success' END, 100, 200, 'b-' || g
       FROM generate_series(0, 527039) g`,
      [id, YEAR_FROM],
    );
    await ctx.db.query(
      `INSERT INTO monitor_rollups (monitor_id, hour, total, successful)
       SELECT monitor_id, date_trunc('hour', checked_at), count(*), count(*) FILTER (WHERE status = 'success') FROM checks WHERE monitor_id = $1 GROUP BY 1, 2`,
      [id],
    );
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause)
       SELECT $1, $2, 'resolved', $3::timestamptz + g * interval '43 hours', $3::timestamptz + g * interval '43 hours' + interval '17 minutes', 1020, 'x'
       FROM generate_series(0, 199) g`,
      [id, account.id, YEAR_FROM],
    );
    await ctx.db.query(
      `INSERT INTO maintenance_windows (account_id, title, monitor_ids, starts_at, rrule, duration_minutes, timezone)
       VALUES ($1, 'weekly', ARRAY[$2::int], '2025-01-05T02:00:00Z', 'FREQ=WEEKLY;BYDAY=SU', 60, 'Europe/Berlin')`,
      [account.id, id],
    );
    await ctx.db.query('VACUUM ANALYZE');
    const period = { from: YEAR_FROM, to: YEAR_TO };

    const cold = () => slaSources(ctx, new SettledCounts());
    const [row] = await slaRows(ctx, cold(), account.id, period, id);
    // Each run with empty caches of settled sums and finished days: the report's cold cost.
    const report = await timeIt('SLA report (rollups + incidents + windows)', () => slaRows(ctx, cold(), account.id, period, id), ITERATIONS);
    const raw = await timeIt(
      'baseline: uptime from raw checks',
      () =>
        ctx.db.query(`SELECT count(*), count(*) FILTER (WHERE status = 'success') FROM checks WHERE monitor_id = $1 AND checked_at >= $2 AND checked_at < $3`, [id, YEAR_FROM, YEAR_TO]),
      ITERATIONS,
    );
    const app = createApp(ctx);
    const endpoint = await timeIt(
      'endpoint in-process',
      () => request(app).get(`/api/v1/uptime/monitors/${id}/sla?from=2025-11-01&to=2026-11-01`).set('Authorization', `Bearer ${apiKey}`),
      ITERATIONS,
    );
    const [{ id: flapping }] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, created_at)
       VALUES ($1, 'flapping', 'https://flapping.sla.bench/', 'https://flapping.sla.bench/', 60, 'up', $2) RETURNING id`,
      [account.id, new Date('2025-01-01T00:00:00Z')],
    )) as { id: number }[];
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause)
       SELECT $1, $2, 'resolved', $3::timestamptz + g * interval '2 minutes', $3::timestamptz + g * interval '2 minutes' + interval '1 minute', 60, 'x'
       FROM generate_series(0, 263519) g`,
      [flapping, account.id, YEAR_FROM],
    );
    await ctx.db.query('VACUUM ANALYZE incidents');
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    // Cold: the first report in 10 minutes (FINISHED_DAYS_TTL_MS) of a process, reading the year's finished days.
    const flappingCold = await timeIt('SLA report of the flapping monitor, cold', () => slaRows(ctx, cold(), account.id, period, flapping), FLAPPING_ITERATIONS);
    const warmSources = cold();
    const flappingReport = await timeIt('SLA report of the flapping monitor, finished days held', () => slaRows(ctx, warmSources, account.id, period, flapping), FLAPPING_ITERATIONS * 10);
    loop.disable();
    // Baseline, same run: the whole period's incidents summed on every report (as before finished days were held).
    const now = ctx.clock.now();
    const wholeRange = { ...period, now, live: null, maintenance: { all: [], byMonitor: new Map() } };
    const whole = await timeIt('baseline: the whole period summed live', () => monitorSlaPeriodReads(ctx.readDb, account.id, wholeRange, flapping), FLAPPING_ITERATIONS);
    const [flappingRow] = await slaRows(ctx, warmSources, account.id, period, flapping);
    const read = (await monitorSlaPeriodReads(ctx.readDb, account.id, wholeRange, flapping)).get(flapping);
    const wholeFigures = read ? periodIncidents([read.incidents], read.inMaintenanceMs) : null;
    const sameFigures = wholeFigures !== null && flappingRow.report.incidents === wholeFigures.count && flappingRow.report.downtime_seconds === Math.round(wholeFigures.downtimeMs / 1000);
    return {
      name: `SLA report over 366 days (${ITERATIONS} iterations)`,
      lines: [
        formatTiming(report),
        formatTiming(raw),
        `ratio raw / report at p50: ${(raw.p50 / report.p50).toFixed(1)} x faster from rollups`,
        formatTiming(endpoint),
        `report: uptime ${row.report.uptime_percentage} %, ${row.report.incidents} incidents, maintenance ${row.report.maintenance_seconds} s, checks ${row.report.checks.total}`,
        formatTiming(flappingCold),
        formatTiming(flappingReport),
        formatTiming(whole),
        `  finished days held: ${(whole.p50 / flappingReport.p50).toFixed(1)} × faster at p50 than the whole period summed live; the same incidents and downtime: ${sameFigures ? 'yes' : 'NO'}`,
        `  ${flappingRow.report.incidents} incidents, downtime ${flappingRow.report.downtime_seconds} s; event loop blocked at most ${(loop.max / 1e6).toFixed(1)} ms during the cold and held reports`,
      ],
    };
  } finally {
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
  }
}

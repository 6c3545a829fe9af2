/**
 * The total of a monitor's check list (GET /uptime/monitors/{id}/checks asks for it on every
 * full page): a monitor with 90 days of checks at 60 s (129,600 rows, the default retention),
 * interleaved with 9 other monitors' as the checker writes them. Measured: the whole list's total
 * with its finished days held (CheckTotals), cold (a fresh CheckTotals each time: the day counts
 * read), and the same with a status filter; baseline in the same run: the count of the rows
 * that every full page ran before (countChecks). Also the list endpoint's first full page in-process.
 *
 * Env: BENCH_CHECK_LIST_ITERATIONS (100).
 */
import request from 'supertest';
import { countChecks, createAccount } from '@vigil/core';
import type { BenchResult } from './run.js';
import { apiBenchContext, formatTiming, timeIt } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import { CheckTotals } from '../apps/api/src/monitors/check-totals.js';

const ITERATIONS = Number(process.env.BENCH_CHECK_LIST_ITERATIONS ?? 100);
const DAYS = 90;
const MONITORS = 10;

export default async function checkListBench(): Promise<BenchResult> {
  const { ctx, close } = await apiBenchContext('checklist');
  try {
    const { account, apiKey } = await createAccount(ctx.db, { email: 'checks@bench.example', tier: 'enterprise' }, new Date());
    const ids = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status)
       SELECT $1, 'm' || g, 'https://m' || g || '.bench/', 'https://m' || g || '.bench/', 60, 'up' FROM generate_series(1, $2) g RETURNING id`,
      [account.id, MONITORS],
    )) as { id: number }[];
    const id = ids[0].id;
    const start = new Date(Date.now() - DAYS * 86_400_000);
    await ctx.db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key)
       SELECT m, $2::timestamptz + g * interval '60 seconds', CASE WHEN g % 97 = 0 THEN 'failure' ELSE 'success' END, 100, 200, 'b-' || g
         FROM generate_series(0, $3::int - 1) g CROSS JOIN unnest($1::int[]) m`,
      [ids.map((m) => m.id), start, DAYS * 1440],
    );
    await ctx.db.query('VACUUM ANALYZE checks');
    const all = { monitorId: id };
    const failures = { monitorId: id, status: 'failure' as const };
    const held = new CheckTotals(ctx);
    const [rows, heldTotal] = await Promise.all([countChecks(ctx.readDb, all), held.count(all)]);
    const baseline = await timeIt('baseline: the rows counted (every full page before)', () => countChecks(ctx.readDb, all), ITERATIONS);
    const warm = await timeIt('total, finished days held', () => held.count(all), ITERATIONS);
    const cold = await timeIt('total, cold (the day counts read)', () => new CheckTotals(ctx).count(all), Math.max(10, ITERATIONS / 10));
    const baselineFailures = await timeIt('baseline, status=failure', () => countChecks(ctx.readDb, failures), ITERATIONS);
    const warmFailures = await timeIt('total, status=failure, finished days held', () => held.count(failures), ITERATIONS);
    const app = createApp(ctx);
    const endpoint = await timeIt(
      'endpoint in-process: a full first page (100 checks and the total)',
      () => request(app).get(`/api/v1/uptime/monitors/${id}/checks`).set('Authorization', `Bearer ${apiKey}`),
      ITERATIONS,
    );
    return {
      name: `Check list total over ${DAYS} days of 60 s checks (${ITERATIONS} iterations)`,
      lines: [
        `  ${rows} checks of the monitor (${MONITORS} monitors' interleaved); held total ${heldTotal}: ${heldTotal === rows ? 'the same' : 'DIFFERENT'}`,
        formatTiming(baseline),
        formatTiming(warm),
        formatTiming(cold),
        formatTiming(baselineFailures),
        formatTiming(warmFailures),
        `  held against counted at p50: ${(baseline.p50 / warm.p50).toFixed(1)} × faster (status=failure: ${(baselineFailures.p50 / warmFailures.p50).toFixed(1)} ×)`,
        formatTiming(endpoint),
      ],
    };
  } finally {
    await close();
  }
}

/**
 * The per-minute reminder and escalation job (sendIncidentRepeats) on a busy database: 2,000
 * monitors with alert policies, 200,000 resolved incidents and 2,000 open ones. Measured: a run
 * with nothing due (what almost every minute costs), against the same-run baseline of a run on
 * the same database with no open incident at all; then runs that each send a batch of 500 due
 * reminders (lock, re-read, maintenance check, progress update, enqueue), per incident.
 *
 * Env: BENCH_REPEATS_ITERATIONS (100).
 */
import { performance } from 'node:perf_hooks';
import { createAccount, createContext, createLogger, loadConfig, ManualClock, monitoredTiers } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, dropRedisKeys, formatTiming, timeIt } from './support.js';
import { sendIncidentRepeats } from '../apps/checker/src/alerts/send-incident-repeats.js';

const ITERATIONS = Number(process.env.BENCH_REPEATS_ITERATIONS ?? 100);
const MONITORS = 2_000;
const RESOLVED_PER_MONITOR = 100;
const NOW = new Date('2026-11-23T12:00:00Z');

export default async function incidentRepeatsBench(): Promise<BenchResult> {
  const db = await benchDatabase('repeats');
  const prefix = `{bench-repeats-${process.pid}}`;
  const clock = new ManualClock(NOW);
  const config = loadConfig({ ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix });
  const ctx = await createContext(config, { logger: createLogger({ level: 'error' }), prepareDatabase: true, clock });
  const tiers = monitoredTiers(ctx.config.tiers);
  try {
    const { account } = await createAccount(ctx.db, { email: 'repeats@bench.example', tier: 'enterprise' }, NOW);
    await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, status, reminder_interval_minutes, escalation)
       SELECT $1, 'm' || g, 'https://r' || g || '.bench/', 'https://r' || g || '.bench/', 'down', 60, '[{"after_minutes": 120, "integration_ids": [1]}]'
       FROM generate_series(1, ${MONITORS}) g`,
      [account.id],
    );
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause)
       SELECT m.id, m.account_id, 'resolved', $2::timestamptz - g * interval '7 hours', $2::timestamptz - g * interval '7 hours' + interval '5 minutes', 300, 'x'
       FROM monitors m, generate_series(1, ${RESOLVED_PER_MONITOR}) g WHERE m.account_id = $1`,
      [account.id, NOW],
    );
    await ctx.db.query('VACUUM ANALYZE');
    const baseline = await timeIt('baseline: run, no open incident', () => sendIncidentRepeats(ctx, tiers), ITERATIONS, 5);

    // Open 30 minutes ago: the first reminder is due at +60, the escalation at +120.
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks)
       SELECT id, account_id, 'open', $2::timestamptz - interval '30 minutes', 'Timeout after 30 s', 2 FROM monitors WHERE account_id = $1`,
      [account.id, NOW],
    );
    await ctx.db.query('VACUUM ANALYZE');
    const idle = await timeIt(`run, ${MONITORS} open incidents, nothing due`, () => sendIncidentRepeats(ctx, tiers), ITERATIONS, 5);

    clock.set(new Date(NOW.getTime() + 31 * 60_000));
    const batches: number[] = [];
    let sent = 0;
    for (;;) {
      const t = performance.now();
      const r = await sendIncidentRepeats(ctx, tiers);
      if (!r.reminders) break;
      batches.push(performance.now() - t);
      sent += r.reminders;
    }
    const perIncident = batches.reduce((a, b) => a + b, 0) / sent;
    return {
      name: `incident reminders and escalations (${MONITORS} monitors, ${MONITORS * RESOLVED_PER_MONITOR} resolved incidents, ${ITERATIONS} iterations)`,
      lines: [
        formatTiming(baseline),
        formatTiming(idle),
        `ratio idle / baseline at p50: ${(idle.p50 / baseline.p50).toFixed(2)}`,
        `due: ${sent} reminders in ${batches.length} runs of at most 500 (${batches.map((b) => `${b.toFixed(0)} ms`).join(', ')}), ${perIncident.toFixed(2)} ms per incident`,
      ],
    };
  } finally {
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
  }
}

import { createRedisConnection, type CheckResult, type Context } from '@vigil/core';
import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { createCheckWriter } from '../persistence/check-writer.js';
import type { CheckRecord } from '../persistence/record-checks.js';
import { createMonitor, incidentsOf, reloadMonitor, rollupsOf } from '../testing/monitors.js';
import { leaseDueRounds } from './round-deadlines.js';
import { startRoundDeadlineSweep } from './sweep-round-deadlines.js';

/**
 * The check writer with rounds whose deadlines Redis keeps: checks of multi-region monitors
 * written without monitor locks, rounds judged by whichever writer sees them complete after its
 * commit, or at their deadline by the sweep (real PostgreSQL and Redis).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const result = (status: 'success' | 'failure', at: string): CheckResult =>
  status === 'success' ? { timestamp: at, status, response_time_ms: 40, status_code: 200 } : { timestamp: at, status, response_time_ms: null, status_code: 503, error: 'Unexpected status code 503' };
const regional = (monitorId: number, jobKey: string, region: string, status: 'success' | 'failure', at: string, deadlineMs = 60_000): CheckRecord => ({
  monitorId,
  jobKey,
  manual: false,
  result: result(status, at),
  region,
  liveRegions: ['eu', 'us', 'ap'],
  roundDeadlineInMs: deadlineMs,
});
const roundsOf = (monitorId: number) =>
  ctx.db.query(`SELECT job_key, failed, failing_regions, skipped_regions FROM monitor_rounds WHERE monitor_id = $1 ORDER BY job_key`, [monitorId]);
const deadlineJobs = async () => ((await ctx.db.query(`SELECT count(*)::int AS n FROM outbox WHERE job_name = 'judge-round'`)) as { n: number }[])[0].n;
const pending = () => ctx.redis.zrange(`${ctx.config.redisPrefix}:round-deadlines`, 0, -1);

async function threeRegionMonitor() {
  const m = await createMonitor(ctx, { alertThreshold: 1, timeout: 4 });
  await ctx.db.query(`UPDATE monitors SET regions = '{eu,us,ap}' WHERE id = $1`, [m.id]);
  return m;
}

describe('rounds with deadlines in Redis', () => {
  it('waits without a deadline job, judges when the last region answers, and forgets the deadline', async () => {
    const writer = createCheckWriter(ctx);
    const m = await threeRegionMonitor();
    const at = '2026-03-02T10:00:00.000Z';
    expect((await writer.submit(regional(m.id, 'r1', 'eu', 'failure', at))).kind).toBe('recorded');
    expect((await writer.submit(regional(m.id, 'r1', 'us', 'failure', at))).kind).toBe('recorded');
    expect(await roundsOf(m.id)).toEqual([]);
    expect(await pending()).toEqual([`${m.id}:r1`]);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('pending');
    await writer.submit(regional(m.id, 'r1', 'ap', 'success', at));
    expect(await roundsOf(m.id)).toEqual([{ job_key: 'r1', failed: true, failing_regions: ['eu', 'us'], skipped_regions: [] }]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ regions: ['eu', 'us'], cause: 'Failed in 2 of 3 regions: eu: Unexpected status code 503; us: Unexpected status code 503' });
    // Every regional check is rolled up once; no deadline job went through the outbox.
    expect((await rollupsOf(ctx, m.id)).map((r) => [r.total, r.successful])).toEqual([[3, 1]]);
    expect(await deadlineJobs()).toBe(0);
    await waitFor(async () => (await pending()).length === 0, { what: 'the deadline forgotten' });
    // A second delivery of a region's job records nothing and judges nothing.
    expect((await writer.submit(regional(m.id, 'r1', 'eu', 'success', '2026-03-02T10:00:20.000Z'))).kind).toBe('duplicate');
    expect(await incidentsOf(ctx, m.id)).toHaveLength(1);
  });

  it('judges every round exactly once when the regions of many rounds are written at the same time by three writers', async () => {
    const writers = ['eu', 'us', 'ap'].map(() => createCheckWriter(ctx));
    const monitors = await Promise.all(Array.from({ length: 20 }, () => threeRegionMonitor()));
    const at = '2026-03-02T11:00:00.000Z';
    // Each writer is one region's checker; ap fails everywhere, eu and us pass: no round fails.
    await Promise.all(
      (['eu', 'us', 'ap'] as const).map((region, w) =>
        Promise.all(monitors.map((m) => writers[w].submit(regional(m.id, 'r', region, region === 'ap' ? 'failure' : 'success', at)))),
      ),
    );
    const rounds = (await ctx.db.query(`SELECT monitor_id, failed, failing_regions FROM monitor_rounds WHERE monitor_id = ANY($1::int[])`, [monitors.map((m) => m.id)])) as {
      failed: boolean;
      failing_regions: string[];
    }[];
    // Judged at once (the last writer to commit saw all three answers), never twice.
    expect(rounds).toHaveLength(20);
    expect(rounds.every((r) => !r.failed && r.failing_regions.join() === 'ap')).toBe(true);
    for (const m of monitors) {
      expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
      expect((await rollupsOf(ctx, m.id)).map((r) => [r.total, r.successful])).toEqual([[3, 2]]);
    }
    // The judged rounds' deadlines are dropped by the writers that judged them (after the commit).
    await waitFor(async () => !(await pending()).some((member) => monitors.some((m) => member === `${m.id}:r`)), { what: 'the judged rounds\' deadlines dropped' });
  });

  it('a round some regions never answer is judged at its deadline by the sweep, without them', async () => {
    const writer = createCheckWriter(ctx);
    const m = await threeRegionMonitor();
    await writer.submit(regional(m.id, 'r2', 'eu', 'failure', '2026-03-02T12:00:00.000Z', 200));
    expect(await roundsOf(m.id)).toEqual([]);
    const stop = startRoundDeadlineSweep(ctx, () => undefined, { everyMs: 20 });
    try {
      const [round] = await waitFor(async () => ((await roundsOf(m.id)).length ? roundsOf(m.id) : null), { what: 'the round judged at its deadline' });
      expect(round).toEqual({ job_key: 'r2', failed: true, failing_regions: ['eu'], skipped_regions: ['us', 'ap'] });
      expect((await reloadMonitor(ctx, m.id)).status).toBe('down');
      await waitFor(async () => !(await pending()).includes(`${m.id}:r2`), { what: 'the deadline forgotten' });
    } finally {
      await stop();
    }
  });

  it('a check the checker took for regional whose monitor now has one region is applied at once, as one-region checks are', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, timeout: 4 });
    await createCheckWriter(ctx).submit({ ...regional(m.id, 'r4', 'default', 'failure', '2026-03-02T14:00:00.000Z'), liveRegions: ['default'] });
    expect((await reloadMonitor(ctx, m.id)).status).toBe('down');
    expect(await roundsOf(m.id)).toEqual([]);
    expect((await incidentsOf(ctx, m.id))[0]).toMatchObject({ cause: 'Unexpected status code 503', regions: [] });
  });

  it('when Redis cannot keep the deadline, the round gets a deadline job through the outbox instead', async () => {
    const dead = createRedisConnection('redis://127.0.0.1:1', 'client');
    dead.on('error', () => undefined);
    const offline: Context = { ...ctx, redis: dead };
    try {
      const m = await threeRegionMonitor();
      const before = await deadlineJobs();
      expect((await createCheckWriter(offline).submit(regional(m.id, 'r3', 'eu', 'success', '2026-03-02T13:00:00.000Z'))).kind).toBe('recorded');
      expect(await deadlineJobs()).toBe(before + 1);
      expect(await leaseDueRounds(ctx.redis, ctx.config.redisPrefix, 100, 1)).toEqual([]);
    } finally {
      dead.disconnect();
    }
  });
});

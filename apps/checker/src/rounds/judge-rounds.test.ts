import type { CheckResult } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { recordChecks, type CheckRecord } from '../persistence/record-checks.js';
import { createMonitor, incidentsOf, reloadMonitor } from '../testing/monitors.js';
import { judgeRoundAtDeadline } from './judge-round.job.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const failure = (at: string, error = 'Connection refused'): CheckResult => ({ timestamp: at, status: 'failure', response_time_ms: null, status_code: null, error });
const success = (at: string): CheckResult => ({ timestamp: at, status: 'success', response_time_ms: 50, status_code: 200 });
const record = (monitorId: number, jobKey: string, region: string, result: CheckResult, liveRegions?: string[]): CheckRecord => ({
  monitorId,
  jobKey,
  manual: false,
  result,
  region,
  ...(liveRegions ? { liveRegions } : {}),
});
const rounds = (monitorId: number) =>
  ctx.db.query(`SELECT job_key, failed, failing_regions, skipped_regions FROM monitor_rounds WHERE monitor_id = $1 ORDER BY job_key`, [monitorId]);
const deadlineJobs = (monitorId: number) =>
  ctx.db.query(`SELECT job_id, options FROM outbox WHERE job_name = 'judge-round' AND (payload->>'monitorId')::int = $1`, [monitorId]) as Promise<
    { job_id: string; options: { delay: number } }[]
  >;

async function threeRegionMonitor(minFailing: number | null = null) {
  const m = await createMonitor(ctx, { alertThreshold: 1, timeout: 4 });
  await ctx.db.query(`UPDATE monitors SET regions = '{eu,us,ap}', min_failing_regions = $2 WHERE id = $1`, [m.id, minFailing]);
  return m;
}

describe('rounds in the check writer and at the deadline (real PostgreSQL)', () => {
  it('waits for every live region, then judges once by quorum; duplicates and late answers change nothing', async () => {
    const m = await threeRegionMonitor();
    const at = '2026-03-01T10:00:00.000Z';
    await recordChecks(ctx.db, [record(m.id, 'k1', 'eu', failure(at))]);
    expect(await rounds(m.id)).toEqual([]);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('pending');
    const [deadline] = await deadlineJobs(m.id);
    expect(deadline.options.delay).toBe(4_000 + 1_500);
    // us fails too in the same batch as a duplicate of eu; ap answers: 2 of 3 failed, the majority.
    const batch = await recordChecks(ctx.db, [record(m.id, 'k1', 'us', failure(at, 'Timeout')), record(m.id, 'k1', 'eu', failure(at)), record(m.id, 'k1', 'ap', success(at))]);
    expect(batch.outcomes.map((o) => o.kind)).toEqual(['recorded', 'duplicate', 'recorded']);
    expect(await rounds(m.id)).toEqual([{ job_key: 'k1', failed: true, failing_regions: ['eu', 'us'], skipped_regions: [] }]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ regions: ['eu', 'us'], cause: 'Failed in 2 of 3 regions: eu: Connection refused; us: Timeout', affectedChecks: 1 });
    // The deadline job (delivered twice) finds the round judged.
    expect(await judgeRoundAtDeadline(ctx, { monitorId: m.id, jobKey: 'k1' })).toEqual({ judged: false });
    expect(await judgeRoundAtDeadline(ctx, { monitorId: m.id, jobKey: 'k1' })).toEqual({ judged: false });
    expect(await incidentsOf(ctx, m.id)).toHaveLength(1);
    expect((await reloadMonitor(ctx, m.id)).consecutiveFailures).toBe(1);
  });

  it('judges at the deadline with the regions that answered, once, even when two deliveries race', async () => {
    const m = await threeRegionMonitor();
    await recordChecks(ctx.db, [record(m.id, 'k2', 'eu', success('2026-03-01T10:01:00.000Z'))]);
    const results = await Promise.all([judgeRoundAtDeadline(ctx, { monitorId: m.id, jobKey: 'k2' }), judgeRoundAtDeadline(ctx, { monitorId: m.id, jobKey: 'k2' })]);
    expect(results.map((r) => r.judged).sort()).toEqual([false, true]);
    expect(await rounds(m.id)).toEqual([{ job_key: 'k2', failed: false, failing_regions: [], skipped_regions: ['us', 'ap'] }]);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
    // A region answering after the deadline is recorded, and judges nothing again.
    await recordChecks(ctx.db, [record(m.id, 'k2', 'us', failure('2026-03-01T10:01:01.000Z'))]);
    expect(await rounds(m.id)).toHaveLength(1);
    expect(await incidentsOf(ctx, m.id)).toHaveLength(0);
  });

  it('judges at once when the regions without a live checker are the only ones missing, and recovers on a passing round', async () => {
    const m = await threeRegionMonitor(1);
    await recordChecks(ctx.db, [record(m.id, 'k3', 'eu', failure('2026-03-01T10:02:00.000Z'), ['eu'])]);
    expect(await rounds(m.id)).toEqual([{ job_key: 'k3', failed: true, failing_regions: ['eu'], skipped_regions: ['us', 'ap'] }]);
    expect(await deadlineJobs(m.id)).toEqual([]);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('down');
    // min_failing_regions 1: one failing region of three fails a round; a round where all pass resolves.
    await recordChecks(ctx.db, [
      record(m.id, 'k4', 'eu', success('2026-03-01T10:03:00.000Z'), ['eu', 'us']),
      record(m.id, 'k4', 'us', success('2026-03-01T10:03:00.000Z'), ['eu', 'us']),
    ]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident.status).toBe('resolved');
    expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
  });
});

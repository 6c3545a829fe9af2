import { Incident, MaintenanceWindow, Monitor, NO_MAINTENANCE, readUnlockedMonitors, writeUnlockedBatch, type CheckResult } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { checksOf, createMonitor, reloadMonitor, rollupsOf } from '../testing/monitors.js';
import { duplicateWindow } from './duplicate-window.js';
import { recordChecks, type CheckRecord } from './record-checks.js';
import { planUnlocked, recordUnlocked, splitUnlocked, type UnlockedPlan } from './record-unlocked.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

let seq = 0;
const T0 = Date.parse('2025-06-01T10:00:00.000Z');
const ok = (s: number, ms = 120): CheckResult => ({ timestamp: new Date(T0 + s * 1000).toISOString(), status: 'success', response_time_ms: ms, status_code: 200 });
const bad = (s: number): CheckResult => ({ timestamp: new Date(T0 + s * 1000).toISOString(), status: 'failure', response_time_ms: null, status_code: 503, error: 'Unexpected status code 503' });
const rec = (monitorId: number, result: CheckResult, over: Partial<CheckRecord> = {}): CheckRecord => ({ monitorId, jobKey: `unlocked-${++seq}`, manual: false, result, ...over });
const noLoad = () => Promise.reject(new Error('no window should be read'));

async function plan(records: CheckRecord[]): Promise<UnlockedPlan | null> {
  return planUnlocked(records, await readUnlockedMonitors(ctx.db.manager, records.map((r) => r.monitorId)), NO_MAINTENANCE);
}

const write = (p: UnlockedPlan) =>
  writeUnlockedBatch(ctx.db.manager, p.checks, duplicateWindow(p.checks.map((c) => new Date(c.result.timestamp))), p.updates, p.deltas);

describe('recordUnlocked', () => {
  it('records successes of monitors in one region in one statement: checks, states, rollups, no window read', async () => {
    const [a, b] = [await createMonitor(ctx), await createMonitor(ctx)];
    const { recorded } = await recordUnlocked(ctx.db, [rec(a.id, ok(0, 100)), rec(b.id, ok(1, 300)), rec(a.id, ok(30, 200))], undefined, noLoad);
    expect(recorded?.outcomes.map((o) => o.kind)).toEqual(['recorded', 'recorded', 'recorded']);
    expect(await checksOf(ctx, a.id)).toHaveLength(2);
    expect(await reloadMonitor(ctx, a.id)).toMatchObject({ status: 'up', consecutiveSuccesses: 2, lastCheckedAt: new Date(ok(30).timestamp), lastResponseTimeMs: 200 });
    expect(await rollupsOf(ctx, a.id)).toEqual([
      { monitorId: a.id, hour: new Date('2025-06-01T10:00:00Z'), total: 2, successful: 2, responseTimeSum: '300', responseTimeCount: 2 },
    ]);
    expect(await rollupsOf(ctx, b.id)).toEqual([
      { monitorId: b.id, hour: new Date('2025-06-01T10:00:00Z'), total: 1, successful: 1, responseTimeSum: '300', responseTimeCount: 1 },
    ]);
  });

  it('reads the windows when an account of the batch has any', async () => {
    const m = await createMonitor(ctx);
    await ctx.db.getRepository(MaintenanceWindow).save({
      accountId: m.accountId,
      title: 'Deploy',
      appliesToAll: false,
      monitorIds: [m.id],
      domainIds: [],
      startsAt: new Date(T0 + 100_000),
      endsAt: new Date(T0 + 400_000),
    });
    let loaded = 0;
    const { recorded } = await recordUnlocked(ctx.db, [rec(m.id, ok(0))], undefined, () => {
      loaded++;
      return Promise.resolve(NO_MAINTENANCE);
    });
    expect(recorded?.outcomes[0].kind).toBe('recorded');
    expect(loaded).toBe(1);
  });

  it('leaves to the locked path what moves an incident, alerts, has an incident open or is a round of many', async () => {
    const opens = await createMonitor(ctx, { alertThreshold: 1 });
    expect(await plan([rec(opens.id, bad(0))])).toBeNull();
    const open = await createMonitor(ctx, { status: 'down' });
    await ctx.db.getRepository(Incident).save({ monitorId: open.id, accountId: open.accountId, status: 'open', cause: 'x', startedAt: new Date(T0 - 60_000), affectedChecks: 1 });
    expect(await plan([rec(open.id, ok(0))])).toBeNull();
    const regional = await createMonitor(ctx, { regions: ['eu', 'us'] });
    expect(await plan([rec(regional.id, ok(0))])).toBeNull();
    const slow = await createMonitor(ctx, { status: 'up', degradedThresholdMs: 100 });
    expect(await plan([rec(slow.id, ok(0, 500))])).toBeNull();
    const counts = await createMonitor(ctx, { alertThreshold: 3 });
    expect(await plan([rec(counts.id, bad(0))])).not.toBeNull();
  });

  it('writes nothing when a monitor changed since it was read', async () => {
    const [a, b] = [await createMonitor(ctx), await createMonitor(ctx)];
    const p = await plan([rec(a.id, ok(0)), rec(b.id, ok(0))]);
    if (!p) throw new Error('expected a plan');
    await ctx.db.getRepository(Monitor).update({ id: b.id }, { name: 'renamed' });
    expect(await write(p)).toBe(false);
    expect(await checksOf(ctx, a.id)).toEqual([]);
    expect(await checksOf(ctx, b.id)).toEqual([]);
    expect((await reloadMonitor(ctx, a.id)).lastCheckedAt).toBeNull();
    expect(await rollupsOf(ctx, a.id)).toEqual([]);
  });

  it('writes nothing when a check of the batch is recorded already; recordChecks then answers it as a duplicate', async () => {
    const m = await createMonitor(ctx);
    const first = rec(m.id, ok(0));
    await recordChecks(ctx.db, [first]);
    const again = { ...first, result: ok(40) };
    const other = await createMonitor(ctx);
    const p = await plan([again, rec(other.id, ok(40))]);
    if (!p) throw new Error('expected a plan');
    expect(await write(p)).toBe(false);
    expect(await checksOf(ctx, other.id)).toEqual([]);
    const { outcomes } = await recordChecks(ctx.db, [again, rec(other.id, ok(41))]);
    expect(outcomes.map((o) => o.kind)).toEqual(['duplicate', 'recorded']);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect((await reloadMonitor(ctx, m.id)).consecutiveSuccesses).toBe(1);
  });

  it('concurrent deliveries of one successful job: one check, applied once', async () => {
    const m = await createMonitor(ctx);
    const r = rec(m.id, ok(0));
    const results = await Promise.all([recordChecks(ctx.db, [r]), recordChecks(ctx.db, [r]), recordChecks(ctx.db, [r])]);
    expect(results.map((x) => x.outcomes[0].kind).sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ consecutiveSuccesses: 1 });
    expect((await rollupsOf(ctx, m.id))[0]).toMatchObject({ total: 1 });
  });

  it('a delivery whose insert meets the uncommitted insert of the same check by another goes the locked way, nothing written', async () => {
    const m = await createMonitor(ctx);
    const r = rec(m.id, ok(0));
    const [first, second] = [await plan([r]), await plan([r])];
    if (!first || !second) throw new Error('expected plans');
    const runner = ctx.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      expect(await writeUnlockedBatch(runner.manager, first.checks, duplicateWindow([new Date(r.result.timestamp)]), first.updates, first.deltas)).toBe(true);
      // The second's duplicate probe cannot see the first's row yet: its insert waits on it.
      const racing = write(second);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runner.commitTransaction();
      // A unique violation once the first commits: nothing of the second written, the locked way next.
      expect(await racing).toBe(false);
    } finally {
      await runner.release();
    }
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ consecutiveSuccesses: 1 });
  });

  it('splits a batch by monitor: a monitor with an answer of a round of many goes the locked way with all its records', () => {
    const records = [rec(1, ok(0)), rec(2, ok(0), { roundDeadlineInMs: 60_000, region: 'eu' }), rec(2, ok(1)), rec(3, ok(0), { deadlineTracked: true })];
    expect(splitUnlocked(records)).toEqual({ unlocked: [0], locked: [1, 2, 3] });
  });

  it('a mixed batch: the one-region monitor recorded unlocked, the round of many the locked way, outcomes in order', async () => {
    const single = await createMonitor(ctx);
    const regional = await createMonitor(ctx, { regions: ['eu', 'us'] });
    const { outcomes } = await recordChecks(ctx.db, [rec(regional.id, ok(0), { region: 'eu', roundDeadlineInMs: 60_000 }), rec(single.id, ok(0)), rec(single.id, ok(0), { jobKey: 'same' }), rec(single.id, ok(1), { jobKey: 'same' })]);
    expect(outcomes.map((o) => o.kind)).toEqual(['recorded', 'recorded', 'recorded', 'duplicate']);
    expect(await checksOf(ctx, single.id)).toHaveLength(2);
    expect(await checksOf(ctx, regional.id)).toHaveLength(1);
    expect((await reloadMonitor(ctx, single.id)).consecutiveSuccesses).toBe(2);
  });
});

import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import type { CheckResult } from '../queue/job-payloads.js';
import { checkKey, checkResultOf, type NewCheckRow } from './check-rows.js';
import { claimRounds, insertChecks, lockCheckWriters, newestRoundCheckAt, roundChecks, storedChecks } from './check-store.js';

let ctx: TestContext;
let monitorId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const { account } = await createTestAccount(ctx, 'pro');
  [{ id: monitorId }] = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO monitors (account_id, name, url, normalized_url, regions) VALUES ($1, 'm', 'https://a.example/', 'https://a.example/', '{eu,us}') RETURNING id`,
    [account.id],
  );
});
afterAll(() => ctx.teardown());

// Yesterday: the migrations keep a daily partition of it.
const T0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000 + 3_600_000;
const at = (s: number) => new Date(T0 + s * 1000);
const window = { from: at(-3600), to: at(3600) };
const ok = (s: number): CheckResult => ({ timestamp: at(s).toISOString(), status: 'success', response_time_ms: 40, status_code: 200 });
const row = (jobKey: string, region: string, result: CheckResult): NewCheckRow => ({ monitorId, jobKey, region, inMaintenance: false, result });

describe('the checks and rounds store (real PostgreSQL)', () => {
  it('inserts checks once per monitor, job key and region, and reads the open incident with them', async () => {
    const [{ id: incidentId }] = await ctx.db.query<{ id: number }[]>(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks)
       SELECT id, account_id, 'open', $2, 'Timeout', 3 FROM monitors WHERE id = $1 RETURNING id`,
      [monitorId, at(-60)],
    );
    const timed: CheckResult = { ...ok(1), timings: { dns: 1, connect: 2, tls: null, first_byte: 5, download: 1 } };
    const first = await ctx.db.transaction((em) => insertChecks(em, [row('a', 'eu', timed), row('a', 'us', ok(2))], window));
    expect([...first.ids.keys()].sort()).toEqual([checkKey(monitorId, 'a', 'eu'), checkKey(monitorId, 'a', 'us')].sort());
    expect(first.openIncidents).toEqual([{ id: incidentId, monitor_id: monitorId, cause: 'Timeout', started_at: at(-60), affected_checks: 3 }]);

    // A redelivery (later time, same job and region) is skipped; a new region of the job is not.
    const again = await ctx.db.transaction((em) => insertChecks(em, [row('a', 'eu', ok(30)), row('a', 'ap', ok(31))], window));
    expect([...again.ids.keys()]).toEqual([checkKey(monitorId, 'a', 'ap')]);

    const [stored] = await storedChecks(ctx.db.manager, [{ monitorId, jobKey: 'a', region: 'eu' }], window);
    expect(stored.id).toBe(first.ids.get(checkKey(monitorId, 'a', 'eu')));
    expect(checkResultOf(stored)).toEqual(timed);
    await ctx.db.query(`UPDATE incidents SET status = 'resolved', resolved_at = $2 WHERE id = $1`, [incidentId, at(60)]);
  });

  it("reads a round's checks of every region in time order and its newest check time", async () => {
    await ctx.db.transaction(async (em) => {
      await lockCheckWriters(em, [{ monitorId, region: 'us' }, { monitorId, region: 'eu' }]);
      await insertChecks(em, [row('r', 'us', ok(12)), row('r', 'eu', { ...ok(10), status: 'failure', response_time_ms: null, error: 'Refused' })], window);
    });
    const checks = await roundChecks(ctx.db.manager, [{ monitorId, jobKey: 'r' }], window);
    expect(checks.map((c) => [c.region, checkResultOf(c)])).toEqual([
      ['eu', { timestamp: at(10).toISOString(), status: 'failure', response_time_ms: null, status_code: 200, error: 'Refused' }],
      ['us', ok(12)],
    ]);
    expect(await newestRoundCheckAt(ctx.db.manager, { monitorId, jobKey: 'r' })).toEqual(at(12));
    expect(await newestRoundCheckAt(ctx.db.manager, { monitorId, jobKey: 'none' })).toBeNull();
  });

  it('claims a round once', async () => {
    const claim = { monitorId, jobKey: 'r', judgedAt: at(20), failed: true, failingRegions: ['eu'], skippedRegions: ['ap'] };
    expect(await claimRounds(ctx.db.manager, [claim])).toEqual([{ monitorId, jobKey: 'r' }]);
    expect(await claimRounds(ctx.db.manager, [claim])).toEqual([]);
    expect(await ctx.db.query(`SELECT failed, failing_regions, skipped_regions FROM monitor_rounds WHERE monitor_id = $1`, [monitorId])).toEqual([
      { failed: true, failing_regions: ['eu'], skipped_regions: ['ap'] },
    ]);
  });
});

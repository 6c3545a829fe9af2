import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { accountSettledChecks, accountUsageCounts } from '../accounts/usage-counts.js';
import { rollupCountsBetween } from './rollup-store.js';

let ctx: TestContext;
let accountId: number;
let ids: number[];
const H = (n: number) => new Date(Date.UTC(2026, 10, 21, 0) + n * 3_600_000);
beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  const other = await createTestAccount(ctx, 'pro');
  ids = await insertTestMonitors(ctx, accountId, 3);
  const [{ id: otherId }] = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'o', 'https://o.example/', 'https://o.example/') RETURNING id`,
    [other.account.id],
  );
  // Hours 0..9 of monitors 1 and 2 (3 has none), and the other account's monitor.
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful)
     SELECT m, $2::timestamptz + h * interval '1 hour', 10 + h, 9 + (h % 2) FROM unnest($1::int[]) m, generate_series(0, 9) h`,
    [[ids[0], ids[1], otherId], H(0)],
  );
  // The newest hour of monitor 2 kept on its row (the check writer's), which the view adds.
  await ctx.db.query(`UPDATE monitors SET rollup_hour = $2, rollup_total = 7, rollup_successful = 6 WHERE id = $1`, [ids[1], H(10)]);
});
afterAll(() => ctx.teardown());

describe("an account's check totals (real PostgreSQL)", () => {
  it("sums the account's monitors' hours in [from, to), the row's newest hour included, as rollupCountsBetween does", async () => {
    const to = new Date(H(10).getTime() + 60_000);
    const between = await rollupCountsBetween(ctx.db, ids, H(2), to);
    const sum = ids.reduce((n, id) => n + (between.get(id)?.total ?? 0), 0);
    expect((await accountSettledChecks(ctx.db, accountId, H(2), to)).total).toBe(sum);
    expect((await accountUsageCounts(ctx.db, accountId, { from: H(0), liveFromHour: H(2), to })).liveChecks).toBe(sum);
    expect((await accountSettledChecks(ctx.db, accountId, H(8), to)).total).toBe(18 + 19 + 18 + 19 + 7);
  });

  it('gives the monitor set a version that a create or a delete changes, and zeros for an account without monitors', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const empty = await accountUsageCounts(ctx.db, account.id, { from: H(0), liveFromHour: H(0), to: H(10) });
    expect(empty).toEqual({ scans: 0, alerts: 0, monitors: 0, domains: 0, liveChecks: 0, monitorSet: '0:0:0' });
    const versions = [(await accountSettledChecks(ctx.db, account.id, H(0), H(10))).monitorSet];
    const [first, second] = await insertTestMonitors(ctx, account.id, 2);
    versions.push((await accountSettledChecks(ctx.db, account.id, H(0), H(10))).monitorSet);
    await ctx.db.query('DELETE FROM monitors WHERE id = $1', [second]);
    versions.push((await accountSettledChecks(ctx.db, account.id, H(0), H(10))).monitorSet);
    // Another delete and a create leave as many monitors as before: the version still moves.
    await ctx.db.query('DELETE FROM monitors WHERE id = $1', [first]);
    await insertTestMonitors(ctx, account.id, 1);
    versions.push((await accountUsageCounts(ctx.db, account.id, { from: H(0), liveFromHour: H(0), to: H(10) })).monitorSet);
    expect(new Set(versions).size).toBe(versions.length);
  });
});

import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { accountMonitorCounts, rollupCountsBetween } from './rollup-store.js';

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

describe('accountMonitorCounts (real PostgreSQL)', () => {
  it("answers each of the account's monitors with its hours in [from, to), zeros without rows, as rollupCountsBetween sums them", async () => {
    const counts = await accountMonitorCounts(ctx.db, accountId, H(8), new Date(H(10).getTime() + 60_000));
    expect(counts).toEqual(
      new Map([
        [ids[0], { total: 18 + 19, successful: 9 + 10 }],
        [ids[1], { total: 18 + 19 + 7, successful: 9 + 10 + 6 }],
        [ids[2], { total: 0, successful: 0 }],
      ]),
    );
    const between = await rollupCountsBetween(ctx.db, ids, H(2), H(9));
    const same = await accountMonitorCounts(ctx.db, accountId, H(2), H(9));
    for (const id of ids) expect(same.get(id)).toEqual(between.get(id) ?? { total: 0, successful: 0 });
  });

  it('answers an empty map for an account without monitors', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    expect(await accountMonitorCounts(ctx.db, account.id, H(0), H(10))).toEqual(new Map());
  });
});

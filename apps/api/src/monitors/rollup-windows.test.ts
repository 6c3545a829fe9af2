import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { RollupWindows, rollupTotals } from './rollup-totals.js';

let ctx: TestContext;
let ids: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  const { account } = await createTestAccount(ctx, 'pro');
  ids = await insertTestMonitors(ctx, account.id, 3);
  // 31 days of hours up to 2026-11-21T10:00 (monitor 3 has none); uneven numbers per hour.
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count)
     SELECT m, '2026-11-21T10:00:00Z'::timestamptz - h * interval '1 hour', 60, 60 - (h % 7), 100 * h, 60 - (h % 7)
     FROM unnest($1::int[]) m, generate_series(0, 744) h`,
    [ids.slice(0, 2)],
  );
});
afterAll(() => ctx.teardown());

describe('RollupWindows', () => {
  it('gives the same totals as summing every hour, as the clock moves and live hours change', async () => {
    const windows = new RollupWindows();
    for (const at of ['2026-11-21T10:30:00Z', '2026-11-21T10:59:59Z', '2026-11-21T11:00:00Z', '2026-11-21T13:10:00Z', '2026-11-21T10:05:00Z']) {
      const now = new Date(at);
      expect(await windows.totals(ctx.db, ids, now)).toEqual(await rollupTotals(ctx.db, ids, now));
    }
    // Checks landing in the live hours (now's and the two before) show on the next read.
    const now = new Date('2026-11-21T10:40:00Z');
    await windows.totals(ctx.db, ids, now);
    await ctx.db.query(
      `UPDATE monitor_rollups SET total = total + 5, successful = successful + 1 WHERE monitor_id = $1 AND hour >= '2026-11-21T08:00:00Z'`,
      [ids[0]],
    );
    const after = await windows.totals(ctx.db, ids, now);
    expect(after).toEqual(await rollupTotals(ctx.db, ids, now));
    expect(after.get(ids[2])?.['30d'].total).toBe(0);
  });
});

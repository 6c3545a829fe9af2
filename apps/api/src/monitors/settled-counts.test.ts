import { rollupCountsBetween } from '@vigil/core';
import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { accountUsage } from '../usage/account-usage.js';
import { SettledCounts } from './settled-counts.js';

let ctx: TestContext;
let accountId: number;
let ids: number[];
const END = '2026-11-21T10:00:00Z';
beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  ids = await insertTestMonitors(ctx, accountId, 3);
  // 40 days of hours up to END (monitor 3 has none); uneven numbers per hour.
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful)
     SELECT m, $2::timestamptz - h * interval '1 hour', 60 + (h % 5), 60 - (h % 7) FROM unnest($1::int[]) m, generate_series(0, 960) h`,
    [ids.slice(0, 2), END],
  );
});
afterAll(() => ctx.teardown());

const zeros = (counts: Map<number, { total: number; successful: number }>) => new Map(ids.map((id) => [id, counts.get(id) ?? { total: 0, successful: 0 }]));

const accountChecks = async (counts: SettledCounts, from: Date, now: Date) => (await accountUsage(ctx.db, counts, accountId, from, now)).checks;

async function accountTotalDirect(from: Date, to: Date): Promise<number> {
  const [row] = await ctx.db.query<{ n: string }[]>(
    `SELECT COALESCE(sum(r.total), 0) AS n FROM monitor_rollups r JOIN monitors m ON m.id = r.monitor_id WHERE m.account_id = $1 AND r.hour >= $2 AND r.hour < $3`,
    [accountId, from, to],
  );
  return Number(row.n);
}

const NOWS = ['2026-11-21T10:30:00Z', '2026-11-21T10:59:59Z', '2026-11-21T11:00:00Z', '2026-11-21T13:10:00Z', '2026-11-21T10:05:00Z', '2026-11-21T01:30:00Z'];

describe('SettledCounts (real PostgreSQL)', () => {
  it('counts periods as rollupCountsBetween does, as the clock moves', async () => {
    const counts = new SettledCounts();
    for (const at of NOWS) {
      const now = new Date(at);
      for (const [from, to] of [
        ['2026-11-01T00:00:00Z', at],
        ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
        ['2026-11-21T00:00:00Z', at],
        ['2026-11-20T07:30:00Z', '2026-11-21T09:15:00Z'],
        ['2026-11-21T09:00:00Z', '2026-12-01T00:00:00Z'],
      ]) {
        const period = [new Date(from), new Date(to)] as const;
        expect(await counts.between(ctx.db, ids, ...period, now)).toEqual(zeros(await rollupCountsBetween(ctx.db, ids, ...period)));
      }
    }
  });

  it("totals the account's checks from a day or month start to now, as summing every hour", async () => {
    const counts = new SettledCounts();
    for (const at of NOWS) {
      const now = new Date(at);
      for (const from of ['2026-11-01T00:00:00Z', '2026-10-23T00:00:00Z', '2026-11-21T00:00:00Z', '2026-11-20T23:59:00Z']) {
        expect(await accountChecks(counts, new Date(from), now)).toBe(await accountTotalDirect(new Date(from), now));
      }
    }
  });

  it('reads the live hours on every call, and leaves a deleted monitor out', async () => {
    const counts = new SettledCounts();
    const now = new Date('2026-11-21T10:40:00Z');
    const from = new Date('2026-11-01T00:00:00Z');
    await accountChecks(counts, from, now);
    await counts.between(ctx.db, ids, from, now, now);
    await ctx.db.query(`UPDATE monitor_rollups SET total = total + 5, successful = successful + 1 WHERE monitor_id = $1 AND hour >= '2026-11-21T08:00:00Z'`, [ids[0]]);
    expect(await accountChecks(counts, from, now)).toBe(await accountTotalDirect(from, now));
    expect(await counts.between(ctx.db, ids, from, now, now)).toEqual(zeros(await rollupCountsBetween(ctx.db, ids, from, now)));
    await ctx.db.query('DELETE FROM monitors WHERE id = $1', [ids[1]]);
    expect(await accountChecks(counts, from, now)).toBe(await accountTotalDirect(from, now));
  });
});

import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { incidentsOverlapping } from '../incidents/incident-store.js';
import { rollupCountsBetween } from '../checks/rollup-store.js';
import { monitorSlaPeriodReads } from './sla-read.js';

let ctx: TestContext;
let accountId: number;
let ids: number[];
const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-12-01T00:00:00Z');
const live = { from: new Date('2026-11-20T10:30:00Z'), to: new Date('2026-11-20T13:00:00Z') };

beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  const other = await createTestAccount(ctx, 'pro');
  const rows = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO monitors (account_id, name, url, normalized_url, slo_target)
     SELECT $1, 'm' || g, 'https://m' || g || '.example/', 'https://m' || g || '.example/', CASE WHEN g = 2 THEN NULL ELSE 99.9 + g / 100.0 END
     FROM generate_series(1, 3) g RETURNING id`,
    [accountId],
  );
  ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'o', 'https://o.example/', 'https://o.example/')`, [other.account.id]);
  const incident = (monitor: number, start: string, end: string | null) =>
    ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, cause) VALUES ($1, $2, $3, $4, $5, 'x')`, [monitor, accountId, end ? 'resolved' : 'open', start, end]);
  // Microseconds: the milliseconds must be what pg's parse of the text gives (truncated).
  await incident(ids[0], '2026-11-10T10:00:00.123999Z', '2026-11-10T11:00:00.000500Z');
  await incident(ids[0], '2026-10-31T23:00:00Z', '2026-11-01T01:00:00Z');
  await incident(ids[0], '2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z'); // before the period
  await incident(ids[2], '2026-11-30T23:59:59.999999Z', null);
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES
       ($1, '2026-11-20T09:00:00Z', 60, 60), ($1, '2026-11-20T10:00:00Z', 60, 50), ($1, '2026-11-20T12:00:00Z', 60, 40), ($1, '2026-11-20T13:00:00Z', 60, 0),
       ($2, '2026-11-20T11:00:00Z', 10, 9)`,
    [ids[0], ids[2]],
  );
});
afterAll(() => ctx.teardown());

describe('monitorSlaPeriodReads (real PostgreSQL)', () => {
  it("answers the account's monitors' incidents and live hours as the separate reads by ids gave them", async () => {
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, { from, to, live });
    expect([...reads.keys()].sort((a, b) => a - b)).toEqual(ids);
    const incidents = await incidentsOverlapping(ctx.db, ids, from, to);
    const byStart = (a: { startedAt: Date }, b: { startedAt: Date }) => a.startedAt.getTime() - b.startedAt.getTime();
    for (const id of ids) {
      const expected = incidents.filter((i) => i.monitor_id === id).map((i) => ({ startedAt: i.started_at, resolvedAt: i.resolved_at }));
      expect([...(reads.get(id)?.incidents ?? [])].sort(byStart)).toEqual(expected.sort(byStart));
    }
    expect(ids.map((id) => reads.get(id)?.incidents.length)).toEqual([2, 0, 1]);
    const counts = await rollupCountsBetween(ctx.db, ids, live.from, live.to);
    expect(ids.map((id) => reads.get(id)?.live)).toEqual(ids.map((id) => counts.get(id) ?? { total: 0, successful: 0 }));
    expect(reads.get(ids[0])?.live).toEqual({ total: 120, successful: 90 });
  });

  it('reads one monitor of the account, none of another account, and zeros without live hours', async () => {
    const one = await monitorSlaPeriodReads(ctx.db, accountId, { from, to, live: null }, ids[0]);
    expect([[...one.keys()], one.get(ids[0])?.incidents.length, one.get(ids[0])?.live]).toEqual([[ids[0]], 2, { total: 0, successful: 0 }]);
    const other = await createTestAccount(ctx, 'pro');
    expect((await monitorSlaPeriodReads(ctx.db, other.account.id, { from, to, live }, ids[0])).size).toBe(0);
  });
});

import type { CheckResult } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createMonitor, rollupsOf } from '../testing/monitors.js';
import { recordChecks, type CheckRecord } from './record-checks.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

let seq = 0;
const T0 = Date.parse('2025-06-01T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const ok = (s: number, ms = 100): CheckResult => ({ timestamp: at(s), status: 'success', response_time_ms: ms, status_code: 200 });
const rec = (monitorId: number, result: CheckResult, over: Partial<CheckRecord> = {}): CheckRecord => ({ monitorId, jobKey: `job-${++seq}`, manual: false, result, ...over });

/** The hour a monitor's row keeps and the hours stored apart: [hour, total, response time sum]. */
async function hoursOf(monitorId: number): Promise<{ kept: [string, number, number] | null; stored: [string, number, number][] }> {
  const [m] = await ctx.db.query<{ rollup_hour: Date | null; rollup_total: number; rollup_response_time_sum: string }[]>(
    'SELECT rollup_hour, rollup_total, rollup_response_time_sum FROM monitors WHERE id = $1',
    [monitorId],
  );
  const stored = await ctx.db.query<{ hour: Date; total: number; response_time_sum: string }[]>(
    'SELECT hour, total, response_time_sum FROM monitor_rollup_hours WHERE monitor_id = $1 ORDER BY hour',
    [monitorId],
  );
  return {
    kept: m.rollup_hour ? [m.rollup_hour.toISOString(), m.rollup_total, Number(m.rollup_response_time_sum)] : null,
    stored: stored.map((s) => [s.hour.toISOString(), s.total, Number(s.response_time_sum)]),
  };
}

describe("the newest hour's rollup on the monitor's row", () => {
  it('keeps the newest hour on the row, moves it to the stored hours when a later hour comes, stores a late check', async () => {
    const m = await createMonitor(ctx);
    await recordChecks(ctx.db, [rec(m.id, ok(30, 100))]);
    expect(await hoursOf(m.id)).toEqual({ kept: ['2025-06-01T10:00:00.000Z', 1, 100], stored: [] });

    // One batch: a check of the kept hour and one of the next: the kept hour (with the batch's check of it) is stored.
    await recordChecks(ctx.db, [rec(m.id, ok(600, 20)), rec(m.id, ok(3900, 7))]);
    expect(await hoursOf(m.id)).toEqual({ kept: ['2025-06-01T11:00:00.000Z', 1, 7], stored: [['2025-06-01T10:00:00.000Z', 2, 120]] });

    // The same hour adds up on the row; a late check of an older hour goes to the stored hours.
    await recordChecks(ctx.db, [rec(m.id, ok(3960, 3)), rec(m.id, ok(-1800, 50)), rec(m.id, ok(660, 1))]);
    expect(await hoursOf(m.id)).toEqual({
      kept: ['2025-06-01T11:00:00.000Z', 2, 10],
      stored: [
        ['2025-06-01T09:00:00.000Z', 1, 50],
        ['2025-06-01T10:00:00.000Z', 3, 121],
      ],
    });

    // monitor_rollups shows both, as one relation.
    expect((await rollupsOf(ctx, m.id)).map((r) => [r.hour.toISOString(), r.total, r.responseTimeSum])).toEqual([
      ['2025-06-01T09:00:00.000Z', 1, '50'],
      ['2025-06-01T10:00:00.000Z', 3, '121'],
      ['2025-06-01T11:00:00.000Z', 2, '10'],
    ]);
  });

  it('stores every hour of a monitor in several regions (its checks may be written without its lock)', async () => {
    const m = await createMonitor(ctx, { regions: ['eu', 'us'] });
    await recordChecks(ctx.db, [rec(m.id, ok(30), { region: 'eu' }), rec(m.id, ok(31), { region: 'us', jobKey: `job-${seq}` })]);
    expect(await hoursOf(m.id)).toEqual({ kept: null, stored: [['2025-06-01T10:00:00.000Z', 2, 200]] });
  });

  it('writes to monitor_rollups go to the stored hours, or to the hour a row keeps', async () => {
    const m = await createMonitor(ctx);
    await recordChecks(ctx.db, [rec(m.id, ok(30, 100))]);
    await ctx.db.query(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES ($1, '2025-06-01T08:00:00Z', 4, 4)`, [m.id]);
    await ctx.db.query(`UPDATE monitor_rollups SET total = total + 5 WHERE monitor_id = $1`, [m.id]);
    expect(await hoursOf(m.id)).toEqual({ kept: ['2025-06-01T10:00:00.000Z', 6, 100], stored: [['2025-06-01T08:00:00.000Z', 9, 0]] });
    await ctx.db.query(`DELETE FROM monitor_rollups WHERE monitor_id = $1`, [m.id]);
    expect(await hoursOf(m.id)).toEqual({ kept: null, stored: [] });
  });
});

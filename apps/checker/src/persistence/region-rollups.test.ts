import type { CheckResult } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { recordChecks, type CheckRecord } from './record-checks.js';

/** The check writer's per-region hourly rollups (real PostgreSQL): equal to the raw checks' sums. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const T0 = Date.parse('2025-07-01T09:58:00.000Z');
const result = (s: number, ok: boolean, ms = 100): CheckResult =>
  ok
    ? { timestamp: new Date(T0 + s * 1000).toISOString(), status: 'success', response_time_ms: ms, status_code: 200 }
    : { timestamp: new Date(T0 + s * 1000).toISOString(), status: 'failure', response_time_ms: null, status_code: 503, error: 'Unexpected status code 503' };
const regional = (monitorId: number, jobKey: string, region: string, r: CheckResult): CheckRecord => ({
  monitorId,
  jobKey,
  manual: false,
  result: r,
  region,
  liveRegions: ['eu', 'us', 'ap'],
  roundDeadlineInMs: 60_000,
});

async function monitorIn(regions: string[]) {
  const m = await createMonitor(ctx, { alertThreshold: 5 });
  await ctx.db.query(`UPDATE monitors SET regions = $2 WHERE id = $1`, [m.id, regions]);
  return m;
}

type HourRow = { region: string; hour: Date; total: number; successful: number; response_time_sum: number; response_time_count: number };
const normal = (rows: HourRow[]) => rows.map((r) => ({ ...r, hour: r.hour.toISOString(), response_time_sum: Number(r.response_time_sum) }));

const regionHours = async (monitorId: number) =>
  normal(
    await ctx.db.query<HourRow[]>(
      `SELECT region, hour, total, successful, response_time_sum, response_time_count FROM monitor_region_hours WHERE monitor_id = $1 ORDER BY region, hour`,
      [monitorId],
    ),
  );

/** The same sums computed from the raw checks (what statistics.regions read before). */
const rawHours = async (monitorId: number) =>
  normal(
    await ctx.db.query<HourRow[]>(
      `SELECT region, date_bin('1 hour', checked_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, count(*)::int AS total,
              count(*) FILTER (WHERE status = 'success')::int AS successful,
              COALESCE(sum(response_time_ms) FILTER (WHERE status = 'success'), 0)::bigint AS response_time_sum,
              count(response_time_ms) FILTER (WHERE status = 'success')::int AS response_time_count
         FROM checks WHERE monitor_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [monitorId],
    ),
  );

describe('per-region hourly rollups', () => {
  it('a multi-region batch writes one row per region and hour, equal to the raw checks; batches add up; a redelivery adds nothing', async () => {
    const m = await monitorIn(['eu', 'us', 'ap']);
    const round = (n: number, s: number, okIn: Record<string, boolean>, ms = 100) =>
      Object.entries(okIn).map(([region, ok]) => regional(m.id, `r${n}`, region, result(s + (region === 'ap' ? 1 : 0), ok, ms + n)));
    // Rounds before and after 10:00, one batch of several rounds, then more rounds and a redelivery.
    await recordChecks(ctx.db, [...round(1, 0, { eu: true, us: true, ap: false }), ...round(2, 60, { eu: true, us: false, ap: true }), ...round(3, 120, { eu: true, us: true, ap: true })]);
    await recordChecks(ctx.db, [...round(4, 180, { eu: false, us: true, ap: true }, 200), regional(m.id, 'r1', 'eu', result(5, false))]);
    const hours = await regionHours(m.id);
    expect(hours).toEqual(await rawHours(m.id));
    expect(hours).toEqual([
      { region: 'ap', hour: '2025-07-01T09:00:00.000Z', total: 2, successful: 1, response_time_sum: 102, response_time_count: 1 },
      { region: 'ap', hour: '2025-07-01T10:00:00.000Z', total: 2, successful: 2, response_time_sum: 103 + 204, response_time_count: 2 },
      { region: 'eu', hour: '2025-07-01T09:00:00.000Z', total: 2, successful: 2, response_time_sum: 101 + 102, response_time_count: 2 },
      { region: 'eu', hour: '2025-07-01T10:00:00.000Z', total: 2, successful: 1, response_time_sum: 103, response_time_count: 1 },
      { region: 'us', hour: '2025-07-01T09:00:00.000Z', total: 2, successful: 1, response_time_sum: 101, response_time_count: 1 },
      { region: 'us', hour: '2025-07-01T10:00:00.000Z', total: 2, successful: 2, response_time_sum: 103 + 204, response_time_count: 2 },
    ]);
  });

  it('regional writers of one monitor, concurrently, sum every check once', async () => {
    const monitors = await Promise.all(Array.from({ length: 5 }, () => monitorIn(['eu', 'us', 'ap'])));
    await Promise.all(
      ['eu', 'us', 'ap'].map(async (region, w) => {
        for (let n = 0; n < 4; n++) {
          await recordChecks(ctx.db, monitors.map((m) => ({ ...regional(m.id, `c${n}`, region, result(n * 60 + w, (n + w) % 3 !== 0, 50 + n)), deadlineTracked: true })));
        }
      }),
    );
    for (const m of monitors) {
      const hours = await regionHours(m.id);
      expect(hours.reduce((n, h) => n + h.total, 0)).toBe(12);
      expect(hours).toEqual(await rawHours(m.id));
    }
  });

  it('a monitor in one region writes none (its own rollups answer for its region)', async () => {
    const m = await monitorIn(['eu']);
    await recordChecks(ctx.db, [regional(m.id, 'a', 'eu', result(0, true)), regional(m.id, 'b', 'eu', result(60, false))]);
    expect(await regionHours(m.id)).toEqual([]);
    expect(await rawHours(m.id)).toHaveLength(1);
  });
});

import { countChecks, DAY_MS, type CheckListFilter } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { CheckTotals, heldCheckDays } from './check-totals.js';
import { FINISHED_DAYS_TTL_MS, LATE_WRITES_MS } from './finished-days.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const at = (iso: string) => new Date(iso);

describe('heldCheckDays', () => {
  const now = at('2026-12-10T12:00:00Z');
  it('holds the finished whole days of the range, from two days after the oldest retention may drop', () => {
    expect(heldCheckDays({}, now, 90)).toEqual({ from: day('2026-09-13'), until: day('2026-12-10') });
    expect(heldCheckDays({ from: at('2026-12-01T06:00:00Z'), toExclusive: at('2026-12-05T18:00:00Z') }, now, 90)).toEqual({ from: day('2026-12-02'), until: day('2026-12-05') });
    expect(heldCheckDays({ from: at('2026-12-01T00:00:00Z') }, now, 90)).toEqual({ from: day('2026-12-01'), until: day('2026-12-10') });
    expect(heldCheckDays({ from: at('2026-11-01T00:00:00Z') }, now, 10)).toEqual({ from: day('2026-12-02'), until: day('2026-12-10') });
  });

  it('holds nothing of today, of yesterday within LATE_WRITES_MS of midnight, or of a range within one day', () => {
    const justAfterMidnight = new Date(Date.parse('2026-12-10T00:00:00Z') + LATE_WRITES_MS - 1);
    expect(heldCheckDays({ from: at('2026-12-08T00:00:00Z') }, justAfterMidnight, 90)).toEqual({ from: day('2026-12-08'), until: day('2026-12-09') });
    expect(heldCheckDays({ from: at('2026-12-09T00:00:00Z') }, justAfterMidnight, 90)).toBeNull();
    expect(heldCheckDays({ from: at('2026-12-03T01:00:00Z'), toExclusive: at('2026-12-03T23:00:00Z') }, now, 90)).toBeNull();
  });
});

describe('CheckTotals (real PostgreSQL)', () => {
  const clock = testClock('2026-12-10T12:00:00Z');
  let ctx: TestContext;
  let monitorId: number;
  let totals: CheckTotals;

  const insertChecks = (rows: [Date, 'success' | 'failure', string][]) =>
    ctx.db.query(
      `INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key, region)
       SELECT $1, t, s, 10, 200, 'k-' || n, r FROM unnest($2::timestamptz[], $3::text[], $4::text[]) WITH ORDINALITY AS x(t, s, r, n)`,
      [monitorId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );

  beforeAll(async () => {
    // Retention of 10 days: the oldest days of the checks below are counted live, never held.
    ctx = await createTestContext({ clock, env: { VIGIL_CHECK_RETENTION_DAYS: '10' } });
    const { account } = await createTestAccount(ctx, 'pro');
    [{ id: monitorId }] = await ctx.db.query<{ id: number }[]>(
      `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', 'https://m.example/', 'https://m.example/') RETURNING id`,
      [account.id],
    );
    // 14 days of checks, one every 37 minutes, three regions, one in five failing.
    const rows: [Date, 'success' | 'failure', string][] = [];
    const start = clock.now().getTime() - 14 * DAY_MS;
    for (let i = 0, t = start; t < clock.now().getTime(); i++, t += 37 * 60_000) rows.push([new Date(t), i % 5 === 0 ? 'failure' : 'success', ['local', 'eu', 'us'][i % 3]]);
    await insertChecks(rows);
    totals = new CheckTotals(ctx);
  });
  afterAll(() => ctx.teardown());

  it("answers every filter's count as the rows give it: ranges, statuses and regions", async () => {
    const now = clock.now().getTime();
    const edges = [undefined, now - 13.3 * DAY_MS, now - 9 * DAY_MS, now - 5.5 * DAY_MS, now - 2 * DAY_MS, now - 0.2 * DAY_MS, now + DAY_MS];
    let compared = 0;
    for (const from of edges)
      for (const to of edges) {
        if (from !== undefined && to !== undefined && from >= to) continue;
        for (const status of [undefined, 'success', 'failure'] as const)
          for (const region of [undefined, 'local', 'eu', 'us', 'ap']) {
            const filter: CheckListFilter = { monitorId, status, region, from: from === undefined ? undefined : new Date(from), toExclusive: to === undefined ? undefined : new Date(to) };
            const label = JSON.stringify(filter);
            expect([label, await totals.count(filter)]).toEqual([label, await countChecks(ctx.db, filter)]);
            compared++;
          }
      }
    expect(compared).toBeGreaterThan(400);
  });

  it('counts a change on a finished day once its held counts are older than FINISHED_DAYS_TTL_MS, and one on the days retention may drop at once', async () => {
    const filter: CheckListFilter = { monitorId };
    const before = await totals.count(filter);
    const now = clock.now();
    try {
      // A finished, held day: a correction (the checker writes within seconds) shows after the TTL.
      await insertChecks([[new Date(now.getTime() - 4 * DAY_MS), 'success', 'eu']]);
      expect(await totals.count(filter)).toBe(before);
      clock.advance(FINISHED_DAYS_TTL_MS);
      expect(await totals.count(filter)).toBe(before + 1);
      // The days retention may drop (up to the first held one, two days after the oldest day within
      // retention) are never held: their rows gone (a partition dropped) are gone from the total.
      const firstHeld = (Math.floor((now.getTime() - 10 * DAY_MS) / DAY_MS) + 2) * DAY_MS;
      const gone = await ctx.db.query<{ n: number }[]>(`WITH d AS (DELETE FROM checks WHERE monitor_id = $1 AND checked_at < $2 RETURNING 1) SELECT count(*)::int AS n FROM d`, [
        monitorId,
        new Date(firstHeld),
      ]);
      expect(gone[0].n).toBeGreaterThan(0);
      expect(await totals.count(filter)).toBe(before + 1 - gone[0].n);
      expect(await totals.count(filter)).toBe(await countChecks(ctx.db, filter));
    } finally {
      clock.set(now);
    }
  });
});

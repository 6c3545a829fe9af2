import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { rollupCountsBetween } from '../checks/rollup-store.js';
import { incidentSlaDays, monitorSlaPeriodReads, periodIncidents, type MonitorPeriodRead, type PeriodIncidents, type SlaReadRange } from './sla-read.js';

let ctx: TestContext;
let accountId: number;
let ids: number[];
const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-12-01T00:00:00Z');
const now = new Date('2026-12-15T00:00:00Z');
const live = { from: new Date('2026-11-20T10:30:00Z'), to: new Date('2026-11-20T13:00:00Z') };
const at = (iso: string) => Date.parse(iso);
const NO_MAINTENANCE: SlaReadRange['maintenance'] = { all: [], byMonitor: new Map() };
const range = (over: Partial<SlaReadRange> = {}): SlaReadRange => ({ from, to, now, live, maintenance: NO_MAINTENANCE, ...over });
const HOUR_MS = 3_600_000;
/** A read's figures as a report takes them (no interior days). */
const figures = (read: MonitorPeriodRead | undefined): PeriodIncidents | undefined => read && periodIncidents([read.incidents], read.inMaintenanceMs);

async function insertMonitor(account: number, name: string, createdAt = '2026-01-01T00:00:00Z'): Promise<number> {
  const [{ id }] = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO monitors (account_id, name, url, normalized_url, created_at) VALUES ($1, $2, $3, $3, $4) RETURNING id`,
    [account, name, `https://${name}-${account}.example/`, createdAt],
  );
  return id;
}

const incident = (monitor: number, start: string, end: string | null) =>
  ctx.db.query(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, cause) VALUES ($1, $2, $3, $4, $5, 'x')`, [
    monitor,
    accountId,
    end ? 'resolved' : 'open',
    start,
    end,
  ]);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  const other = await createTestAccount(ctx, 'pro');
  ids = [await insertMonitor(accountId, 'm1'), await insertMonitor(accountId, 'm2'), await insertMonitor(accountId, 'm3')];
  await insertMonitor(other.account.id, 'o');
  // Microseconds: times count at the millisecond pg's parse of the text gives (truncated): 10:00:00.123 to 11:00:00.000.
  await incident(ids[0], '2026-11-10T10:00:00.123999Z', '2026-11-10T11:00:00.000500Z');
  await incident(ids[0], '2026-10-31T23:00:00Z', '2026-11-01T01:00:00Z'); // from before the period: its last hour counts
  await incident(ids[0], '2026-10-01T00:00:00Z', '2026-10-02T00:00:00Z'); // before the period
  // Two that overlap (not written by the checker, which opens one at a time): the time they cover counts once.
  await incident(ids[1], '2026-11-05T10:00:00Z', '2026-11-05T12:00:00Z');
  await incident(ids[1], '2026-11-05T11:00:00Z', '2026-11-05T13:00:00Z');
  await incident(ids[2], '2026-11-30T23:59:59.999999Z', null); // open: until the period's end
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES
       ($1, '2026-11-20T09:00:00Z', 60, 60), ($1, '2026-11-20T10:00:00Z', 60, 50), ($1, '2026-11-20T12:00:00Z', 60, 40), ($1, '2026-11-20T13:00:00Z', 60, 0),
       ($2, '2026-11-20T11:00:00Z', 10, 9)`,
    [ids[0], ids[2]],
  );
});
afterAll(() => ctx.teardown());

describe('monitorSlaPeriodReads (real PostgreSQL)', () => {
  it("sums the account's monitors' incidents inside the period, and answers their live hours as the rollups give them", async () => {
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, range());
    expect([...reads.keys()].sort((a, b) => a - b)).toEqual(ids);
    const first = HOUR_MS - 123;
    expect(figures(reads.get(ids[0]))).toEqual({ count: 2, downtimeMs: first + HOUR_MS, inMaintenanceMs: 0, mttrMs: (first + 2 * HOUR_MS) / 2 });
    expect(figures(reads.get(ids[1]))).toEqual({ count: 2, downtimeMs: 3 * HOUR_MS, inMaintenanceMs: 0, mttrMs: 2 * HOUR_MS });
    expect(figures(reads.get(ids[2]))).toEqual({ count: 1, downtimeMs: 1, inMaintenanceMs: 0, mttrMs: null });
    const counts = await rollupCountsBetween(ctx.db, ids, live.from, live.to);
    expect(ids.map((id) => reads.get(id)?.live)).toEqual(ids.map((id) => counts.get(id) ?? { total: 0, successful: 0 }));
    expect(reads.get(ids[0])?.live).toEqual({ total: 120, successful: 90 });
  });

  it("intersects the incidents with each monitor's maintenance: the windows for all, and its own", async () => {
    const maintenance = {
      all: [{ start: at('2026-11-10T10:30:00Z'), end: at('2026-11-10T12:00:00Z') }],
      byMonitor: new Map([
        [ids[0], [{ start: at('2026-11-01T00:30:00Z'), end: at('2026-11-01T02:00:00Z') }]],
        [ids[1], [{ start: at('2026-11-05T11:30:00Z'), end: at('2026-11-05T12:30:00Z') }, { start: at('2026-11-05T12:00:00Z'), end: at('2026-11-05T14:00:00Z') }]],
      ]),
    };
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, range({ maintenance }));
    expect(reads.get(ids[0])?.inMaintenanceMs).toBe(HOUR_MS / 2 + HOUR_MS / 2);
    // 11:30 to 13:00 of the merged 10:00 to 13:00, the two maintenance spans merged too.
    expect(reads.get(ids[1])?.inMaintenanceMs).toBe(1.5 * HOUR_MS);
    expect(reads.get(ids[2])?.inMaintenanceMs).toBe(0);
    // An empty or reversed span is no maintenance.
    const odd = await monitorSlaPeriodReads(ctx.db, accountId, range({ maintenance: { all: [{ start: at('2026-11-10T11:00:00Z'), end: at('2026-11-10T10:00:00Z') }], byMonitor: new Map() } }), ids[0]);
    expect(odd.get(ids[0])?.inMaintenanceMs).toBe(0);
  });

  it('counts time covered by several incidents once, whatever their order: nested, tied starts, and the one from before the period', async () => {
    const tangled = await insertMonitor(accountId, 'tangled');
    await incident(tangled, '2026-11-03T13:30:00Z', '2026-11-03T15:00:00Z'); // past the first one's end
    await incident(tangled, '2026-11-03T10:00:00Z', '2026-11-03T14:00:00Z');
    await incident(tangled, '2026-11-03T11:00:00Z', '2026-11-03T12:00:00Z'); // inside it
    await incident(tangled, '2026-11-03T13:30:00Z', '2026-11-03T13:45:00Z'); // inside it, the same start as the first
    const maintenance = { all: [], byMonitor: new Map([[tangled, [{ start: at('2026-11-03T11:30:00Z'), end: at('2026-11-03T13:40:00Z') }]]]) };
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, range({ maintenance }), tangled);
    expect(figures(reads.get(tangled))).toEqual({ count: 4, downtimeMs: 5 * HOUR_MS, inMaintenanceMs: 130 * 60_000, mttrMs: (6.75 * HOUR_MS) / 4 });

    const straddled = await insertMonitor(accountId, 'straddled');
    await incident(straddled, '2026-10-31T22:00:00Z', '2026-11-01T03:00:00Z');
    await incident(straddled, '2026-11-01T01:00:00Z', '2026-11-01T02:00:00Z');
    await incident(straddled, '2026-11-01T02:30:00Z', '2026-11-01T04:00:00Z');
    const both = await monitorSlaPeriodReads(ctx.db, accountId, range(), straddled);
    expect(figures(both.get(straddled))).toEqual({ count: 3, downtimeMs: 4 * HOUR_MS, inMaintenanceMs: 0, mttrMs: (5 * HOUR_MS + HOUR_MS + 1.5 * HOUR_MS) / 3 });
  });

  it("counts from the monitor's creation and up to now", async () => {
    const late = await insertMonitor(accountId, 'late', '2026-11-15T00:00:00Z');
    await incident(late, '2026-11-14T12:00:00Z', '2026-11-16T00:00:00Z');
    await incident(late, '2026-11-20T10:00:00Z', null);
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, range({ now: new Date('2026-11-20T11:00:00Z') }), late);
    expect(figures(reads.get(late))).toEqual({ count: 2, downtimeMs: 24 * HOUR_MS + HOUR_MS, inMaintenanceMs: 0, mttrMs: 36 * HOUR_MS });
  });

  it('reads one monitor of the account, none of another account, and zeros without live hours', async () => {
    const one = await monitorSlaPeriodReads(ctx.db, accountId, range({ live: null }), ids[0]);
    expect([[...one.keys()], one.get(ids[0])?.incidents.count, one.get(ids[0])?.live]).toEqual([[ids[0]], 2, { total: 0, successful: 0 }]);
    const other = await createTestAccount(ctx, 'pro');
    expect((await monitorSlaPeriodReads(ctx.db, other.account.id, range(), ids[0])).size).toBe(0);
  });

  it('sums a month of flapping (21,600 incidents) in the database: one row', async () => {
    const flapping = await insertMonitor(accountId, 'flapping');
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, cause)
       SELECT $1, $2, 'resolved', $3::timestamptz + k * interval '2 minutes', $3::timestamptz + k * interval '2 minutes' + interval '1 minute', 'x'
         FROM generate_series(0, 21599) AS k`,
      [flapping, accountId, from],
    );
    const reads = await monitorSlaPeriodReads(ctx.db, accountId, range(), flapping);
    expect(figures(reads.get(flapping))).toEqual({ count: 21_600, downtimeMs: 21_600 * 60_000, inMaintenanceMs: 0, mttrMs: 60_000 });
  });
});

describe('incidentSlaDays: finished days summed apart add up to the whole period read live', () => {
  const DAY_MS = 86_400_000;
  /** A small seeded generator (mulberry32): the same cases on every run. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('gives the same count, downtime, time in maintenance and MTTR for random incidents, periods, interiors and maintenance', async () => {
    const rand = random(35);
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo));
    const base = Date.parse('2026-10-30T00:00:00Z');
    let withInterior = 0;
    for (let trial = 0; trial < 40; trial++) {
      const created = base + int(0, 4 * DAY_MS);
      const monitor = await insertMonitor(accountId, `random-${trial}`, new Date(created).toISOString());
      // Incidents as the checker writes them: one after another, some spanning days, some empty, the last maybe open.
      let t = base - int(0, 2 * DAY_MS);
      const rows: [number, number | null][] = [];
      while (t < base + 14 * DAY_MS) {
        const start = t + int(0, 30 * 3_600_000);
        const length = rand() < 0.1 ? 0 : int(1, rand() < 0.2 ? 3 * DAY_MS : 4 * 3_600_000);
        rows.push([start, start + length]);
        t = start + length;
      }
      if (rand() < 0.4) rows[rows.length - 1][1] = null;
      for (const [start, end] of rows) await incident(monitor, new Date(start).toISOString(), end === null ? null : new Date(end).toISOString());

      const periodFrom = base + int(0, 5 * DAY_MS);
      const periodTo = periodFrom + int(DAY_MS, 12 * DAY_MS);
      const nowMs = periodFrom + int(DAY_MS, 16 * DAY_MS);
      const spans = Array.from({ length: int(0, 4) }, () => {
        const start = periodFrom + int(0, 10 * DAY_MS);
        return { start, end: start + int(1, DAY_MS) };
      });
      const r = range({ from: new Date(periodFrom), to: new Date(periodTo), now: new Date(nowMs), live: null, maintenance: { all: spans, byMonitor: new Map() } });
      const whole = figures((await monitorSlaPeriodReads(ctx.db, accountId, r, monitor)).get(monitor));

      // Any whole days after the part's first day, ending by its last and finished by now.
      const st = Math.max(periodFrom, created);
      const en = Math.max(st, Math.min(periodTo, nowMs));
      const first = Math.floor(st / DAY_MS) + 1;
      const last = Math.min(Math.floor(en / DAY_MS), Math.floor(nowMs / DAY_MS));
      if (first >= last) continue;
      const d1 = int(first, last);
      const d2 = int(d1 + 1, last + 1);
      withInterior++;
      const read = (await monitorSlaPeriodReads(ctx.db, accountId, { ...r, interior: new Map([[monitor, { start: d1 * DAY_MS, end: d2 * DAY_MS }]]) }, monitor)).get(monitor);
      const days = await incidentSlaDays(ctx.db, [monitor], d1 - int(0, 3), d2, new Date(nowMs));
      expect(days.every((d) => d.monitor_id === monitor)).toBe(true);
      const inside = days.filter((d) => d.day >= d1 && d.day < d2);
      const parts = read && periodIncidents([read.incidents, ...inside], read.inMaintenanceMs);
      const label = `trial ${trial}: days ${d1} to ${d2}`;
      expect([label, parts?.count, parts?.downtimeMs, parts?.inMaintenanceMs]).toEqual([label, whole?.count, whole?.downtimeMs, whole?.inMaintenanceMs]);
      if (whole?.mttrMs === null) expect([label, parts?.mttrMs]).toEqual([label, null]);
      else expect(parts?.mttrMs).toBeCloseTo(whole?.mttrMs ?? NaN, 3);
    }
    expect(withInterior).toBeGreaterThan(20);
  });

  it('answers nothing for no monitors or no days, and only days with incidents', async () => {
    expect(await incidentSlaDays(ctx.db, [], 1, 2, now)).toEqual([]);
    expect(await incidentSlaDays(ctx.db, [ids[0]], 5, 5, now)).toEqual([]);
    const day = Date.parse('2026-11-10T00:00:00Z') / DAY_MS;
    // ids[0]: 10:00:00.123 to 11:00:00.000 on 2026-11-10.
    expect(await incidentSlaDays(ctx.db, [ids[0]], day - 1, day + 2, now)).toEqual([
      { monitor_id: ids[0], day, count: 1, downtimeMs: HOUR_MS - 123, resolved: 1, resolvedMs: HOUR_MS - 123 },
    ]);
  });
});


import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { incidentWindowSummary } from './incident-list-store.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'business')).account.id;
});
afterAll(() => ctx.teardown());

const now = new Date('2025-03-31T00:00:00Z');
const from = new Date('2025-03-01T00:00:00Z');

let n = 0;
/** A monitor with these incidents: [start, end or null (open), duration_seconds (default: end - start)]. */
async function monitorWith(incidents: [string, string | null, number?][]): Promise<number> {
  const url = `https://summary-${++n}.example.com/`;
  const [{ id }] = await ctx.db.query<{ id: number }[]>(`INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', $2, $2) RETURNING id`, [accountId, url]);
  for (const [start, end, duration] of incidents) {
    const seconds = end ? (duration ?? (Date.parse(end) - Date.parse(start)) / 1000) : null;
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks) VALUES ($1, $2, $3, $4, $5, $6, 'x', 1)`,
      [id, accountId, end ? 'resolved' : 'open', new Date(start), end ? new Date(end) : null, seconds],
    );
  }
  return id;
}

const summary = async (incidents: [string, string | null, number?][]) => incidentWindowSummary(ctx.db, await monitorWith(incidents), from, now);

describe('incidentWindowSummary', () => {
  it('is empty without incidents', async () => {
    expect(await summary([])).toEqual({ started: 0, downtimeSeconds: 0, mttrSeconds: null });
  });

  it('counts incidents started in the window, downtime inside it, and MTTR of those resolved in it', async () => {
    expect(
      await summary([
        ['2025-02-10T00:00:00Z', '2025-02-10T01:00:00Z'], // ended before the window: nothing
        ['2025-02-28T23:00:00Z', '2025-03-01T01:00:00Z'], // started before: 3600 s inside, 7200 s long
        ['2025-03-10T00:00:00Z', '2025-03-10T00:10:00Z'], // 600 s
        ['2025-03-20T00:00:00Z', '2025-03-20T00:01:00Z'], // 60 s
        ['2025-03-30T23:00:00Z', null], // open: 3600 s until now
      ]),
    ).toEqual({ started: 3, downtimeSeconds: 600 + 60 + 3600 + 3600, mttrSeconds: Math.round((600 + 60 + 7200) / 3) });
  });

  it('ignores incidents that ended before the window, and those started after now', async () => {
    expect(await summary([['2025-02-01T00:00:00Z', '2025-02-01T01:00:00Z'], ['2025-03-31T00:00:01Z', null]])).toEqual({ started: 0, downtimeSeconds: 0, mttrSeconds: null });
  });

  it('has a null MTTR when only open incidents exist', async () => {
    expect((await summary([['2025-03-30T00:00:00Z', null]])).mttrSeconds).toBeNull();
  });

  it('counts an incident from before the window still open now, for the whole window', async () => {
    expect(await summary([['2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z'], ['2025-02-20T00:00:00Z', null]])).toEqual({ started: 0, downtimeSeconds: 30 * 86_400, mttrSeconds: null });
  });

  it('counts an incident inside the window with its duration_seconds, so downtime and durations agree', async () => {
    // 2.6 s long: duration_seconds is 3 (rounded), and so is its downtime.
    expect(await summary([['2025-03-10T00:00:00.000Z', '2025-03-10T00:00:02.600Z', 3]])).toEqual({ started: 1, downtimeSeconds: 3, mttrSeconds: 3 });
    const two = await summary([
      ['2025-03-10T00:00:00.000Z', '2025-03-10T00:00:02.600Z', 3],
      ['2025-03-11T00:00:00.000Z', '2025-03-11T00:00:01.400Z', 1],
    ]);
    expect(two.downtimeSeconds).toBe(4);
  });

  it('rounds the part of a clipped or open incident to whole seconds', async () => {
    expect((await summary([['2025-03-30T23:59:57.400Z', null]])).downtimeSeconds).toBe(3);
    expect((await summary([['2025-03-30T23:59:57.800Z', null]])).downtimeSeconds).toBe(2);
    expect((await summary([['2025-02-28T23:00:00Z', '2025-03-01T00:00:01.500Z', 3602]])).downtimeSeconds).toBe(2);
  });

  it('rounds MTTR to whole seconds, half up', async () => {
    expect((await summary([['2025-03-10T00:00:00Z', '2025-03-10T00:00:01Z'], ['2025-03-11T00:00:00Z', '2025-03-11T00:00:02Z']])).mttrSeconds).toBe(2);
  });

  it('reads a month of flapping (21,600 incidents) as one row', async () => {
    const id = await monitorWith([]);
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
       SELECT $1, $2, 'resolved', $3::timestamptz + k * interval '2 minutes', $3::timestamptz + k * interval '2 minutes' + interval '1 minute', 60, 'x', 1
         FROM generate_series(0, 21599) AS k`,
      [id, accountId, from],
    );
    expect(await incidentWindowSummary(ctx.db, id, from, now)).toEqual({ started: 21_600, downtimeSeconds: 21_600 * 60, mttrSeconds: 60 });
  });
});

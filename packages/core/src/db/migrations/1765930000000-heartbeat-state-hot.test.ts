import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { dueHeartbeatMonitorIds, insertHeartbeatRow, saveHeartbeatStates } from '../../heartbeats/heartbeat-store.js';
import { HeartbeatStateHot1765930000000 } from './1765930000000-heartbeat-state-hot.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const deadlineIndexes = async () =>
  ((await ctx.db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'heartbeat_monitors' ORDER BY indexname`)) as { indexname: string }[]).map((r) => r.indexname);

async function heartbeatMonitor(n: number, deadlineAt: Date | null): Promise<number> {
  const { account } = await createTestAccount(ctx, 'business');
  const [{ id }] = (await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url, type, config) VALUES ($1, 'hb', $2, $2, 'heartbeat', $3) RETURNING id`, [
    account.id,
    `heartbeat://hot-${n}`,
    { period: 60, cron: null, timezone: null, grace: 60, min_duration: null, max_duration: null },
  ])) as { id: number }[];
  await insertHeartbeatRow(ctx.db.manager, { monitorId: id, tokenHash: `hash-${n}`, tokenSealed: 'sealed', anchorAt: new Date(Date.UTC(2026, 0, 1)), deadlineAt });
  return id;
}

it('drops the deadline index and leaves room on the pages; down puts both back', async () => {
  expect(await deadlineIndexes()).toEqual(['heartbeat_monitors_pkey', 'heartbeat_monitors_token_hash_key']);
  const options = async () => ((await ctx.db.query(`SELECT reloptions FROM pg_class WHERE relname = 'heartbeat_monitors'`)) as { reloptions: string[] | null }[])[0].reloptions;
  expect(await options()).toEqual(['fillfactor=50']);
  await runMigration(ctx.db, new HeartbeatStateHot1765930000000(), 'down');
  expect(await deadlineIndexes()).toEqual(['heartbeat_monitors_deadline', 'heartbeat_monitors_pkey', 'heartbeat_monitors_token_hash_key']);
  expect(await options()).toBeNull();
  await runMigration(ctx.db, new HeartbeatStateHot1765930000000(), 'up');
  expect(await deadlineIndexes()).toEqual(['heartbeat_monitors_pkey', 'heartbeat_monitors_token_hash_key']);
});

it("writes a ping's new state in place (a HOT update: no index entry), and the sweep still finds the deadlines that passed", async () => {
  const past = new Date(Date.UTC(2026, 0, 2));
  const id = await heartbeatMonitor(1, past);
  const later = await heartbeatMonitor(2, new Date(Date.UTC(2026, 0, 9)));
  const hot = await ctx.db.transaction(async (em) => {
    const at = new Date(Date.UTC(2026, 0, 3));
    const state = { anchorAt: at, lastStartAt: null, lastSuccessAt: at, lastFailureAt: null, lateThroughAt: null, slowStartAt: null };
    await saveHeartbeatStates(em, [{ monitorId: id, state, deadlineAt: new Date(Date.UTC(2026, 0, 4)) }]);
    // This transaction's own counts of the table's updates (PostgreSQL's per-transaction statistics).
    const [counts] = (await em.query(
      `SELECT pg_stat_get_xact_tuples_updated('heartbeat_monitors'::regclass)::int AS updated, pg_stat_get_xact_tuples_hot_updated('heartbeat_monitors'::regclass)::int AS hot`,
    )) as { updated: number; hot: number }[];
    return counts;
  });
  expect(hot).toEqual({ updated: 1, hot: 1 });
  const due = await dueHeartbeatMonitorIds(ctx.db.manager, ['business'], new Date(Date.UTC(2026, 0, 5)), 10);
  expect(due).toContain(id);
  expect(due).not.toContain(later);
});

import { outboxFixture } from './testing/outbox-fixture.js';
import { bucketsOfMonitor, deadRedisQueues } from '@vigil/testing';
import { DEFAULT_REGION } from '../regions/region-names.js';
import { createOutboxRelay } from './outbox-relay.js';
import { applyDeletedMonitorSchedulesTogether, applyMonitorSchedulesTogether } from './monitor-schedules-together.js';
import { createdMonitorChange, monitorScheduleChange } from './schedule-changes.js';

// The grouped applies of the API (issue 35): many monitors' pending changes in one transaction
// and one pipeline, with the guarantees of the one-at-a-time apply.
const fx = outboxFixture();
const { commit, pending, deps } = fx;
const intervalsOf = async (id: number) => (await bucketsOfMonitor(fx.ctx, id)).map((b) => b.everyMs / 1000);
const checksOf = async (id: number) =>
  (await fx.ctx.queues.checkQueue(DEFAULT_REGION).getJobs(['waiting', 'delayed', 'prioritized'])).filter((j) => j.data.monitorId === id).map((j) => j.id);

let n = 0;
async function insertMonitor(checkInterval: number, status = 'up'): Promise<number> {
  const url = `https://together-${++n}.example.com/`;
  const [{ id }] = (await fx.ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status) VALUES ($1, 'm', $2, $2, $3, $4) RETURNING id`,
    [fx.accountId, url, checkInterval, status],
  )) as { id: number }[];
  return id;
}

it('applies every listed monitor as its row stands: created (with its first check), moved, paused, deleted; others untouched', async () => {
  const created = await insertMonitor(300);
  const moved = await insertMonitor(300);
  const paused = await insertMonitor(120);
  const gone = await insertMonitor(60);
  const notListed = await insertMonitor(300);
  await commit([monitorScheduleChange({ id: moved, checkInterval: 300 }), monitorScheduleChange({ id: paused, checkInterval: 120 }), monitorScheduleChange({ id: gone, checkInterval: 60 })]);
  await applyMonitorSchedulesTogether(deps(), [moved, paused, gone]);
  expect([await intervalsOf(moved), await intervalsOf(paused), await intervalsOf(gone)]).toEqual([[300], [120], [60]]);

  const first = createdMonitorChange({ id: created, checkInterval: 300 });
  await fx.ctx.db.query(`UPDATE monitors SET check_interval = 600 WHERE id = $1`, [moved]);
  await fx.ctx.db.query(`UPDATE monitors SET status = 'paused' WHERE id = $1`, [paused]);
  await fx.ctx.db.query('DELETE FROM monitors WHERE id = $1', [gone]);
  await commit([
    first,
    monitorScheduleChange({ id: moved, checkInterval: 600 }, { checkInterval: 300 }),
    monitorScheduleChange({ id: paused, checkInterval: 120 }),
    monitorScheduleChange({ id: gone, checkInterval: 60 }),
    monitorScheduleChange({ id: notListed, checkInterval: 300 }),
  ]);
  expect(await applyMonitorSchedulesTogether(deps(), [created, moved, paused, gone, created])).toBe(4);
  expect(await intervalsOf(created)).toEqual([300]);
  expect(await checksOf(created)).toEqual([first.firstCheck]);
  expect(await intervalsOf(moved)).toEqual([600]);
  expect(await intervalsOf(paused)).toEqual([]);
  expect(await intervalsOf(gone)).toEqual([]);
  expect(await intervalsOf(notListed)).toEqual([]);
  expect(await pending()).toBe(1);
  // Nothing pending for them any more: nothing to do.
  expect(await applyMonitorSchedulesTogether(deps(), [created, moved])).toBe(0);
});

it('a paused monitor gets no first check; a change of each of two intervals both leave', async () => {
  const id = await insertMonitor(300, 'paused');
  const change = createdMonitorChange({ id, checkInterval: 300 });
  await commit([change]);
  await applyMonitorSchedulesTogether(deps(), [id]);
  expect(await checksOf(id)).toEqual([]);
  expect(await intervalsOf(id)).toEqual([]);

  const other = await insertMonitor(60);
  await commit([monitorScheduleChange({ id: other, checkInterval: 60 })]);
  await applyMonitorSchedulesTogether(deps(), [other]);
  await fx.ctx.db.query(`UPDATE monitors SET check_interval = 120 WHERE id = $1`, [other]);
  await commit([monitorScheduleChange({ id: other, checkInterval: 120 }, { checkInterval: 60 })]);
  await applyMonitorSchedulesTogether(deps(), [other]);
  await fx.ctx.db.query(`UPDATE monitors SET check_interval = 300 WHERE id = $1`, [other]);
  // Its first apply failed (pending), then it moved again: one apply leaves both former buckets.
  await commit([monitorScheduleChange({ id: other, checkInterval: 300 }, { checkInterval: 120 })]);
  expect(await applyMonitorSchedulesTogether(deps(), [other])).toBe(1);
  expect(await intervalsOf(other)).toEqual([300]);
});

it('groups running at once over the same monitors apply each change once, none left', async () => {
  const ids = await Promise.all(Array.from({ length: 20 }, () => insertMonitor(60)));
  await commit(ids.map((id) => monitorScheduleChange({ id, checkInterval: 60 })));
  const reversed = [...ids].reverse();
  const applied = await Promise.all([applyMonitorSchedulesTogether(deps(), ids), applyMonitorSchedulesTogether(deps(), reversed), applyMonitorSchedulesTogether(deps(), ids.slice(5))]);
  expect(applied.reduce((a, b) => a + b, 0)).toBe(20);
  expect(await pending()).toBe(0);
  for (const id of ids) expect(await intervalsOf(id)).toEqual([60]);
});

it('Redis down: the group fails and every change stays for the relay, which applies them once Redis answers', async () => {
  const a = await insertMonitor(300);
  const b = await insertMonitor(120);
  await commit([monitorScheduleChange({ id: a, checkInterval: 300 }), monitorScheduleChange({ id: b, checkInterval: 120 })]);
  const dead = await deadRedisQueues(fx.ctx.config.redisPrefix);
  try {
    await expect(applyMonitorSchedulesTogether({ ...deps(), queues: dead.queues, timeoutMs: 300 }, [a, b])).rejects.toThrow();
  } finally {
    await dead.close();
  }
  expect(await pending()).toBe(2);
  expect(await createOutboxRelay(fx.ctx).relayNow()).toBe(2);
  expect([await intervalsOf(a), await intervalsOf(b)]).toEqual([[300], [120]]);
});

it('deleted monitors together: out of their buckets, their changes of those intervals dropped, one of another interval left; Redis down: all left', async () => {
  const a = await insertMonitor(300);
  const b = await insertMonitor(60);
  await commit([monitorScheduleChange({ id: a, checkInterval: 300 }), monitorScheduleChange({ id: b, checkInterval: 60 })]);
  await applyMonitorSchedulesTogether(deps(), [a, b]);
  // a: a change to 120 whose apply failed, then the delete (its change names 120).
  await fx.ctx.db.query(`UPDATE monitors SET check_interval = 120 WHERE id = $1`, [a]);
  await commit([monitorScheduleChange({ id: a, checkInterval: 120 }, { checkInterval: 300 })]);
  await fx.ctx.db.query('DELETE FROM monitors WHERE id = ANY($1::int[])', [[a, b]]);
  await commit([monitorScheduleChange({ id: a, checkInterval: 120 }), monitorScheduleChange({ id: b, checkInterval: 60 })]);

  const dead = await deadRedisQueues(fx.ctx.config.redisPrefix);
  try {
    await expect(applyDeletedMonitorSchedulesTogether({ ...deps(), queues: dead.queues, timeoutMs: 300 }, [{ id: a, intervals: [120] }, { id: b, intervals: [60] }])).rejects.toThrow();
  } finally {
    await dead.close();
  }
  expect(await pending()).toBe(3);
  expect(await intervalsOf(b)).toEqual([60]);

  await applyDeletedMonitorSchedulesTogether(deps(), [{ id: a, intervals: [120] }, { id: b, intervals: [60] }]);
  expect(await intervalsOf(b)).toEqual([]);
  expect(await pending()).toBe(1);
  expect(await createOutboxRelay(fx.ctx).relayNow()).toBe(1);
  expect(await intervalsOf(a)).toEqual([]);
  expect(await pending()).toBe(0);
});

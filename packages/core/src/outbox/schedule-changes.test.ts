import { outboxFixture } from './testing/outbox-fixture.js';
import { bucketsOfDomain, bucketsOfMonitor, captureLogs, deadRedisQueues } from '@vigil/testing';
import { createOutboxRelay } from './outbox-relay.js';
import { applyDeletedMonitorSchedules, applyScheduleChanges, domainScheduleChange, monitorScheduleChange, writeScheduleChanges } from './schedule-changes.js';

const fx = outboxFixture();
const { commit, pending } = fx;
const relay = () => createOutboxRelay(fx.ctx);
/** The intervals (s) whose buckets hold the monitor in the default region. */
const intervalsOf = async (id: number) => (await bucketsOfMonitor(fx.ctx, id)).map((b) => b.everyMs / 1000);
/** The frequencies (ms) whose buckets hold the domain. */
const domainPeriodsOf = async (id: number) => (await bucketsOfDomain(fx.ctx, id)).map((b) => b.everyMs);

let n = 0;
async function insertMonitor(checkInterval: number, status = 'up'): Promise<number> {
  const url = `https://outbox-${++n}.example.com/`;
  const [{ id }] = (await fx.ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status) VALUES ($1, 'm', $2, $2, $3, $4) RETURNING id`,
    [fx.accountId, url, checkInterval, status],
  )) as { id: number }[];
  return id;
}
const setMonitor = (id: number, set: string, values: unknown[] = []) => fx.ctx.db.query(`UPDATE monitors SET ${set} WHERE id = $1`, [id, ...values]);

describe('schedule outbox', () => {
  it('a change exists only if its transaction commits', async () => {
    const id = await insertMonitor(300);
    await expect(
      fx.ctx.db.transaction(async (em) => {
        await writeScheduleChanges(em, [monitorScheduleChange({ id, checkInterval: 300 })]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pending()).toBe(0);
    expect(await relay().relayNow()).toBe(0);
    expect(await intervalsOf(id)).toEqual([]);
  });

  it('the relay applies the row as it stands, so a change applied late never undoes a later one', async () => {
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    // A later change (300 → 60) commits before the first was applied.
    await setMonitor(id, 'check_interval = 60');
    await commit([monitorScheduleChange({ id, checkInterval: 60 }, { checkInterval: 300 })]);
    expect(await relay().relayNow()).toBe(1);
    expect(await intervalsOf(id)).toEqual([60]);
    expect(await pending()).toBe(0);
    // The first change again (a replay, a relay that took it late): the row says 60, so 60 it stays.
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    await relay().relayNow();
    expect(await intervalsOf(id)).toEqual([60]);
  });

  it('an interval change leaves the old bucket; pause, is_active false and delete leave every bucket', async () => {
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    await relay().relayNow();
    await setMonitor(id, 'check_interval = 600');
    await commit([monitorScheduleChange({ id, checkInterval: 600 }, { checkInterval: 300 })]);
    await relay().relayNow();
    expect(await intervalsOf(id)).toEqual([600]);

    await setMonitor(id, `status = 'paused'`);
    await commit([monitorScheduleChange({ id, checkInterval: 600 })]);
    await relay().relayNow();
    expect(await intervalsOf(id)).toEqual([]);
    await setMonitor(id, `status = 'up', is_active = false`);
    await commit([monitorScheduleChange({ id, checkInterval: 600 })]);
    await relay().relayNow();
    expect(await intervalsOf(id)).toEqual([]);

    const gone = await insertMonitor(120);
    await commit([monitorScheduleChange({ id: gone, checkInterval: 120 })]);
    await relay().relayNow();
    expect(await intervalsOf(gone)).toEqual([120]);
    await fx.ctx.db.query('DELETE FROM monitors WHERE id = $1', [gone]);
    await commit([monitorScheduleChange({ id: gone, checkInterval: 120 })]);
    await relay().relayNow();
    expect(await intervalsOf(gone)).toEqual([]);
  });

  it('domains: in the bucket of their frequency while active, moved on a change of it, in none once inactive or deleted', async () => {
    const [{ id }] = (await fx.ctx.db.query(`INSERT INTO domains (account_id, hostname, monitoring_frequency) VALUES ($1, 'outbox.example.com', 'hourly') RETURNING id`, [
      fx.accountId,
    ])) as { id: number }[];
    await commit([domainScheduleChange(id)]);
    await relay().relayNow();
    expect(await domainPeriodsOf(id)).toEqual([3_600_000]);
    expect((await bucketsOfDomain(fx.ctx, id))[0].scheduler?.every).toBe(3_600_000);
    await fx.ctx.db.query(`UPDATE domains SET monitoring_frequency = 'daily' WHERE id = $1`, [id]);
    await commit([domainScheduleChange(id)]);
    await relay().relayNow();
    expect(await domainPeriodsOf(id)).toEqual([86_400_000]);
    await fx.ctx.db.query('UPDATE domains SET is_active = false WHERE id = $1', [id]);
    await commit([domainScheduleChange(id)]);
    await relay().relayNow();
    expect(await domainPeriodsOf(id)).toEqual([]);
    await fx.ctx.db.query('UPDATE domains SET is_active = true WHERE id = $1', [id]);
    await commit([domainScheduleChange(id)]);
    await relay().relayNow();
    expect(await domainPeriodsOf(id)).toEqual([86_400_000]);
    await fx.ctx.db.query('DELETE FROM domains WHERE id = $1', [id]);
    await commit([domainScheduleChange(id)]);
    await relay().relayNow();
    expect(await domainPeriodsOf(id)).toEqual([]);
  });

  it('Redis down: applying now logs and keeps the change, the relay fails and keeps it; once Redis answers the relay applies it', async () => {
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    const dead = await deadRedisQueues(fx.ctx.config.redisPrefix);
    const logs = captureLogs('warn');
    try {
      const deps = { db: fx.ctx.db, queues: dead.queues, logger: logs.logger, regions: fx.ctx.config.knownRegions, agentRegions: [], timeoutMs: 300 };
      await applyScheduleChanges(deps, [{ kind: 'monitor', id }]);
      await expect(createOutboxRelay({ ...fx.ctx, queues: dead.queues }, { enqueueTimeoutMs: 300 }).relayNow()).rejects.toThrow();
      expect(await pending()).toBe(1);
      expect(logs.entries()).toEqual([expect.objectContaining({ message: 'schedule not updated yet; the outbox relay will apply it', kind: 'monitor', id })]);
    } finally {
      await dead.close();
    }
    expect(await relay().relayNow()).toBe(1);
    expect(await intervalsOf(id)).toEqual([300]);
    expect(await pending()).toBe(0);
  });

  it('a deleted monitor applied now: out of the buckets of its intervals, its changes of those dropped, one of another interval left to the relay; Redis down: all left', async () => {
    const deps = { db: fx.ctx.db, queues: fx.ctx.queues, logger: captureLogs('warn').logger, regions: fx.ctx.config.knownRegions, agentRegions: [], timeoutMs: 1000 };
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    await relay().relayNow();
    // A change to 60 whose apply failed, then the delete (its change names 60).
    await setMonitor(id, 'check_interval = 60');
    await commit([monitorScheduleChange({ id, checkInterval: 60 }, { checkInterval: 300 })]);
    await fx.ctx.db.query('DELETE FROM monitors WHERE id = $1', [id]);
    await commit([monitorScheduleChange({ id, checkInterval: 60 })]);
    await applyDeletedMonitorSchedules(deps, [{ id, intervals: [60] }]);
    expect(await pending()).toBe(1);
    expect(await relay().relayNow()).toBe(1);
    expect(await intervalsOf(id)).toEqual([]);
    expect(await pending()).toBe(0);

    const other = await insertMonitor(120);
    await commit([monitorScheduleChange({ id: other, checkInterval: 120 })]);
    await relay().relayNow();
    await fx.ctx.db.query('DELETE FROM monitors WHERE id = $1', [other]);
    await commit([monitorScheduleChange({ id: other, checkInterval: 120 })]);
    const dead = await deadRedisQueues(fx.ctx.config.redisPrefix);
    const logs = captureLogs('warn');
    try {
      await applyDeletedMonitorSchedules({ ...deps, queues: dead.queues, logger: logs.logger, timeoutMs: 300 }, [{ id: other, intervals: [120] }]);
      expect(logs.entries()).toEqual([expect.objectContaining({ message: 'schedule not updated yet; the outbox relay will apply it', kind: 'monitor', id: other })]);
    } finally {
      await dead.close();
    }
    expect(await pending()).toBe(1);
    expect(await intervalsOf(other)).toEqual([120]);
    await applyDeletedMonitorSchedules(deps, [{ id: other, intervals: [120] }]);
    expect(await intervalsOf(other)).toEqual([]);
    expect(await pending()).toBe(0);
  });

  it('relays running at once apply every change, each entity by one of them', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => insertMonitor(60)));
    await commit(ids.flatMap((id) => [monitorScheduleChange({ id, checkInterval: 60 }), monitorScheduleChange({ id, checkInterval: 60 })]));
    const applied = await Promise.all(Array.from({ length: 4 }, () => createOutboxRelay(fx.ctx, { batch: 5 }).relayNow()));
    // Two relays may both apply one monitor (each took some of its rows): the same state twice.
    expect(applied.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30);
    expect(await pending()).toBe(0);
    for (const id of ids) expect(await intervalsOf(id)).toEqual([60]);
  });

  it('a polling or woken pass leaves a change younger than the grace to its writer; relayNow takes it', async () => {
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    const graceful = createOutboxRelay(fx.ctx, { pollMs: 20, scheduleGraceMs: 60_000 });
    graceful.start();
    // Passes run every 20 ms: a minute's grace keeps each off the change.
    await new Promise((r) => setTimeout(r, 300));
    await graceful.stop();
    expect(await pending()).toBe(1);
    expect(await intervalsOf(id)).toEqual([]);
    expect(await graceful.relayNow()).toBe(1);
    expect(await intervalsOf(id)).toEqual([300]);
  });

  it('a polling pass applies a change once it is older than the grace', async () => {
    const id = await insertMonitor(300);
    await commit([monitorScheduleChange({ id, checkInterval: 300 })]);
    const graceful = createOutboxRelay(fx.ctx, { pollMs: 20, scheduleGraceMs: 200 });
    graceful.start();
    try {
      const deadline = Date.now() + 10_000;
      while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await graceful.stop();
    }
    expect(await pending()).toBe(0);
    expect(await intervalsOf(id)).toEqual([300]);
  });
});

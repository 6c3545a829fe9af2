import { JobName, monitorScheduleOffsetMs, upsertMonitorSchedule, type Context } from '@vigil/core';
import { createTestAccount, createTestContext, flushPrefixKeys, waitFor, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { nextDueMs } from '@vigil/core';
import { reconcileMonitorSchedules, reconcileMonitorSchedulesJob, startMaintenanceWatchdog } from './reconcile-monitor-schedules.job.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'business')).account.id;
});
afterAll(() => ctx.teardown());

async function insertMonitor(c: Context, m: { interval?: number; status?: string; isActive?: boolean; account?: number }): Promise<number> {
  const url = `https://example.com/${Math.random().toString(36).slice(2)}`;
  const [{ id }] = (await c.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, is_active)
     VALUES ($1, 'm', $2, $2, $3, $4, $5) RETURNING id`,
    [m.account ?? accountId, url, m.interval ?? 60, m.status ?? 'up', m.isActive ?? true],
  )) as { id: number }[];
  return id;
}


beforeEach(async () => {
  await flushPrefixKeys(ctx);
  await ctx.db.query('DELETE FROM monitors');
});

const schedulers = async () =>
  new Map((await ctx.queues.queueOf(JobName.MonitorCheck).getJobSchedulers()).map((s) => [s.key, s]));

it('after Redis lost its data, schedules every active monitor again and no paused, inactive or deleted one', async () => {
  const up = await insertMonitor(ctx, { interval: 60 });
  const pending = await insertMonitor(ctx, { interval: 300, status: 'pending' });
  const down = await insertMonitor(ctx, { interval: 3600, status: 'down' });
  const paused = await insertMonitor(ctx, { status: 'paused' });
  const inactive = await insertMonitor(ctx, { isActive: false });
  for (const id of [up, pending, down, paused, inactive]) await upsertMonitorSchedule(ctx.queues, { id, checkInterval: 60 });

  await flushPrefixKeys(ctx);
  expect((await schedulers()).size).toBe(0);

  const result = await reconcileMonitorSchedulesJob(ctx)({}, undefined as never);
  expect(result).toEqual({ added: 3, removed: 0 });
  const after = await schedulers();
  expect([...after.keys()].sort()).toEqual([`monitor-${up}`, `monitor-${pending}`, `monitor-${down}`].sort());
  expect(after.get(`monitor-${up}`)?.every).toBe(60_000);
  expect(after.get(`monitor-${pending}`)?.every).toBe(300_000);
  expect(after.get(`monitor-${down}`)?.every).toBe(3_600_000);
  expect(after.get(`monitor-${down}`)?.offset).toBe(monitorScheduleOffsetMs(down, 3600));
  expect(after.get(`monitor-${up}`)?.template?.data).toEqual({ monitorId: up });

  // A second run finds nothing to do.
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 0, removed: 0 });
});

it('removes schedulers of paused, inactive and deleted monitors and re-times a changed interval', async () => {
  const keep = await insertMonitor(ctx, { interval: 60 });
  const retime = await insertMonitor(ctx, { interval: 60 });
  const pausedLater = await insertMonitor(ctx, { interval: 60 });
  const deactivated = await insertMonitor(ctx, { interval: 60 });
  const deleted = await insertMonitor(ctx, { interval: 60 });
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 5, removed: 0 });

  await ctx.db.query(`UPDATE monitors SET check_interval = 600 WHERE id = $1`, [retime]);
  await ctx.db.query(`UPDATE monitors SET status = 'paused' WHERE id = $1`, [pausedLater]);
  await ctx.db.query(`UPDATE monitors SET is_active = false WHERE id = $1`, [deactivated]);
  await ctx.db.query(`DELETE FROM monitors WHERE id = $1`, [deleted]);
  // A scheduler of a monitor id that never existed (e.g. a create whose transaction rolled back).
  await upsertMonitorSchedule(ctx.queues, { id: 999_999, checkInterval: 60 });

  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 1, removed: 4 });
  const after = await schedulers();
  expect([...after.keys()].sort()).toEqual([`monitor-${keep}`, `monitor-${retime}`].sort());
  expect(after.get(`monitor-${retime}`)?.every).toBe(600_000);
  const delayed = await ctx.queues.queueOf(JobName.MonitorCheck).getDelayed();
  expect(delayed.map((j) => j.data.monitorId).sort()).toEqual([keep, retime].sort());
});

it('schedules no monitor of a deactivated account or of a plan without uptime monitoring, and brings them back', async () => {
  const kept = await insertMonitor(ctx, {});
  const deactivated = (await createTestAccount(ctx, 'pro')).account.id;
  const downgraded = (await createTestAccount(ctx, 'pro')).account.id;
  const ofDeactivated = await insertMonitor(ctx, { account: deactivated });
  const ofDowngraded = await insertMonitor(ctx, { account: downgraded });
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 3, removed: 0 });

  await ctx.db.query(`UPDATE accounts SET is_active = false WHERE id = $1`, [deactivated]);
  await ctx.db.query(`UPDATE accounts SET tier = 'free' WHERE id = $1`, [downgraded]);
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 0, removed: 2 });
  expect([...(await schedulers()).keys()]).toEqual([`monitor-${kept}`]);

  await ctx.db.query(`UPDATE accounts SET is_active = true WHERE id = $1`, [deactivated]);
  await ctx.db.query(`UPDATE accounts SET tier = 'business' WHERE id = $1`, [downgraded]);
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 2, removed: 0 });
  expect([...(await schedulers()).keys()].sort()).toEqual([`monitor-${kept}`, `monitor-${ofDeactivated}`, `monitor-${ofDowngraded}`].sort());
});

it('runs from the maintenance queue of the checker app as soon as it starts', async () => {
  const id = await insertMonitor(ctx, { interval: 300 });
  const app = createCheckerApp(ctx);
  await app.start();
  try {
    const found = await waitFor(async () => (await schedulers()).get(`monitor-${id}`), { what: 'the reconciler to schedule the monitor' });
    expect(found.every).toBe(300_000);
  } finally {
    await app.stop();
  }
});

it('when Redis loses its data while the checker runs, the watchdog brings the reconciler back and it re-schedules every active monitor', async () => {
  const active = await insertMonitor(ctx, { interval: 60 });
  const paused = await insertMonitor(ctx, { status: 'paused' });
  const app = createCheckerApp(ctx);
  await app.start();
  // The app's own watchdog ticks every 20 s; a faster one keeps the test short (same function).
  const stop = startMaintenanceWatchdog(ctx, 100);
  try {
    await waitFor(async () => (await schedulers()).get(`monitor-${active}`), { what: 'the first reconcile' });
    await flushPrefixKeys(ctx);
    expect((await schedulers()).size).toBe(0);
    const back = await waitFor(async () => (await schedulers()).get(`monitor-${active}`), { what: 'the monitor scheduled again' });
    expect(back.every).toBe(60_000);
    const maintenance = await ctx.queues.queueOf(JobName.ReconcileMonitorSchedules).getJobScheduler('reconcile-monitor-schedules');
    expect(maintenance?.every).toBe(60_000);
    expect((await schedulers()).get(`monitor-${paused}`)).toBeUndefined();
  } finally {
    stop();
    await app.stop();
  }
});

it('catches up a monitor whose latest due run left no check, once', async () => {
  const behind = await insertMonitor(ctx, { interval: 60 });
  const current = await insertMonitor(ctx, { interval: 60 });
  await insertMonitor(ctx, { interval: 60 }); // created just now, never checked
  await ctx.db.query(`UPDATE monitors SET created_at = now() - interval '3 hours', last_checked_at = now() - interval '2 hours' WHERE id = $1`, [behind]);
  await ctx.db.query(`UPDATE monitors SET created_at = now() - interval '3 hours', last_checked_at = now() + interval '1 minute' WHERE id = $1`, [current]);

  const before = Date.now();
  await reconcileMonitorSchedules(ctx);
  const after = Date.now();
  const waiting = await ctx.queues.queueOf(JobName.MonitorCheck).getWaiting();
  expect(waiting.map((j) => j.data.monitorId)).toEqual([behind]);
  const dues = [before, after].map((now) => nextDueMs(behind, 60_000, now) - 60_000);
  expect(dues.map((due) => `catchup:monitor-${behind}:${due}`)).toContain(waiting[0].id);

  await reconcileMonitorSchedules(ctx);
  expect(await ctx.queues.queueOf(JobName.MonitorCheck).getWaitingCount()).toBe(1);
});

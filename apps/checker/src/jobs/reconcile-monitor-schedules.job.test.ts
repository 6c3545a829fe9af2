import {
  JobName,
  MaintenanceWindow,
  SCHEDULED_CHECK_JOB_OPTIONS,
  bucketDueOf,
  bucketOf,
  bucketOffsetMs,
  bucketRunJobId,
  bucketSchedulerId,
  nextDueMs,
  upsertMonitorSchedule,
  type Context,
} from '@vigil/core';
import { bucketMemberships, createTestAccount, createTestContext, flushPrefixKeys, waitFor, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
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

const queue = () => ctx.queues.queueOf(JobName.MonitorCheck);
const schedulers = async () => new Map((await queue().getJobSchedulers()).map((s) => [s.key, s]));

/** Every monitor in a bucket of the default region, with the bucket's period. */
const members = async () => new Map((await bucketMemberships(ctx)).map((m) => [m.monitorId, m.everyMs]));

/** The schedulers of exactly these monitors' buckets, each at its bucket's period and phase. */
async function expectBucketSchedulersOf(monitors: { id: number; everyMs: number }[]) {
  const buckets = new Map(monitors.map((m) => bucketOf(m.id, m.everyMs)).map((b) => [bucketSchedulerId(b), b]));
  const found = await schedulers();
  expect([...found.keys()].sort()).toEqual([...buckets.keys()].sort());
  for (const [id, b] of buckets) expect(found.get(id)).toMatchObject({ every: b.everyMs, offset: bucketOffsetMs(b), template: { data: b } });
}

it('after Redis lost its data, puts every active monitor back in its bucket and no paused, inactive or deleted one', async () => {
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
  expect(await members()).toEqual(new Map([[up, 60_000], [pending, 300_000], [down, 3_600_000]]));
  await expectBucketSchedulersOf([{ id: up, everyMs: 60_000 }, { id: pending, everyMs: 300_000 }, { id: down, everyMs: 3_600_000 }]);

  // A second run finds nothing to do.
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 0, removed: 0 });
});

it('takes out paused, inactive and deleted monitors, moves a changed interval, and removes the schedulers of emptied buckets', async () => {
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
  // A member that never existed (e.g. a create whose transaction rolled back).
  await upsertMonitorSchedule(ctx.queues, { id: 999_999, checkInterval: 60 });

  // In: retime at 600 s. Out: retime at 60 s, the paused, inactive and deleted ones, and 999999.
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 1, removed: 5 });
  expect(await members()).toEqual(new Map([[keep, 60_000], [retime, 600_000]]));
  await expectBucketSchedulersOf([{ id: keep, everyMs: 60_000 }, { id: retime, everyMs: 600_000 }]);
  const delayed = await queue().getDelayed();
  expect(delayed.map((j) => j.data).sort((x, y) => ('everyMs' in x && 'everyMs' in y ? Number(x.everyMs) - Number(y.everyMs) : 0))).toEqual([
    bucketOf(keep, 60_000),
    bucketOf(retime, 600_000),
  ]);
});

it('removes the per-monitor schedulers of releases before buckets', async () => {
  const id = await insertMonitor(ctx, { interval: 60 });
  await queue().upsertJobScheduler(`monitor-${id}`, { every: 60_000, offset: 1234 }, { name: JobName.MonitorCheck, data: { monitorId: id }, opts: SCHEDULED_CHECK_JOB_OPTIONS });
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 1, removed: 1 });
  await expectBucketSchedulersOf([{ id, everyMs: 60_000 }]);
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
  expect([...(await members()).keys()]).toEqual([kept]);

  await ctx.db.query(`UPDATE accounts SET is_active = true WHERE id = $1`, [deactivated]);
  await ctx.db.query(`UPDATE accounts SET tier = 'business' WHERE id = $1`, [downgraded]);
  expect(await reconcileMonitorSchedules(ctx)).toEqual({ added: 2, removed: 0 });
  expect([...(await members()).keys()].sort()).toEqual([kept, ofDeactivated, ofDowngraded].sort());
});

it('runs from the maintenance queue of the checker app as soon as it starts', async () => {
  const id = await insertMonitor(ctx, { interval: 300 });
  const app = createCheckerApp(ctx);
  await app.start();
  try {
    expect(await waitFor(async () => (await members()).get(id), { what: 'the reconciler to schedule the monitor' })).toBe(300_000);
    await expectBucketSchedulersOf([{ id, everyMs: 300_000 }]);
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
    await waitFor(async () => (await members()).get(active), { what: 'the first reconcile' });
    await flushPrefixKeys(ctx);
    expect((await members()).size).toBe(0);
    expect(await waitFor(async () => (await members()).get(active), { what: 'the monitor scheduled again' })).toBe(60_000);
    await expectBucketSchedulersOf([{ id: active, everyMs: 60_000 }]);
    const maintenance = await ctx.queues.queueOf(JobName.ReconcileMonitorSchedules).getJobScheduler('reconcile-monitor-schedules');
    expect(maintenance?.every).toBe(60_000);
    expect((await members()).get(paused)).toBeUndefined();
  } finally {
    await stop();
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

it('does not catch up a run its bucket started (the bucket run still exists), nor a monitor in a window that stops checks', async () => {
  const started = await insertMonitor(ctx, { interval: 60 });
  const inMaintenance = await insertMonitor(ctx, { interval: 60 });
  await ctx.db.query(`UPDATE monitors SET created_at = now() - interval '3 hours', last_checked_at = now() - interval '2 hours' WHERE id = ANY($1::int[])`, [
    [started, inMaintenance],
  ]);
  const bucket = bucketOf(started, 60_000);
  // The run that started `started`'s latest due time (and the next, should a due time pass meanwhile):
  // finished, but nothing recorded yet (still probing, say).
  const due = nextDueMs(started, 60_000, Date.now()) - 60_000;
  for (const d of [due, due + 60_000]) await queue().add(JobName.MonitorBucket, bucket, { jobId: bucketRunJobId(bucket, bucketDueOf(bucket, d)) });
  await ctx.db.getRepository(MaintenanceWindow).save({
    accountId,
    title: 'Migration',
    startsAt: new Date(Date.now() - 3_600_000),
    endsAt: new Date(Date.now() + 3_600_000),
    monitorIds: [inMaintenance],
    keepChecking: false,
  });
  try {
    await reconcileMonitorSchedules(ctx);
    const caughtUp = (await queue().getWaiting()).filter((j) => j.name === JobName.MonitorCheck);
    expect(caughtUp).toEqual([]);
  } finally {
    await ctx.db.query('DELETE FROM maintenance_windows WHERE account_id = $1', [accountId]);
  }
});

import {
  JobName,
  bucketDueOf,
  bucketOf,
  bucketRunJobId,
  createSecretBox,
  monitoredTiers,
  nextDueMs,
  upsertMonitorSchedule,
  type JobPayloads,
  type IntervalBucket,
} from '@vigil/core';
import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import type { Job } from 'bullmq';
import { createCheckerApp } from '../app.js';
import { createMonitorLoader } from '../monitors/load-monitors.js';
import { createMonitorChecks } from '../monitors/monitor-checks.js';
import { startTargetServer, type TargetServer } from '../testing/target-server.js';
import { checksOf, createMonitor } from '../testing/monitors.js';
import { monitorBucketJob } from './monitor-bucket.job.js';

let ctx: TestContext;
let server: TargetServer;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  server = await startTargetServer();
});
afterAll(async () => {
  await server.close();
  await ctx.teardown();
});

const EVERY = 60_000;
/** The members' accounts, as the checker app's loader tells them. */
const accountsOf = (ids: readonly number[]) => createMonitorLoader(ctx.db, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers)).accountsOf(ids);
const queue = () => ctx.queues.queueOf(JobName.MonitorCheck);

/** A monitor row with this id (ids decide buckets), checked every `interval` seconds. */
async function monitorWithId(id: number, over: { checkInterval?: number; status?: 'up' | 'paused'; accountId?: number } = {}) {
  const m = await createMonitor(ctx, { url: `${server.url}/ok`, status: over.status ?? 'up', checkInterval: over.checkInterval ?? 60, ...(over.accountId ? { accountId: over.accountId } : {}) });
  await ctx.db.query('UPDATE monitors SET id = $1 WHERE id = $2', [id, m.id]);
  return { ...m, id };
}

/** The scheduled-check counters of this process's metrics: outcomes, and starts (the lag histogram's count). */
async function scheduledMetrics() {
  const outcomes = (await ctx.metrics.scheduledChecks.get()).values;
  const of = (outcome: string) => outcomes.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  const lag = (await ctx.metrics.scheduledCheckLag.get()).values;
  return { checked: of('checked'), skipped: of('skipped'), failed: of('failed'), started: lag.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0 };
}

/** Ids above `from` whose bucket at 60 s is `b`'s. */
function idsInBucket(b: IntervalBucket, from: number, count: number): number[] {
  const found: number[] = [];
  for (let id = from; found.length < count; id++) if (bucketOf(id, EVERY).slot === b.slot) found.push(id);
  return found;
}

/** The bucket's run that started the monitor's latest due time, as BullMQ's scheduler would add it. */
async function bucketRun(b: IntervalBucket, monitorDueMs: number): Promise<Job<JobPayloads[JobName.MonitorBucket]>> {
  return (await queue().add(JobName.MonitorBucket, b, { jobId: bucketRunJobId(b, bucketDueOf(b, monitorDueMs)) })) as Job<JobPayloads[JobName.MonitorBucket]>;
}

it("checks the bucket's members at their own due times, records each under its own run key once, and skips members that do not belong (another interval or region, paused, deleted)", async () => {
  const b = bucketOf(4_000_001, EVERY);
  const [due1, due2, staleInterval, paused, deleted, otherRegion] = idsInBucket(b, 4_000_001, 6);
  const first = await monitorWithId(due1);
  await monitorWithId(due2, { accountId: first.accountId });
  await monitorWithId(staleInterval, { accountId: first.accountId, checkInterval: 300 });
  await monitorWithId(paused, { accountId: first.accountId, status: 'paused' });
  await monitorWithId(otherRegion, { accountId: first.accountId });
  await ctx.db.query(`UPDATE monitors SET regions = '{eu}' WHERE id = $1`, [otherRegion]);
  for (const id of [due1, due2, staleInterval, paused, deleted, otherRegion]) await upsertMonitorSchedule(ctx.queues, { id, checkInterval: 60 });

  const handler = monitorBucketJob(ctx, createMonitorChecks(ctx), accountsOf);
  const latestDue = (id: number) => nextDueMs(id, EVERY, Date.now()) - EVERY;
  const job = await bucketRun(b, latestDue(due1));
  const requestsBefore = server.requests;
  const metricsBefore = await scheduledMetrics();
  expect(await handler(job.data, job)).toEqual({ checked: 2, skipped: 4, failed: 0 });
  const metricsAfter = await scheduledMetrics();
  expect([metricsAfter.checked - metricsBefore.checked, metricsAfter.skipped - metricsBefore.skipped, metricsAfter.started - metricsBefore.started]).toEqual([2, 4, 6]);
  expect(server.requests - requestsBefore).toBe(2);
  for (const id of [due1, due2]) {
    const checks = await checksOf(ctx, id);
    expect(checks.map((c) => [c.jobKey, c.status])).toEqual([[`repeat:monitor-${id}:${nextDueMs(id, EVERY, bucketDueOf(b, latestDue(due1)) - 1)}`, 'success']]);
  }
  for (const id of [staleInterval, paused, otherRegion]) expect(await checksOf(ctx, id)).toEqual([]);

  // Delivered again (a checker died under it): probed again, recorded once.
  expect(await handler(job.data, job)).toMatchObject({ failed: 0 });
  for (const id of [due1, due2]) expect(await checksOf(ctx, id)).toHaveLength(1);
});

it("a member whose check throws does not stop the others, and the run reports it", async () => {
  const b = bucketOf(4_100_001, EVERY);
  const [ok, broken] = idsInBucket(b, 4_100_001, 2);
  const m = await monitorWithId(ok);
  await monitorWithId(broken, { accountId: m.accountId });
  for (const id of [ok, broken]) await upsertMonitorSchedule(ctx.queues, { id, checkInterval: 60 });
  const checks = createMonitorChecks(ctx);
  const handler = monitorBucketJob(ctx, (req) => (req.monitorId === broken ? Promise.reject(new Error('sealed under another key')) : checks(req)), accountsOf);
  const job = await bucketRun(b, nextDueMs(ok, EVERY, Date.now()) - EVERY);
  const failedBefore = (await scheduledMetrics()).failed;
  expect(await handler(job.data, job)).toEqual({ checked: 1, skipped: 0, failed: 1 });
  expect((await scheduledMetrics()).failed - failedBefore).toBe(1);
  expect(await checksOf(ctx, ok)).toHaveLength(1);
});

it('a job that is not a scheduler run starts nothing', async () => {
  const b = bucketOf(4_200_001, EVERY);
  const m = await monitorWithId(4_200_001);
  await upsertMonitorSchedule(ctx.queues, { id: m.id, checkInterval: 60 });
  const job = (await queue().add(JobName.MonitorBucket, b, { jobId: 'not-a-run' })) as Job<JobPayloads[JobName.MonitorBucket]>;
  expect(await monitorBucketJob(ctx, createMonitorChecks(ctx), accountsOf)(job.data, job)).toEqual({ checked: 0, skipped: 0, failed: 0 });
  expect(await checksOf(ctx, m.id)).toEqual([]);
});

it("end to end: the checker app checks a monitor at its due time through its bucket's BullMQ scheduler", async () => {
  // A monitor falling due 2 to 5 s from now, so the bucket's first run comes within the test.
  const now = Date.now();
  let id = 5_000_001;
  while (nextDueMs(id, EVERY, now) - now < 2_000 || nextDueMs(id, EVERY, now) - now > 5_000) id++;
  const due = nextDueMs(id, EVERY, now);
  await monitorWithId(id);
  await upsertMonitorSchedule(ctx.queues, { id, checkInterval: 60 });
  const app = createCheckerApp(ctx);
  await app.start();
  try {
    const [check] = await waitFor(async () => ((await checksOf(ctx, id)).length ? checksOf(ctx, id) : undefined), { what: 'the scheduled check', timeoutMs: 15_000 });
    expect(check.jobKey).toBe(`repeat:monitor-${id}:${due}`);
    // Started at its due time: not early, and late by less than a second on a loaded machine.
    expect(check.checkedAt.getTime()).toBeGreaterThanOrEqual(due - 5);
    expect(check.checkedAt.getTime()).toBeLessThan(due + 1_000);
  } finally {
    await app.stop();
  }
});

import { JobName } from '@vigil/core';
import { createTestContext, flushPrefixKeys, waitFor, type TestContext } from '@vigil/testing';
import { createCheckerApp } from './app.js';

// The recovery this starts must not outlive app.stop(): it used to, re-open the maintenance queue
// on the connection the teardown was closing, and BullMQ left that handshake's failure unhandled
// (failed two runs in three under load). docs/decisions.md, "The checker after Redis lost its data".

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('the checker after Redis lost its data', () => {
  it('re-creates its maintenance schedulers and reconciles without waiting for the watchdog', async () => {
    const app = createCheckerApp(ctx);
    await app.start();
    try {
      await flushPrefixKeys(ctx);
      await waitFor(() => ctx.queues.queueOf(JobName.ReconcileMonitorSchedules).getJobScheduler('reconcile-monitor-schedules'), {
        what: 'the maintenance schedulers back',
      });
    } finally {
      await app.stop();
    }
    // stop() waited for the recovery under way: the reconcile jobs it adds last are there.
    const jobs = await ctx.queues.queueOf(JobName.ReconcileDomainSchedules).getJobs(['wait', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
    expect(jobs.map((j) => String(j.id))).toContainEqual(expect.stringMatching(new RegExp(`^${JobName.ReconcileDomainSchedules}-after-redis-loss-`)));
  });
});

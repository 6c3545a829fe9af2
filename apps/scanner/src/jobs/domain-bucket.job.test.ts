import type { Job } from 'bullmq';
import {
  JobName,
  bucketDueOf,
  bucketMembersKey,
  bucketOf,
  bucketRunJobId,
  domainBucket,
  domainScanRunJobId,
  nextDueMs,
  syncDomainSchedule,
  type IntervalBucket,
  type JobPayloads,
} from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { domainBucketJob } from './domain-bucket.job.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const HOURLY = 3_600_000;
const fire = (bucket: IntervalBucket, dueMs: number) =>
  domainBucketJob(ctx)(bucket, { id: bucketRunJobId(bucket, dueMs) } as Job<JobPayloads[JobName.DomainBucket]>);
const scanJobs = async () =>
  (await ctx.queues.queueOf(JobName.DomainScan).getJobs(['delayed', 'waiting', 'prioritized'])).filter((j) => j.name === JobName.DomainScan);

describe('DomainBucket job', () => {
  it('queues exactly one rescan per due domain at its own due time, once however often the run fires', async () => {
    // Domains that share one hourly bucket, and one of another slot (a stale member).
    const bucket = domainBucket(1, 'hourly');
    const same = Array.from({ length: 200_000 }, (_, i) => i + 2).filter((id) => bucketOf(id, HOURLY).slot === bucket.slot).slice(0, 3);
    const ids = [1, ...same];
    expect(ids).toHaveLength(4);
    for (const id of ids) await syncDomainSchedule(ctx.queues, { id, monitoringFrequency: 'hourly', isActive: true });
    const stranger = ids.map((id) => id + 1).find((id) => bucketOf(id, HOURLY).slot !== bucket.slot) ?? 0;
    await ctx.redis.sadd(bucketMembersKey(ctx.queues.queueOf(JobName.DomainBucket), bucket), String(stranger));

    const dueMs = bucketDueOf(bucket, nextDueMs(1, HOURLY, Date.now()));
    expect(await fire(bucket, dueMs)).toEqual({ queued: 4, skipped: 1 });
    // Delivered again (a scanner died under it): the same jobs, nothing twice.
    await fire(bucket, dueMs);
    const jobs = await scanJobs();
    expect(jobs.map((j) => j.id).sort()).toEqual(ids.map((id) => domainScanRunJobId(id, nextDueMs(id, HOURLY, dueMs - 1))).sort());
    for (const j of jobs) {
      const { domainId } = j.data as JobPayloads[JobName.DomainScan];
      const due = nextDueMs(domainId, HOURLY, dueMs - 1);
      expect(await j.getState()).toBe('delayed');
      // Runs at its own due time: within the lead and one slot of the bucket's run.
      expect(j.timestamp + j.delay).toBeGreaterThanOrEqual(due - 50);
      expect(j.timestamp + j.delay).toBeLessThanOrEqual(due + 50);
      expect(j.opts.attempts).toBe(1);
    }
  });

  it('queues nothing for a run that is not at the bucket phase, or that no scheduler named', async () => {
    const bucket = domainBucket(7, 'daily');
    await syncDomainSchedule(ctx.queues, { id: 7, monitoringFrequency: 'daily', isActive: true });
    const dueMs = bucketDueOf(bucket, nextDueMs(7, 86_400_000, Date.now()));
    expect(await fire(bucket, dueMs + 1)).toEqual({ queued: 0, skipped: 1 });
    expect(await domainBucketJob(ctx)(bucket, { id: 'by-hand' } as Job<JobPayloads[JobName.DomainBucket]>)).toEqual({ queued: 0, skipped: 0 });
    expect((await scanJobs()).filter((j) => (j.data as JobPayloads[JobName.DomainScan]).domainId === 7)).toEqual([]);
  });
});

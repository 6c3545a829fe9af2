import {
  JobName,
  SCHEDULED_JOB_OPTIONS,
  bucketMembers,
  domainScanRunJobId,
  dueOfRunJobId,
  runsOfBucket,
  type Context,
  type JobHandler,
  type JobPayloads,
} from '@vigil/core';

/**
 * DomainBucket: the periodic rescans of one slot of one frequency (scheduling/domain-schedules.ts).
 * Queues one DomainScan per member, delayed to the member's own due time (the run fires a little
 * early), under the job id its own scheduler's run had (`repeat:domain-<id>:<due ms>`): a bucket
 * run delivered again (a scanner died under it) queues nothing twice, since BullMQ keeps the
 * first job of an id, and the scan row is unique per (domain, run) anyway. The rescans are jobs of
 * their own, unlike the checks of a monitor bucket: a scan takes seconds and needs a scanner's
 * concurrency slot, and domains are few next to the scans' cost. Members that are inactive or
 * deleted are skipped by the DomainScan handler, which reads their row.
 */
export function domainBucketJob(ctx: Context): JobHandler<JobName.DomainBucket> {
  return async (bucket, job) => {
    const bucketDueMs = dueOfRunJobId(String(job.id));
    // Only the bucket's scheduler adds these jobs; anything else names no due time.
    if (bucketDueMs === null) return { queued: 0, skipped: 0 };
    const queue = ctx.queues.queueOf(JobName.DomainScan);
    const members = await bucketMembers(ctx.redis, ctx.queues.queueOf(JobName.DomainBucket), bucket);
    const runs = runsOfBucket(bucket, members, bucketDueMs);
    if (runs.length) {
      const now = Date.now(); // BullMQ's due times are this clock's
      await queue.addBulk(
        runs.map(({ id, dueMs }) => ({
          name: JobName.DomainScan,
          data: { domainId: id } satisfies JobPayloads[JobName.DomainScan],
          opts: { ...SCHEDULED_JOB_OPTIONS, jobId: domainScanRunJobId(id, dueMs), delay: Math.max(0, dueMs - now) },
        })),
      );
    }
    return { queued: runs.length, skipped: members.length - runs.length };
  };
}

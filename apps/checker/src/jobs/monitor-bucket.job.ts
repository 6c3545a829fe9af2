import { setTimeout as sleep } from 'node:timers/promises';
import { bucketMembers, createFairLimiter, dueOfRunJobId, runsOfBucket, type Context, type FairLimiter, type JobHandler, type JobName } from '@vigil/core';
import { scheduledRunJobId } from '../monitors/missed-runs.js';
import type { MonitorLoader } from '../monitors/load-monitors.js';
import type { MonitorChecks } from '../monitors/monitor-checks.js';

/** The account of each member, as MonitorLoader.accountsOf tells it. */
export type AccountsOf = MonitorLoader['accountsOf'];

/** The checker's slots for checks: CHECKER_CONCURRENCY, CHECKER_ACCOUNT_CONCURRENCY of them per account. */
export function checkLimiter(ctx: Context): FairLimiter {
  return createFairLimiter({ limit: ctx.config.concurrency.checker, perKey: ctx.config.checkerAccountConcurrency });
}

/**
 * MonitorBucket: the periodic checks of one slot of one interval in this checker's region
 * (scheduling/interval-buckets.ts). Reads the slot's members, starts each at its own due time
 * (the run fires a little early), at most CHECKER_CONCURRENCY of its checks at once across the
 * buckets this handler runs and at most CHECKER_ACCOUNT_CONCURRENCY of one account's, the slots
 * shared fairly between accounts (createFairLimiter): an account whose targets all hang for their
 * whole timeout delays its own checks only. A member whose account cannot be told (PostgreSQL
 * away and the monitor not in memory) shares one line with the others of its kind. Records each under `repeat:monitor-<id>:<due ms>`, the key its
 * own scheduler's run would have had: a bucket run delivered again (a checker died under it)
 * records nothing twice, and the regions of a multi-region monitor make one round. One member's
 * failure (its credentials cannot be opened, PostgreSQL stays away) does not stop the others.
 * Each start's lag behind its due time and each outcome are metrics (`vigil_scheduled_check_*`).
 */
export function monitorBucketJob(
  ctx: Context,
  check: MonitorChecks,
  accountsOf: AccountsOf,
  limit: FairLimiter = checkLimiter(ctx),
): JobHandler<JobName.MonitorBucket> {
  return async (bucket, job) => {
    const bucketDueMs = dueOfRunJobId(String(job.id));
    // Only the bucket's scheduler adds these jobs; anything else names no due time.
    if (bucketDueMs === null) return { checked: 0, skipped: 0, failed: 0 };
    const runs = runsOfBucket(bucket, await bucketMembers(ctx.redis, ctx.queues.bucketQueue(ctx.config.region, bucket), bucket), bucketDueMs);
    const accounts = await accountsOf(runs.map((r) => r.id));
    let checked = 0;
    const failures: { monitorId: number; error: string }[] = [];
    await Promise.all(
      runs.map(async ({ id: monitorId, dueMs }) => {
        const wait = dueMs - Date.now(); // BullMQ's due times are this clock's
        if (wait > 0) await sleep(wait);
        try {
          const result = await limit(String(accounts.get(monitorId) ?? 'unknown'), () => {
            ctx.metrics.scheduledCheckLag.observe(Math.max(0, Date.now() - dueMs) / 1000);
            return check({ monitorId, runKey: scheduledRunJobId(monitorId, dueMs), manual: false, bucket });
          });
          ctx.metrics.scheduledChecks.inc({ outcome: result ? 'checked' : 'skipped' });
          if (result) checked++;
        } catch (e) {
          ctx.metrics.scheduledChecks.inc({ outcome: 'failed' });
          failures.push({ monitorId, error: (e as Error).message });
        }
      }),
    );
    if (failures.length) {
      ctx.logger.warn('scheduled checks failed', { bucket: String(job.id), failed: failures.length, first: failures[0] });
    }
    return { checked, skipped: runs.length - checked - failures.length, failed: failures.length };
  };
}

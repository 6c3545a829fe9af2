import { runInAccountShare, type FairLimiter, type JobHandler, type JobName } from '@vigil/core';
import { runKeyOf } from '../monitors/missed-runs.js';
import type { MonitorChecks } from '../monitors/monitor-checks.js';
import type { AccountsOf } from './monitor-bucket.job.js';

/** The checker's one gate for checks, shared with the bucket runs: per-account fair slots. */
export interface AccountGate {
  limit: FairLimiter;
  accountsOf: AccountsOf;
}

/**
 * MonitorCheck: one check of one monitor (a manual check, the first after create or resume, a
 * catch-up), recorded under its job id (a catch-up under the run it replaces). Periodic checks
 * come from interval buckets (monitor-bucket.job.ts). Through `gate`, it takes one of its
 * account's slots like a bucket's checks; while the account already runs its whole share (500
 * monitors created at once on a target that never answers), the job goes back to the queue for
 * a few seconds rather than wait on a worker slot that other accounts' checks and bucket runs need.
 */
export function monitorCheckJob(check: MonitorChecks, gate?: AccountGate): JobHandler<JobName.MonitorCheck> {
  return async (payload, job) => {
    const run = () => check({ monitorId: payload.monitorId, runKey: runKeyOf(String(job.id)), manual: payload.manual === true });
    if (!gate) return run();
    const account = String((await gate.accountsOf([payload.monitorId])).get(payload.monitorId) ?? 'unknown');
    return runInAccountShare(gate.limit, account, job, run);
  };
}

/**
 * What BullMQ keeps of a MonitorCheck job: the check record only for a manual check (the API's
 * request waits for it, Queues.run); null for the others, whose records nobody reads from the
 * queue. BullMQ writes a job's return value into its hash and its completed event in Redis, a
 * JSON of about 300 bytes per check on every scheduled, first or catch-up check otherwise.
 */
export function manualResultsOnly(handler: JobHandler<JobName.MonitorCheck>): JobHandler<JobName.MonitorCheck> {
  return async (payload, job) => {
    const result = await handler(payload, job);
    return payload.manual === true ? result : null;
  };
}

import type { JobHandler, JobName } from '@vigil/core';
import { runKeyOf } from '../monitors/missed-runs.js';
import type { MonitorChecks } from '../monitors/monitor-checks.js';

/**
 * MonitorCheck: one check of one monitor (a manual check, the first after create or resume, a
 * catch-up), recorded under its job id (a catch-up under the run it replaces). Periodic checks
 * come from interval buckets (monitor-bucket.job.ts).
 */
export function monitorCheckJob(check: MonitorChecks): JobHandler<JobName.MonitorCheck> {
  return (payload, job) => check({ monitorId: payload.monitorId, runKey: runKeyOf(String(job.id)), manual: payload.manual === true });
}

import { ConflictError, DEFAULT_REGION, isPushMonitorType, JobName, checkQueueOf, oneOffCheckJobId, type CheckResult, type Context } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import { findOwnMonitor } from './find-own-monitor.js';
import type { ManualCheckSchema } from './monitor.schema.js';

export const PUSH_MONITOR_NOT_PROBED = 'Heartbeat monitors are checked by their pings, not probed';

/** A manual check runs in one region: the default one when the monitor has it, else its first. */
function manualCheckRegion(regions: readonly string[]): string {
  return regions.includes(DEFAULT_REGION) || !regions.length ? DEFAULT_REGION : regions[0];
}

export type ManualCheckOutcome = { done: true; check: ReturnType<typeof manualCheckRecord> } | { done: false; jobId: string; failed: boolean };

/** The check record as the checks list shows it (less in_maintenance): the additions of monitor types null when absent. */
function manualCheckRecord(r: CheckResult): Static<typeof ManualCheckSchema> {
  return { ...r, timings: r.timings ?? null, certificate_expires_at: r.certificate_expires_at ?? null, details: r.details ?? null };
}

/**
 * POST /uptime/monitors/{id}/check (decisions §4): one check now through the checker fleet.
 * Waits for the worker up to the monitor's timeout + 5 s; past that (or when the job ends
 * without a check record) the check stays queued and the caller gets its job id. The job id is
 * random, so it never repeats an earlier one even after Redis lost its data. An inactive
 * monitor is not checked (409 Monitor is not active); a paused one is (the checker runs manual
 * checks of paused monitors). A push monitor (heartbeat) has nothing to probe (409).
 */
export async function runManualCheck(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<ManualCheckOutcome> {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  if (!monitor.isActive) throw new ConflictError('Monitor is not active');
  if (isPushMonitorType(monitor.type)) throw new ConflictError(PUSH_MONITOR_NOT_PROBED);
  const jobId = oneOffCheckJobId(monitor.id, 'manual');
  try {
    const { result } = await ctx.queues.run(JobName.MonitorCheck, { monitorId: monitor.id, manual: true }, (monitor.timeout + 5) * 1000, {
      jobId,
      attempts: 1,
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 86_400, count: 5000 },
    }, checkQueueOf(manualCheckRegion(monitor.regions)));
    return result ? { done: true, check: manualCheckRecord(result) } : { done: false, jobId, failed: false };
  } catch (e) {
    // The job failed in the worker (not the target: a down target is a failure check record).
    ctx.logger.warn('manual check job failed', { monitorId: monitor.id, jobId, error: (e as Error).message });
    return { done: false, jobId, failed: true };
  }
}

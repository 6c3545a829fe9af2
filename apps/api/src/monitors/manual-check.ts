import { ConflictError, DEFAULT_REGION, isPushMonitorType, JobName, checkQueueOf, oneOffCheckJobId, regionLiveness, type CheckResult, type Context } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import { findOwnMonitor } from './find-own-monitor.js';
import type { ManualCheckSchema } from './monitor.schema.js';
import { publicRegionsOf } from './region-policy.js';

export const PUSH_MONITOR_NOT_PROBED = 'Heartbeat monitors are checked by their pings, not probed';
export const ONLY_PRIVATE_LOCATIONS = 'Manual checks run in public regions: this monitor is checked at private locations only';

/** The region whose check a manual check answers with: the default one when the monitor has it, else its first. */
function preferredRegion(regions: readonly string[]): string {
  return regions.includes(DEFAULT_REGION) || !regions.length ? DEFAULT_REGION : regions[0];
}

/**
 * Where a manual check runs: a one-region monitor's region; for several, a round across those
 * with a live checker (a region without one would only make the request wait: its round skips
 * it anyway), or all of them when none has one (the check then stays queued, as with one region).
 */
async function manualCheckRegions(ctx: Context, regions: readonly string[]): Promise<string[]> {
  if (regions.length <= 1) return [preferredRegion(regions)];
  const live = await regionLiveness(ctx.redis, ctx.config.redisPrefix).then(
    (all) => new Set(all.filter((r) => r.liveCheckers > 0).map((r) => r.name)),
    () => new Set<string>(),
  );
  const running = regions.filter((r) => live.has(r));
  return running.length ? running : [...regions];
}

type CheckRecord = ReturnType<typeof manualCheckRecord>;

export type ManualCheckOutcome =
  /** `checks`: every region's check of a multi-region round (each with its region). */
  | { done: true; check: CheckRecord; checks?: CheckRecord[] }
  | { done: false; jobId: string; failed: boolean };

/** The check record as the checks list shows it (less in_maintenance): the additions of monitor types null when absent. */
function manualCheckRecord(r: CheckResult, region: string): Static<typeof ManualCheckSchema> {
  return { ...r, region, timings: r.timings ?? null, certificate_expires_at: r.certificate_expires_at ?? null, details: r.details ?? null };
}

/**
 * POST /uptime/monitors/{id}/check (decisions §4): one check now through the checker fleet.
 * Waits for the worker up to the monitor's timeout + 5 s; past that (or when the job ends
 * without a check record) the check stays queued and the caller gets its job id. The job id is
 * random, so it never repeats an earlier one even after Redis lost its data. An inactive
 * monitor is not checked (409 Monitor is not active); a paused one is (the checker runs manual
 * checks of paused monitors). A push monitor (heartbeat) has nothing to probe (409).
 * A multi-region monitor is checked in a round, one job per region under the same job id (the
 * round id), judged by quorum like a scheduled round (docs/decisions.md "Regions and quorum").
 */
export async function runManualCheck(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<ManualCheckOutcome> {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawId);
  if (!monitor.isActive) throw new ConflictError('Monitor is not active');
  if (isPushMonitorType(monitor.type)) throw new ConflictError(PUSH_MONITOR_NOT_PROBED);
  const jobId = oneOffCheckJobId(monitor.id, 'manual');
  // A private location's agents lease scheduled runs only (docs/agents.md).
  const placed = await publicRegionsOf(ctx, monitor.regions);
  if (!placed.length) throw new ConflictError(ONLY_PRIVATE_LOCATIONS);
  const regions = await manualCheckRegions(ctx, placed);
  const runs = await Promise.allSettled(
    regions.map((region) =>
      ctx.queues.run(JobName.MonitorCheck, { monitorId: monitor.id, manual: true }, (monitor.timeout + 5) * 1000, {
        jobId,
        attempts: 1,
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 86_400, count: 5000 },
      }, checkQueueOf(region)),
    ),
  );
  runs.forEach((run, i) => {
    // The job failed in the worker (not the target: a down target is a failure check record).
    if (run.status === 'rejected') ctx.logger.warn('manual check job failed', { monitorId: monitor.id, jobId, region: regions[i], error: (run.reason as Error).message });
  });
  const answered = regions.flatMap((region, i) => {
    const run = runs[i];
    return run.status === 'fulfilled' && run.value.result ? [{ region, result: run.value.result }] : [];
  });
  if (!answered.length) return { done: false, jobId, failed: runs.every((r) => r.status === 'rejected') };
  if (monitor.regions.length <= 1) return { done: true, check: manualCheckRecord(answered[0].result, answered[0].region) };
  const checks = answered.map((a) => manualCheckRecord(a.result, a.region));
  const preferred = preferredRegion(monitor.regions);
  return { done: true, check: checks.find((c) => c.region === preferred) ?? checks[0], checks };
}

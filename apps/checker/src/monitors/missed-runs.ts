import { nextDueMs } from '@vigil/core';

/** What decides whether a monitor's latest due run happened. */
export interface RunFacts {
  id: number;
  everyMs: number;
  /** Its last check or, never checked, its creation (epoch ms). */
  seenMs: number;
}

/** A run that fell due and was not recorded: checked once now. */
export interface MissedRun {
  monitorId: number;
  everyMs: number;
  dueMs: number;
}

/**
 * The monitors whose latest due run (the last multiple of the interval plus the monitor's
 * offset, at or before now) has no check after it: its job was lost (Redis lost its data or was
 * down when it fell due) or has not finished yet. A monitor created after that due time is not
 * behind (its first check is the one made at creation). Each one whose original job no longer
 * exists is caught up by a job `catchup:monitor-<id>:<due ms>`, which the checker records under
 * the original run's key (runKeyOf): if the original was still being probed somewhere (its job
 * lost under it), the two make one check.
 */
export function missedRuns(monitors: readonly RunFacts[], nowMs: number): MissedRun[] {
  const missed: MissedRun[] = [];
  for (const m of monitors) {
    const dueMs = nextDueMs(m.id, m.everyMs, nowMs) - m.everyMs;
    if (m.seenMs < dueMs) missed.push({ monitorId: m.id, everyMs: m.everyMs, dueMs });
  }
  return missed;
}

/** The job id BullMQ gives the run of a monitor's scheduler due at `dueMs`. */
export function scheduledRunJobId(monitorId: number, dueMs: number): string {
  return `repeat:monitor-${monitorId}:${dueMs}`;
}

/**
 * The catch-up job of that run. A job id of its own (BullMQ must never run two jobs of one id
 * at once: their locks would collide), three ':'-separated parts like BullMQ's own.
 */
export function catchUpJobId(monitorId: number, dueMs: number): string {
  return `catchup:monitor-${monitorId}:${dueMs}`;
}

/** The key a check is recorded under (unique per monitor): a catch-up counts as the run it replaces. */
export function runKeyOf(jobId: string): string {
  return jobId.startsWith('catchup:monitor-') ? `repeat:${jobId.slice('catchup:'.length)}` : jobId;
}

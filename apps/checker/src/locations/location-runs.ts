import { nextDueMs } from '@vigil/core';

/** How far ahead of its due time a run is offered (so an agent polling then gets it on time). */
export const OFFER_AHEAD_MS = 2_000;
/** After a pause of the dispatcher (no checker, Redis away), runs due at most this long ago are still offered. */
export const CATCH_UP_MS = 60_000;

/** A monitor's periodic runs at one location, from its interval (the same due times as its buckets elsewhere). */
export interface DueRun {
  monitorId: number;
  dueMs: number;
}

/**
 * The runs due in (fromMs, untilMs] of monitors checked every `everyMs`, one per monitor at
 * most in any window: after a gap, only the latest missed run (as the reconciler's catch-up
 * does), never one per missed interval.
 */
export function runsBetween(monitors: readonly { monitorId: number; everyMs: number }[], fromMs: number, untilMs: number): DueRun[] {
  const out: DueRun[] = [];
  for (const { monitorId, everyMs } of monitors) {
    let due = nextDueMs(monitorId, everyMs, fromMs);
    if (due > untilMs) continue;
    while (due + everyMs <= untilMs) due += everyMs;
    out.push({ monitorId, dueMs: due });
  }
  return out.sort((a, b) => a.dueMs - b.dueMs);
}

/** Where the next dispatch starts: after the last one, but never further back than CATCH_UP_MS. */
export function dispatchFrom(cursorMs: number | null, nowMs: number): number {
  const floor = nowMs - CATCH_UP_MS;
  return cursorMs === null ? nowMs : Math.max(cursorMs, floor);
}

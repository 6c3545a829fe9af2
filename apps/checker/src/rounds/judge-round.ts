import { majorityOf, type CheckResult } from '@vigil/core';

/** One region's answer in a round: its stored check. */
export interface RegionAnswer {
  region: string;
  checkId: string;
  result: CheckResult;
}

export interface RoundMonitor {
  /** The monitor's regions. */
  regions: readonly string[];
  /** How many must fail; null: a majority of `regions`. */
  minFailingRegions: number | null;
}

export interface RoundVerdict {
  failed: boolean;
  /** Regions whose check failed, in the monitor's order. */
  failingRegions: string[];
  /** Regions of the monitor that did not answer (no live checker, or too late): never a failure. */
  skippedRegions: string[];
  /** What the round means to the state machine: a failure with every failing region's error, or a success. */
  result: CheckResult;
  /** The check that stands for the round (in alerts): the first failing region's, else the newest. */
  checkId: string;
}

/**
 * The quorum a round needs: `min_failing_regions` (a majority by default), but never more than
 * the regions that answered, so that rounds in which only some regions could check (the others
 * have no live checker) are judged by those that did.
 */
export function effectiveQuorum(monitor: RoundMonitor, answered: number): number {
  const wanted = monitor.minFailingRegions ?? majorityOf(monitor.regions.length);
  return Math.max(1, Math.min(wanted, answered));
}

/** Whether every expected region (the monitor's regions with a live checker) has answered. */
export function roundComplete(monitor: RoundMonitor, answers: readonly RegionAnswer[], liveRegions: readonly string[] | undefined): boolean {
  const expected = monitor.regions.filter((r) => liveRegions === undefined || liveRegions.includes(r));
  return expected.every((r) => answers.some((a) => a.region === r));
}

/**
 * Judges a round from the answers of the monitor's regions (answers of other regions, e.g. a
 * region removed since, are ignored). Null when no region of the monitor answered.
 */
export function judgeRound(monitor: RoundMonitor, answers: readonly RegionAnswer[]): RoundVerdict | null {
  const own = monitor.regions.flatMap((r) => answers.find((a) => a.region === r) ?? []);
  if (!own.length) return null;
  const failing = own.filter((a) => a.result.status === 'failure');
  const failed = failing.length >= effectiveQuorum(monitor, own.length);
  const newest = own.reduce((a, b) => (Date.parse(b.result.timestamp) > Date.parse(a.result.timestamp) ? b : a));
  const succeeded = own.filter((a) => a.result.status === 'success' && a.result.response_time_ms !== null);
  const times = succeeded.map((a) => a.result.response_time_ms ?? 0).sort((x, y) => x - y);
  const stand = failed ? failing[0] : newest;
  return {
    failed,
    failingRegions: failing.map((a) => a.region),
    skippedRegions: monitor.regions.filter((r) => !own.some((a) => a.region === r)),
    checkId: stand.checkId,
    result: failed
      ? {
          timestamp: newest.result.timestamp,
          status: 'failure',
          response_time_ms: null,
          status_code: failing[0].result.status_code,
          error: `Failed in ${failing.length} of ${own.length} regions: ${failing.map((a) => `${a.region}: ${a.result.error ?? 'failed'}`).join('; ')}`,
        }
      : {
          timestamp: newest.result.timestamp,
          status: 'success',
          // The median successful region: one slow region alone does not make the monitor degraded.
          response_time_ms: times.length ? times[Math.floor((times.length - 1) / 2)] : null,
          status_code: (succeeded[0] ?? newest).result.status_code,
        },
  };
}

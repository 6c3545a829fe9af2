/**
 * Rounds of many regions in the check writer and at their deadlines: their answers, their
 * deadline jobs, and judging them once (the SQL is the checks and rounds store of core).
 */
import { JobName, checkResultOf, claimRounds, roundChecks, type OutboxMessage } from '@vigil/core';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { duplicateWindow } from '../persistence/duplicate-window.js';
import { judgeRound, roundComplete, type RegionAnswer, type RoundMonitor, type RoundVerdict } from './judge-round.js';

/** How long after a round's first answer, beyond the monitor's timeout, it waits for the other regions. */
export const ROUND_DEADLINE_MARGIN_MS = 1_500;

/** A round touched by a newly recorded regional check. */
export interface TouchedRound {
  monitorId: number;
  jobKey: string;
  /** When its check ran (finds the round's checks in the partitioned table). */
  at: Date;
  /** Regions with a live checker as the recording checker saw them; absent: every region of the monitor. */
  liveRegions?: readonly string[];
  /** Its deadline is kept in Redis already (round-deadlines.ts): no deadline job needed. */
  tracked?: boolean;
}

export interface RoundMonitorFacts {
  id: number;
  regions: readonly string[];
  min_failing_regions: number | null;
  /** Seconds. */
  timeout: number;
}

const roundMonitor = (m: RoundMonitorFacts): RoundMonitor => ({ regions: m.regions, minFailingRegions: m.min_failing_regions });

export interface JudgedRound {
  monitorId: number;
  jobKey: string;
  verdict: RoundVerdict;
}

export interface RoundDecisions {
  judged: JudgedRound[];
  /** Deadline jobs of rounds still waiting for regions whose deadline Redis does not keep, for the outbox. */
  deadlines: OutboxMessage[];
}

/** The deadline job of a round: one job id per round, so repeated messages add one job. */
export function roundDeadlineMessage(monitorId: number, jobKey: string, timeoutSec: number): OutboxMessage {
  const id = createHash('sha256').update(jobKey).digest('hex').slice(0, 24);
  return {
    job: JobName.JudgeRound,
    payload: { monitorId, jobKey },
    jobId: `round-${monitorId}-${id}`,
    options: { delay: timeoutSec * 1000 + ROUND_DEADLINE_MARGIN_MS, attempts: 5, backoff: { type: 'exponential', delay: 1_000 } },
  };
}

/** A round's key in the maps of this module. */
export const roundKey = (monitorId: number, jobKey: string) => `${monitorId}\u0000${jobKey}`;

/** The answers recorded for rounds (their checks near their times), in one statement; keyed by monitor and job key. */
export async function roundAnswers(em: EntityManager, rounds: readonly TouchedRound[]): Promise<Map<string, RegionAnswer[]>> {
  const out = new Map<string, RegionAnswer[]>();
  if (!rounds.length) return out;
  for (const row of await roundChecks(em, rounds, duplicateWindow(rounds.map((r) => r.at)))) {
    const key = roundKey(row.monitor_id, row.job_key);
    out.set(key, [...(out.get(key) ?? []), { region: row.region, checkId: row.id, result: checkResultOf(row) }]);
  }
  return out;
}

/**
 * Judges the rounds touched by new checks (callers hold the monitors' row locks): a round whose
 * expected regions have all answered is judged now; any other gets its deadline job (or, with
 * `force`, at the deadline, is judged with the answers it has). A round is judged once.
 */
export async function judgeRounds(
  em: EntityManager,
  touched: readonly TouchedRound[],
  monitors: ReadonlyMap<number, RoundMonitorFacts>,
  opts: { force?: boolean; now?: Date } = {},
): Promise<RoundDecisions> {
  const decisions: RoundDecisions = { judged: [], deadlines: [] };
  const byRound = new Map<string, TouchedRound>();
  for (const t of touched) {
    if (!monitors.has(t.monitorId)) continue;
    const key = roundKey(t.monitorId, t.jobKey);
    const seen = byRound.get(key);
    // The round's deadline is kept if any of its checks here had it kept.
    byRound.set(key, { ...t, tracked: t.tracked === true || seen?.tracked === true });
  }
  const unique = [...byRound.values()];
  const answers = await roundAnswers(em, unique);
  const candidates: (JudgedRound & { at: Date })[] = [];
  for (const t of unique) {
    const facts = monitors.get(t.monitorId);
    if (!facts) continue;
    const monitor = roundMonitor(facts);
    const own = answers.get(roundKey(t.monitorId, t.jobKey)) ?? [];
    if (!opts.force && !roundComplete(monitor, own, t.liveRegions)) {
      if (!t.tracked) decisions.deadlines.push(roundDeadlineMessage(t.monitorId, t.jobKey, facts.timeout));
      continue;
    }
    const verdict = judgeRound(monitor, own);
    if (verdict) candidates.push({ monitorId: t.monitorId, jobKey: t.jobKey, verdict, at: opts.now ?? new Date(verdict.result.timestamp) });
  }
  const claimed = new Set(
    (
      await claimRounds(
        em,
        candidates.map((c) => ({ monitorId: c.monitorId, jobKey: c.jobKey, judgedAt: c.at, failed: c.verdict.failed, failingRegions: c.verdict.failingRegions, skippedRegions: c.verdict.skippedRegions })),
      )
    ).map((r) => roundKey(r.monitorId, r.jobKey)),
  );
  decisions.judged = candidates.filter((c) => claimed.has(roundKey(c.monitorId, c.jobKey))).map(({ monitorId, jobKey, verdict }) => ({ monitorId, jobKey, verdict }));
  return decisions;
}

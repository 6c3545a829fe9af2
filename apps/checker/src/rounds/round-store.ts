import { JobName, type CheckResult, type OutboxMessage } from '@vigil/core';
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
  /** Deadline jobs of rounds still waiting for regions, for the outbox. */
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

interface AnswerRow {
  id: string;
  region: string;
  checked_at: Date;
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
}

/** The answers recorded for a round (its checks near `at`). */
export async function roundAnswers(em: EntityManager, monitorId: number, jobKey: string, at: Date): Promise<RegionAnswer[]> {
  const { from, to } = duplicateWindow([at]);
  const rows = (await em.query(
    `SELECT id, region, checked_at, status, response_time_ms, status_code, error FROM checks
      WHERE monitor_id = $1 AND job_key = $2 AND checked_at >= $3 AND checked_at < $4 ORDER BY checked_at, id`,
    [monitorId, jobKey, from, to],
  )) as AnswerRow[];
  return rows.map((r) => {
    const result: CheckResult = {
      timestamp: r.checked_at.toISOString(),
      status: r.status,
      response_time_ms: r.response_time_ms,
      status_code: r.status_code,
      ...(r.error !== null ? { error: r.error } : {}),
    };
    return { region: r.region, checkId: String(r.id), result };
  });
}

/**
 * Claims the round as judged (the row is the claim): true for exactly one caller, whatever
 * the duplicate deliveries or checkers, because every caller holds the monitor's row lock.
 */
async function claimRound(em: EntityManager, monitorId: number, jobKey: string, verdict: RoundVerdict, at: Date): Promise<boolean> {
  const rows = (await em.query(
    `INSERT INTO monitor_rounds (monitor_id, job_key, judged_at, failed, failing_regions, skipped_regions)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (monitor_id, job_key) DO NOTHING RETURNING monitor_id`,
    [monitorId, jobKey, at, verdict.failed, verdict.failingRegions, verdict.skippedRegions],
  )) as unknown[];
  return rows.length === 1;
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
  const seen = new Set<string>();
  for (const t of touched) {
    const key = `${t.monitorId}\u0000${t.jobKey}`;
    const facts = monitors.get(t.monitorId);
    if (seen.has(key) || !facts) continue;
    const monitor = roundMonitor(facts);
    seen.add(key);
    const answers = await roundAnswers(em, t.monitorId, t.jobKey, t.at);
    if (!opts.force && !roundComplete(monitor, answers, t.liveRegions)) {
      decisions.deadlines.push(roundDeadlineMessage(t.monitorId, t.jobKey, facts.timeout));
      continue;
    }
    const verdict = judgeRound(monitor, answers);
    if (verdict && (await claimRound(em, t.monitorId, t.jobKey, verdict, opts.now ?? new Date(verdict.result.timestamp)))) decisions.judged.push({ monitorId: t.monitorId, jobKey: t.jobKey, verdict });
  }
  return decisions;
}

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

interface AnswerRow {
  id: string;
  monitor_id: number;
  job_key: string;
  region: string;
  checked_at: Date;
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
}

/** A round's key in the maps of this module. */
export const roundKey = (monitorId: number, jobKey: string) => `${monitorId}\u0000${jobKey}`;

/** The answers recorded for rounds (their checks near their times), in one statement; keyed by monitor and job key. */
export async function roundAnswers(em: EntityManager, rounds: readonly TouchedRound[]): Promise<Map<string, RegionAnswer[]>> {
  const out = new Map<string, RegionAnswer[]>();
  if (!rounds.length) return out;
  const { from, to } = duplicateWindow(rounds.map((r) => r.at));
  const rows = (await em.query(
    `SELECT c.id, c.monitor_id, c.job_key, c.region, c.checked_at, c.status, c.response_time_ms, c.status_code, c.error
       FROM checks c JOIN unnest($1::int[], $2::text[]) AS d(monitor_id, job_key) ON c.monitor_id = d.monitor_id AND c.job_key = d.job_key
      WHERE c.checked_at >= $3 AND c.checked_at < $4 ORDER BY c.checked_at, c.id`,
    [rounds.map((r) => r.monitorId), rounds.map((r) => r.jobKey), from, to],
  )) as AnswerRow[];
  for (const r of rows) {
    const result: CheckResult = {
      timestamp: r.checked_at.toISOString(),
      status: r.status,
      response_time_ms: r.response_time_ms,
      status_code: r.status_code,
      ...(r.error !== null ? { error: r.error } : {}),
    };
    const key = roundKey(r.monitor_id, r.job_key);
    out.set(key, [...(out.get(key) ?? []), { region: r.region, checkId: String(r.id), result }]);
  }
  return out;
}

/**
 * Claims rounds as judged (the row is the claim), in one statement: each round is claimed by
 * exactly one caller, whatever the duplicate deliveries or checkers, because every caller holds
 * the monitor's row lock. Returns the keys claimed now.
 */
async function claimRounds(em: EntityManager, judged: readonly (JudgedRound & { at: Date })[]): Promise<Set<string>> {
  if (!judged.length) return new Set();
  const rows = (await em.query(
    `INSERT INTO monitor_rounds (monitor_id, job_key, judged_at, failed, failing_regions, skipped_regions)
     SELECT d.monitor_id, d.job_key, d.judged_at, d.failed, ARRAY(SELECT jsonb_array_elements_text(d.failing)), ARRAY(SELECT jsonb_array_elements_text(d.skipped))
       FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::bool[], $5::jsonb[], $6::jsonb[]) AS d(monitor_id, job_key, judged_at, failed, failing, skipped)
     ON CONFLICT (monitor_id, job_key) DO NOTHING RETURNING monitor_id, job_key`,
    [
      judged.map((j) => j.monitorId),
      judged.map((j) => j.jobKey),
      judged.map((j) => j.at),
      judged.map((j) => j.verdict.failed),
      judged.map((j) => JSON.stringify(j.verdict.failingRegions)),
      judged.map((j) => JSON.stringify(j.verdict.skippedRegions)),
    ],
  )) as { monitor_id: number; job_key: string }[];
  return new Set(rows.map((r) => roundKey(r.monitor_id, r.job_key)));
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
  const claimed = await claimRounds(em, candidates);
  decisions.judged = candidates.filter((c) => claimed.has(roundKey(c.monitorId, c.jobKey))).map(({ monitorId, jobKey, verdict }) => ({ monitorId, jobKey, verdict }));
  return decisions;
}

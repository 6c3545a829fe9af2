import type { MaintenanceLookup, OutboxMessage, WriterMonitorRows } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { judgeRounds, roundKey, type JudgedRound, type TouchedRound } from '../rounds/judge-rounds.js';
import type { InsertedRecord } from './insert-records.js';
import { roundEntries, type StateEntry } from './state-entries.js';

/** What a batch's new checks decide in its transaction. */
export interface BatchJudgement {
  /** For the state machine: rounds of one (the check itself) and rounds of many judged now. */
  entries: StateEntry[];
  /** Rounds of many judged now. */
  rounds: JudgedRound[];
  /** Deadline jobs of rounds still waiting whose deadline Redis does not keep. */
  deadlines: OutboxMessage[];
  /** Rounds to look at again after the commit (judge-after-commit.ts): their monitor is not locked, or Redis keeps their deadline. */
  waiting: TouchedRound[];
}

const touchedRound = ({ record: r }: InsertedRecord): TouchedRound => ({
  monitorId: r.monitorId,
  jobKey: r.jobKey,
  at: new Date(r.result.timestamp),
  liveRegions: r.liveRegions,
  tracked: r.deadlineTracked === true,
});

/**
 * Every check is an answer to its monitor's round. A round of one (a monitor in one region) is
 * complete with its check, which is its verdict: no claim, no read (the insert that skipped
 * duplicates made it once). A round of many is judged by quorum once every live region answered
 * (rounds/), here when this transaction holds its monitor's lock, else after the commit.
 */
export async function judgeBatch(em: EntityManager, inserted: readonly InsertedRecord[], monitors: WriterMonitorRows, locked: ReadonlySet<number>, maintenance: MaintenanceLookup): Promise<BatchJudgement> {
  const entries: StateEntry[] = [];
  const ofMany: InsertedRecord[] = [];
  for (const i of inserted) {
    if ((monitors.get(i.record.monitorId)?.regions.length ?? 1) <= 1) entries.push({ record: i.record, checkId: i.checkId, maintenance: i.maintenance });
    else ofMany.push(i);
  }
  const now = ofMany.filter((i) => locked.has(i.record.monitorId)).map(touchedRound);
  const decided = now.length ? await judgeRounds(em, now, monitors) : { judged: [], deadlines: [] };
  entries.push(...roundEntries(decided.judged, monitors, maintenance));
  const judged = new Set(decided.judged.map((j) => roundKey(j.monitorId, j.jobKey)));
  const waiting = ofMany
    .filter((i) => !locked.has(i.record.monitorId) || (i.record.deadlineTracked === true && !judged.has(roundKey(i.record.monitorId, i.record.jobKey))))
    .map(touchedRound);
  return { entries, rounds: decided.judged, deadlines: decided.deadlines, waiting };
}

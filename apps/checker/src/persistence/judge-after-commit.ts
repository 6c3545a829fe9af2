import { type AlertEventPayload, alertOutboxMessage, lockWriterMonitors, type MaintenanceLookup, openIncidentsOf, writeOutbox, type WriterMonitorRows } from '@vigil/core';
import type { DataSource } from 'typeorm';
import { roundComplete } from '../rounds/judge-round.js';
import { judgeRounds, roundAnswers, roundKey, type JudgedRound, type TouchedRound } from '../rounds/judge-rounds.js';
import { applyStates } from './apply-states.js';
import { roundEntries } from './state-entries.js';

/**
 * The rounds a batch inserted answers to without judging them (judge-batch.ts), after its
 * commit: their answers are read; the last region's writer to commit sees every answer, so a
 * complete round is never missed. Complete rounds are judged in a second transaction that locks
 * their monitors (judgeRounds re-reads the answers under the lock; the claim keeps a round
 * judged once if two writers see it complete), with their state changes and alert events.
 * Incomplete rounds wait for their deadline (rounds/sweep-round-deadlines.ts). `monitors`: the
 * facts the batch read of them.
 */
export async function judgeAfterCommit(
  db: DataSource,
  waiting: readonly TouchedRound[],
  monitors: WriterMonitorRows,
  maintenance: MaintenanceLookup,
): Promise<{ rounds: JudgedRound[]; alerts: AlertEventPayload[] }> {
  if (!waiting.length) return { rounds: [], alerts: [] };
  const answers = await roundAnswers(db.manager, waiting);
  const complete = waiting.filter((t) => {
    const m = monitors.get(t.monitorId);
    return m !== undefined && roundComplete({ regions: m.regions, minFailingRegions: m.min_failing_regions }, answers.get(roundKey(t.monitorId, t.jobKey)) ?? [], t.liveRegions);
  });
  if (!complete.length) return { rounds: [], alerts: [] };
  return db.transaction(async (em) => {
    const locked = await lockWriterMonitors(em, complete.map((t) => t.monitorId));
    const { judged } = await judgeRounds(em, complete, locked);
    if (!judged.length) return { rounds: [], alerts: [] };
    const incidents = await openIncidentsOf(em, [...new Set(judged.map((j) => j.monitorId))]);
    const alerts = await applyStates(em, roundEntries(judged, locked, maintenance), locked, incidents, []);
    await writeOutbox(em, alerts.map(alertOutboxMessage));
    return { rounds: judged, alerts };
  });
}

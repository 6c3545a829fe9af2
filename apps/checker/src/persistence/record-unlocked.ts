import {
  NO_MAINTENANCE,
  readUnlockedMonitors,
  writeUnlockedBatch,
  type MaintenanceLookup,
  type NewCheckRow,
  type RoutedRollup,
  type UnlockedMonitorRow,
  type VersionedStateUpdate,
} from '@vigil/core';
import type { DataSource } from 'typeorm';
import { nextMonitorState, applyTransition } from '../state/monitor-state-machine.js';
import { admitRecords, batchOutcomes } from './admit-records.js';
import { stateOf } from './apply-states.js';
import { regionOf, type CheckRecord, type RecordedBatch } from './check-record.js';
import { duplicateWindow } from './duplicate-window.js';
import { rollupDeltas } from './rollup-deltas.js';
import { routeRollups } from './rollup-routes.js';
import { maintenanceFlags } from './state-entries.js';

/** What an unlocked batch writes, and what its records answer once it is written. */
export interface UnlockedPlan {
  checks: NewCheckRow[];
  updates: VersionedStateUpdate[];
  deltas: RoutedRollup[];
  outcomes: RecordedBatch['outcomes'];
}

/**
 * Pure: the unlocked batch of records (unlocked-batch-store.ts in core), or null when the batch
 * needs the locked path (record-checks.ts): a record of a monitor in several regions (a round
 * to judge), of a monitor with an open incident, or one that opens, resolves or counts into an
 * incident or alerts. Each admitted record is taken as new (a duplicate makes the statement
 * raise, and the locked path answers it). The state machine runs as applyStates runs it.
 */
export function planUnlocked(records: readonly CheckRecord[], monitors: ReadonlyMap<number, UnlockedMonitorRow>, maintenance: MaintenanceLookup): UnlockedPlan | null {
  const admission = admitRecords(records, monitors);
  const flags = maintenanceFlags(records, monitors, maintenance);
  const byMonitor = new Map<number, number[]>();
  for (const i of admission.candidates) {
    const m = monitors.get(records[i].monitorId);
    if (!m || m.region_count > 1 || m.open_incident) return null;
    const list = byMonitor.get(m.id);
    if (list) list.push(i);
    else byMonitor.set(m.id, [i]);
  }
  const checks: NewCheckRow[] = admission.candidates.map((i) => ({ monitorId: records[i].monitorId, jobKey: records[i].jobKey, region: regionOf(records[i]), inMaintenance: flags[i], result: records[i].result }));
  const updates: VersionedStateUpdate[] = [];
  const kept = new Map<number, Date | null>();
  const timeOf = (i: number) => Date.parse(records[i].result.timestamp);
  for (const id of [...byMonitor.keys()].sort((a, b) => a - b)) {
    const m = monitors.get(id);
    const list = byMonitor.get(id);
    if (!m || !list) continue;
    if (list.length > 1) list.sort((a, b) => timeOf(a) - timeOf(b));
    let state = stateOf(m, null);
    for (const i of list) {
      const r = records[i].result;
      const t = nextMonitorState(state, { status: r.status, responseTimeMs: r.response_time_ms, error: r.error, checkedAt: new Date(timeOf(i)), inMaintenance: flags[i] });
      if (t.open || t.resolve || t.addAffectedCheck || t.alerts.length) return null;
      state = applyTransition(state, t);
    }
    const newest = list[list.length - 1];
    const touchLast = !m.last_checked_at || timeOf(newest) >= m.last_checked_at.getTime();
    updates.push({
      id,
      version: m.version,
      status: state.status,
      consecutiveFailures: state.consecutiveFailures,
      consecutiveSuccesses: state.consecutiveSuccesses,
      last: touchLast ? records[newest].result : null,
    });
    kept.set(id, m.rollup_hour);
  }
  const deltas = routeRollups(
    rollupDeltas(
      checks.map((c) => ({ monitorId: c.monitorId, checkedAt: new Date(c.result.timestamp), status: c.result.status, responseTimeMs: c.result.response_time_ms, timings: c.result.timings ?? null })),
    ),
    kept,
  );
  return { checks, updates, deltas, outcomes: batchOutcomes(records, admission, new Map()) };
}

/**
 * Pure: the indexes of the records that may go the unlocked way (their monitors have no record
 * that answers a round of many regions: a monitor's records stay together, applied in time
 * order by one way) and of the others.
 */
export function splitUnlocked(records: readonly CheckRecord[]): { unlocked: number[]; locked: number[] } {
  const regional = new Set<number>();
  for (const r of records) if (r.roundDeadlineInMs !== undefined || r.deadlineTracked === true) regional.add(r.monitorId);
  const out: { unlocked: number[]; locked: number[] } = { unlocked: [], locked: [] };
  records.forEach((r, i) => (regional.has(r.monitorId) ? out.locked : out.unlocked).push(i));
  return out;
}

/**
 * Records a batch the unlocked way (see planUnlocked), in one statement on the pool after the
 * read of its monitors. The maintenance lookup: the caller's, else made here only when an
 * account of the batch has windows (the read says; no lock is held, so rules may be evaluated
 * here). `recorded` is null when the batch must go the locked way (nothing written): it needs a
 * lock, or it raced another write; `maintenance` is then the lookup made, if any, for it.
 */
export async function recordUnlocked(
  db: DataSource,
  records: readonly CheckRecord[],
  given: MaintenanceLookup | undefined,
  loadMaintenance: () => Promise<MaintenanceLookup>,
): Promise<{ recorded: RecordedBatch | null; maintenance: MaintenanceLookup | undefined }> {
  const monitors = await readUnlockedMonitors(db.manager, records.map((r) => r.monitorId));
  let maintenance = given;
  if (!maintenance) {
    let maintained = false;
    for (const m of monitors.values()) maintained ||= m.maintained;
    maintenance = maintained ? await loadMaintenance() : NO_MAINTENANCE;
  }
  const plan = planUnlocked(records, monitors, maintenance);
  if (!plan) return { recorded: null, maintenance };
  if (plan.checks.length) {
    const window = duplicateWindow(plan.checks.map((c) => new Date(c.result.timestamp)));
    if (!(await writeUnlockedBatch(db.manager, plan.checks, window, plan.updates, plan.deltas))) return { recorded: null, maintenance };
  }
  return { recorded: { outcomes: plan.outcomes, alerts: [], rounds: [], deadlines: 0 }, maintenance };
}

import { alertOutboxMessage, type MaintenanceLookup, writeOutbox, type WriterMonitorRows } from '@vigil/core';
import type { DataSource, EntityManager } from 'typeorm';
import type { TouchedRound } from '../rounds/judge-rounds.js';
import { admitRecords, batchOutcomes } from './admit-records.js';
import { applyStates } from './apply-states.js';
import type { CheckRecord, RecordedBatch, RecordOutcome } from './check-record.js';
import { insertRecords } from './insert-records.js';
import { judgeAfterCommit } from './judge-after-commit.js';
import { judgeBatch } from './judge-batch.js';
import { loadMaintenance } from './load-maintenance.js';
import { lockBatch, type LockedBatch } from './lock-batch.js';
import { writeRegionRollups } from './region-rollups.js';
import { recordUnlocked, splitUnlocked } from './record-unlocked.js';
import { maintenanceFlags } from './state-entries.js';

export type { CheckRecord, RecordedBatch, RecordOutcome, SkipReason } from './check-record.js';

/** The maintenance lookup for records (before their transaction opens). */
function maintenanceOf(db: DataSource, records: readonly CheckRecord[]): Promise<MaintenanceLookup> {
  return loadMaintenance(
    db,
    records.map((r) => r.monitorId),
    records.map((r) => new Date(r.result.timestamp)),
  );
}

/**
 * Records a batch of checks: the one path of every check, whatever its monitor's regions (a
 * monitor in one region is a round of one). Before the transaction, the maintenance windows of
 * the monitors' accounts are read and evaluated for the checks' times (load-maintenance.ts: no
 * RRULE is expanded while monitors are locked). Then, in one transaction (recordIn):
 *
 * 1. lock (lock-batch.ts): the monitors' rows in id order; a check whose round's deadline Redis
 *    keeps takes an advisory lock per monitor and region instead (regions answer together);
 * 2. insert (insert-records.ts): checks of deleted, inactive and (unless manual) paused
 *    monitors are dropped (admit-records.ts); the others go in one statement that skips any
 *    already recorded (a job delivered twice records one check) and reads the open incidents;
 * 3. judge (judge-batch.ts): a round of one is its check; a round of many whose monitor is
 *    locked is judged by quorum once its live regions answered, or gets a deadline job;
 * 4. apply (apply-states.ts): each monitor's state machine over its verdicts in time order,
 *    opening and resolving incidents, then one statement for the monitors' states (one UPDATE
 *    per monitor, which also carries a monitor's newest hour of rollup sums: rollup-routes.ts),
 *    the incident counts and the other hours' rollups (one upsert per monitor and hour);
 * 5. outbox: the deadline jobs and alert events decided, in the same transaction (the relay
 *    moves them to their queues after commit, whatever fails between).
 *
 * After the commit, rounds of many whose monitor the batch did not lock are judged
 * (judge-after-commit.ts). `maintenance`: a lookup the caller made for these records.
 *
 * First, though, the records of monitors in one region (all but rounds of many regions:
 * splitUnlocked) go the unlocked way (record-unlocked.ts) when they move no incident and alert
 * nothing (nearly always): their monitors read without a lock, then one statement without a
 * transaction of its own that inserts the checks and updates the monitors only at the row
 * versions read, or raises and leaves nothing; then they go the locked way above, with the
 * others. Two statements (the windows are read only for accounts that have any), instead of
 * four and a transaction (bench/storage-writer.bench.ts).
 */
export async function recordChecks(db: DataSource, records: CheckRecord[], maintenance?: MaintenanceLookup): Promise<RecordedBatch> {
  const { unlocked, locked } = splitUnlocked(records);
  if (!unlocked.length) return recordLocked(db, records, maintenance);
  const part = unlocked.map((i) => records[i]);
  const done = await recordUnlocked(db, part, maintenance, () => maintenanceOf(db, part));
  const first = done.recorded;
  if (!first) return recordLocked(db, records, locked.length ? maintenance : done.maintenance);
  if (!locked.length) return first;
  const rest = await recordLocked(
    db,
    locked.map((i) => records[i]),
    maintenance,
  );
  const outcomes = new Array<RecordOutcome>(records.length);
  unlocked.forEach((i, j) => (outcomes[i] = first.outcomes[j]));
  locked.forEach((i, j) => (outcomes[i] = rest.outcomes[j]));
  return { ...rest, outcomes };
}

/** The locked way (see recordChecks). */
async function recordLocked(db: DataSource, records: CheckRecord[], maintenance: MaintenanceLookup | undefined): Promise<RecordedBatch> {
  const lookup = maintenance ?? (await maintenanceOf(db, records));
  const { waiting, monitors, ...first } = await db.transaction((em) => recordIn(em, records, lookup, null));
  const later = await judgeAfterCommit(db, waiting, monitors, lookup);
  return { ...first, alerts: [...first.alerts, ...later.alerts], rounds: [...first.rounds, ...later.rounds] };
}

/**
 * recordChecks inside the caller's transaction (a heartbeat ping moves its own state with the
 * check), with the maintenance lookup the caller made before opening it, and `monitors`: the
 * rows of the records' monitors the caller read and locked in it (lockWriterMonitors' lock and
 * columns; a record whose monitor is not among them is dropped, as for a deleted one). Every
 * monitor is locked, so every round that can be judged is judged in it; a round Redis keeps the
 * deadline of and still waiting for regions is judged at that deadline.
 */
export async function recordChecksIn(em: EntityManager, records: CheckRecord[], maintenance: MaintenanceLookup, monitors: WriterMonitorRows): Promise<RecordedBatch> {
  const { outcomes, alerts, rounds, deadlines } = await recordIn(em, records, maintenance, { monitors, locked: new Set(monitors.keys()) });
  return { outcomes, alerts, rounds, deadlines };
}

/** One batch's transaction: lock (unless `held`) → insert → judge → apply → outbox (see recordChecks). */
async function recordIn(
  em: EntityManager,
  records: CheckRecord[],
  maintenance: MaintenanceLookup,
  held: LockedBatch | null,
): Promise<RecordedBatch & { waiting: TouchedRound[]; monitors: WriterMonitorRows }> {
  const { monitors, locked } = held ?? (await lockBatch(em, records));
  const admission = admitRecords(records, monitors);
  const { inserted, duplicates, openIncidents } = await insertRecords(em, records, admission.candidates, maintenanceFlags(records, monitors, maintenance));
  const judged = await judgeBatch(em, inserted, monitors, locked, maintenance);
  const alerts = inserted.length ? await applyStates(em, judged.entries, monitors, openIncidents, inserted.map((i) => i.record)) : [];
  await writeRegionRollups(em, inserted.map((i) => i.record), monitors);
  await writeOutbox(em, [...judged.deadlines, ...alerts.map(alertOutboxMessage)]);
  return {
    outcomes: batchOutcomes(records, admission, duplicates),
    alerts,
    rounds: judged.rounds,
    deadlines: judged.deadlines.length,
    waiting: judged.waiting,
    monitors,
  };
}

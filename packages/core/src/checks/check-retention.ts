import type { DataSource } from 'typeorm';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { CHECKS_DEFAULT_PARTITION, partitionsBefore } from '../db/partitions/check-partition-plan.js';
import { dropCheckPartition, listCheckPartitions } from '../db/partitions/check-partitions.js';

export interface PruneOutcome {
  /** Daily partitions detached and dropped: every check of their day, with no row-by-row work. */
  droppedPartitions: string[];
  /** Rows older than the cutoff deleted from the default partition. */
  deleted: number;
}

/**
 * Drops the daily partitions of `checks` that end at or before `before` (each in a short
 * transaction of its own), then deletes the default partition's rows older than it in batches
 * (it holds only rows no daily partition covered when written: few); rollups are kept. The
 * partition holding `before` stays whole until its day is past.
 */
export async function pruneChecksBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<PruneOutcome> {
  const droppedPartitions = partitionsBefore(await listCheckPartitions(db), before);
  for (const name of droppedPartitions) await db.transaction((em) => dropCheckPartition(em, name));
  const deleted = await deleteInBatches(
    db,
    CHECKS_DEFAULT_PARTITION,
    `SELECT id FROM ${CHECKS_DEFAULT_PARTITION} WHERE checked_at < $1`,
    [before],
    batchSize,
  );
  return { droppedPartitions, deleted };
}

/**
 * Deletes the judged rounds (`monitor_rounds`, the "judged once" claims of multi-region
 * monitors) judged before `before`, in batches: with the checks of the same age gone, no late
 * answer can reach them any more. Returns how many went.
 */
export function pruneRoundsBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'monitor_rounds', `SELECT ctid FROM monitor_rounds WHERE judged_at < $1`, [before], batchSize, 'ctid');
}

/**
 * Deletes the per-region hourly rollups (`monitor_region_hours`) of hours before `before`, in
 * batches (by the hour index): they sum raw checks and go with them, unlike the monitors' own
 * rollups, which are kept (only the 24 h detail view reads them). Returns how many went.
 */
export function pruneRegionHoursBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'monitor_region_hours', `SELECT ctid FROM monitor_region_hours WHERE hour < $1`, [before], batchSize, 'ctid');
}

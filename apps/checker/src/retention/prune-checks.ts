import { CHECKS_DEFAULT_PARTITION, deleteInBatches, dropCheckPartition, listCheckPartitions, partitionsBefore } from '@vigil/core';
import type { DataSource } from 'typeorm';

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

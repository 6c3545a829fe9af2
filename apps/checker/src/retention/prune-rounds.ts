import type { DataSource } from 'typeorm';
import { deleteInBatches } from '@vigil/core';

/**
 * Deletes the judged rounds (`monitor_rounds`, the "judged once" claims of multi-region
 * monitors) judged before `before`, in batches: with the checks of the same age gone, no late
 * answer can reach them any more. Returns how many went.
 */
export function pruneRoundsBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'monitor_rounds', `SELECT ctid FROM monitor_rounds WHERE judged_at < $1`, [before], batchSize, 'ctid');
}

import type { DataSource } from 'typeorm';
import { deleteInBatches } from './delete-in-batches.js';

const DAY_MS = 86_400_000;

/** The moment before which rows kept for `retentionDays` are pruned. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** Deletes raw checks older than `before`, in batches; rollups are kept. Returns how many rows went. */
export function pruneChecksBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'checks', 'SELECT id FROM checks WHERE checked_at < $1', [before], batchSize);
}

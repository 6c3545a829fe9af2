import type { DataSource } from 'typeorm';

const DAY_MS = 86_400_000;

/** The moment before which raw checks are pruned. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * Deletes raw checks older than `before` in batches of `batchSize` rows (short transactions,
 * no long lock on the big table); rollups are kept. Returns how many rows went.
 */
export async function pruneChecksBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [{ n }] = (await db.query(
      `WITH gone AS (
         DELETE FROM checks WHERE id IN (SELECT id FROM checks WHERE checked_at < $1 LIMIT $2) RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      [before, batchSize],
    )) as { n: number }[];
    deleted += n;
    if (n < batchSize) return deleted;
  }
}

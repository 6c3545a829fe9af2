import type { DataSource } from 'typeorm';
import { DAY_MS } from './partitions/check-partition-plan.js';

/**
 * Deletes the rows of `table` whose ids `selectIds` picks, `batchSize` at a time (short
 * transactions, no long lock on a big table), until a batch comes back short. `selectIds` is
 * a `SELECT <key> FROM ...` over `params` ($1..$n); the batch size is bound as $n+1 for its LIMIT.
 * `key` is the column matched (`id`; `ctid` for a table keyed by several columns).
 * Returns how many rows went. `table` is one of ours, never user input.
 */
/** How old a row must be to go: `now` minus `retentionDays`. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export async function deleteInBatches(db: DataSource, table: string, selectIds: string, params: unknown[], batchSize: number, key: 'id' | 'ctid' = 'id'): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }[]>(
      `WITH gone AS (
         DELETE FROM ${table} WHERE ${key} IN (${selectIds} LIMIT $${params.length + 1}) RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      [...params, batchSize],
    );
    deleted += n;
    if (n < batchSize) return deleted;
  }
}

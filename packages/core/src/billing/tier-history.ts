import type { Queryable } from '../db/queryable.js';
import type { TierHistoryEntry } from './prorate.js';

/**
 * An account's tier changes strictly before `before`, oldest first: one plain statement (issue
 * 35: the query builder and entity hydration cost more than the read itself).
 */
export function loadTierHistory(db: Queryable, accountId: number, before: Date): Promise<TierHistoryEntry[]> {
  return db.query<TierHistoryEntry[]>(
    `SELECT tier, changed_at AS "changedAt" FROM tier_changes WHERE account_id = $1 AND changed_at < $2 ORDER BY changed_at, id`,
    [accountId, before],
  );
}

import type { DataSource, EntityManager } from 'typeorm';
import { TierChange } from '../db/entities/tier-change.entity.js';
import type { TierHistoryEntry } from './prorate.js';

/** An account's tier changes strictly before `before`, oldest first. */
export async function loadTierHistory(db: DataSource | EntityManager, accountId: number, before: Date): Promise<TierHistoryEntry[]> {
  const rows = await db
    .getRepository(TierChange)
    .createQueryBuilder('c')
    .where('c.account_id = :accountId AND c.changed_at < :before', { accountId, before })
    .orderBy('c.changed_at', 'ASC')
    .addOrderBy('c.id', 'ASC')
    .getMany();
  return rows.map((r) => ({ tier: r.tier, changedAt: r.changedAt }));
}

import type { DataSource } from 'typeorm';
import { TIERS, type TierTable } from '@vigil/core';
import { retentionCutoff } from './prune-checks.js';
import { deleteInBatches } from './delete-in-batches.js';

/** Entries of the accounts on tier $1 made before $2 (each account's range of audit_log_account_time_idx). */
const PRUNABLE_ENTRIES = `
  SELECT l.id FROM accounts a JOIN LATERAL (
    SELECT id FROM audit_log WHERE account_id = a.id AND created_at < $2
  ) l ON true
  WHERE a.tier = $1`;

/**
 * Deletes every account's audit entries older than its tier keeps them (auditLogRetentionDays),
 * in batches, tier by tier. Returns how many went per tier.
 */
export async function pruneAuditLog(db: DataSource, tiers: TierTable, now: Date, batchSize = 1_000): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const tier of TIERS) {
    deleted[tier] = await deleteInBatches(db, 'audit_log', PRUNABLE_ENTRIES, [tier, retentionCutoff(now, tiers[tier].auditLogRetentionDays)], batchSize);
  }
  return deleted;
}

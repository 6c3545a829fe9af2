import type { DataSource } from 'typeorm';
import { deleteInBatches } from './delete-in-batches.js';

/**
 * Delivery attempts created before $1, a whole delivery at a time: none of its attempts is
 * newer or still pending (a retry in flight reads its first attempt).
 */
const PRUNABLE_DELIVERIES = `
  SELECT a.id FROM alert_deliveries a
  WHERE a.created_at < $1
    AND NOT EXISTS (
      SELECT 1 FROM alert_deliveries o
      WHERE o.delivery_id = a.delivery_id AND (o.created_at >= $1 OR o.status = 'pending'))`;

/** Deletes delivery attempts older than `before`, in batches. Returns how many rows went. */
export function pruneAlertDeliveriesBefore(db: DataSource, before: Date, batchSize = 10_000): Promise<number> {
  return deleteInBatches(db, 'alert_deliveries', PRUNABLE_DELIVERIES, [before], batchSize);
}

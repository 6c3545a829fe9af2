import type { DataSource } from 'typeorm';
import { deleteInBatches } from './delete-in-batches.js';

/**
 * Header checks made before $1, except what a domain still shows or compares with: per domain
 * its latest check (by id, as `last_header_check_id` and the listing order) and its latest
 * completed one (the report the next grade change is explained against).
 */
const PRUNABLE_HEADER_CHECKS = `
  SELECT h.id FROM header_checks h
  WHERE h.checked_at < $1
    AND EXISTS (SELECT 1 FROM header_checks n WHERE n.domain_id = h.domain_id AND n.id > h.id)
    AND (h.status <> 'completed' OR EXISTS (
      SELECT 1 FROM header_checks n WHERE n.domain_id = h.domain_id AND n.id > h.id AND n.status = 'completed'))`;

/** Deletes header checks older than `before` that no domain still needs, in batches. Returns how many went. */
export function pruneHeaderChecksBefore(db: DataSource, before: Date, batchSize = 1_000): Promise<number> {
  return deleteInBatches(db, 'header_checks', PRUNABLE_HEADER_CHECKS, [before], batchSize);
}

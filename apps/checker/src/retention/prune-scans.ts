import type { DataSource } from 'typeorm';
import { deleteInBatches } from './delete-in-batches.js';

/**
 * Finished scans created before $1, except what a domain still shows: per domain its latest
 * scan, its latest completed scan, and its latest completed scan that saw a certificate (what
 * GET /domains/{id}/certificate reads). "Latest" is by id, as those reads order. A scan is
 * kept when it is one of those, i.e. deleted only when a newer scan of the domain replaces it
 * in each role it holds. Queued and running scans are never pruned.
 */
const PRUNABLE_SCANS = `
  SELECT s.id FROM scans s
  WHERE s.created_at < $1 AND s.status IN ('completed', 'failed')
    AND (s.domain_id IS NULL OR (
      EXISTS (SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id)
      AND (s.status <> 'completed' OR EXISTS (
        SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id AND n.status = 'completed'))
      AND (s.status <> 'completed' OR jsonb_typeof(s.report->'certificate') IS DISTINCT FROM 'object' OR EXISTS (
        SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id AND n.status = 'completed'
          AND jsonb_typeof(n.report->'certificate') = 'object'))
    ))`;

/** Deletes scans older than `before` that no domain view still needs, in batches. Returns how many went. */
export function pruneScansBefore(db: DataSource, before: Date, batchSize = 1_000): Promise<number> {
  return deleteInBatches(db, 'scans', PRUNABLE_SCANS, [before], batchSize);
}

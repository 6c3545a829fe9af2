import type { CheckDetails } from '../monitors/monitor-types.js';
import type { CheckResult, CheckTimings } from '../queue/job-payloads.js';

/** The columns of a stored check that every reader of checks needs (a round's answer). */
export interface CheckRow {
  /** bigint, as text. */
  id: string;
  monitor_id: number;
  job_key: string;
  region: string;
  checked_at: Date;
  status: CheckResult['status'];
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
}

/** A stored check with the additions of monitor types (what a redelivered job answers). */
export interface StoredCheckRow extends CheckRow {
  timings: CheckTimings | null;
  certificate_expires_at: Date | null;
  details: CheckDetails | null;
}

/** A check to insert: one row of the checks table, as the writer has it. */
export interface NewCheckRow {
  monitorId: number;
  jobKey: string;
  region: string;
  inMaintenance: boolean;
  result: CheckResult;
}

/** Which check a row is: the writer's key of a check (one per monitor, job key and region). */
export const checkKey = (monitorId: number, jobKey: string, region: string): string => `${monitorId}\u0000${jobKey}\u0000${region}`;

/** The check record of a stored row (the additions only where the row has them). */
export function checkResultOf(row: CheckRow & Partial<Pick<StoredCheckRow, 'timings' | 'certificate_expires_at' | 'details'>>): CheckResult {
  return {
    timestamp: row.checked_at.toISOString(),
    status: row.status,
    response_time_ms: row.response_time_ms,
    status_code: row.status_code,
    ...(row.error !== null ? { error: row.error } : {}),
    ...(row.timings ? { timings: row.timings } : {}),
    ...(row.certificate_expires_at ? { certificate_expires_at: row.certificate_expires_at.toISOString() } : {}),
    ...(row.details ? { details: row.details } : {}),
  };
}

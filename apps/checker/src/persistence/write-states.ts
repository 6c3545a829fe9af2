import { CHECK_TIMING_PHASES, type CheckResult, type MonitorStatus } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import type { RollupDelta } from './rollup-deltas.js';

/** A monitor's state after a batch: one UPDATE per monitor per batch, whatever its number of checks. */
export interface MonitorUpdate {
  id: number;
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  /** The newest check, when it is newer than the monitor's last one. */
  last: CheckResult | null;
}

/** monitor_rollups' timing columns, in the order of CHECK_TIMING_PHASES: each phase's sum, then its count. */
const TIMING_COLUMNS = CHECK_TIMING_PHASES.flatMap((p) => [`${p}_sum`, `${p}_count`]);

/**
 * One statement: the monitors' new state and last-check facts, the open incidents' affected-check
 * counts, and the batch's hourly rollup sums, one upsert per (monitor, hour) (data-modifying CTEs
 * on three tables; the rollup upsert takes its row locks in (monitor, hour) order, like the
 * monitor lock).
 */
export async function writeStates(em: EntityManager, updates: readonly MonitorUpdate[], affected: ReadonlyMap<number, number>, deltas: readonly RollupDelta[]): Promise<void> {
  await em.query(
    `WITH monitor_updates AS (
       UPDATE monitors m SET
          status = d.status,
          consecutive_failures = d.failures,
          consecutive_successes = d.successes,
          last_checked_at = CASE WHEN d.touch THEN d.at ELSE m.last_checked_at END,
          last_check_status = CASE WHEN d.touch THEN d.check_status ELSE m.last_check_status END,
          last_response_time_ms = CASE WHEN d.touch THEN d.response_time_ms ELSE m.last_response_time_ms END,
          last_status_code = CASE WHEN d.touch THEN d.status_code ELSE m.last_status_code END,
          last_timings = CASE WHEN d.touch THEN d.timings ELSE m.last_timings END
         FROM unnest($1::int[], $2::text[], $3::int[], $4::bool[], $5::timestamptz[], $6::text[], $7::int[], $8::int[], $9::int[], $${18 + TIMING_COLUMNS.length}::jsonb[])
           AS d(id, status, failures, touch, at, check_status, response_time_ms, status_code, successes, timings)
        WHERE m.id = d.id
        RETURNING 1
     ), incident_counts AS (
       UPDATE incidents i SET affected_checks = d.n FROM unnest($10::int[], $11::int[]) AS d(id, n) WHERE i.id = d.id RETURNING 1
     )
     INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count, ${TIMING_COLUMNS.join(', ')})
     SELECT * FROM unnest($12::int[], $13::timestamptz[], $14::int[], $15::int[], $16::bigint[], $17::int[], ${TIMING_COLUMNS.map((c, i) => `$${18 + i}::${c.endsWith('_sum') ? 'bigint' : 'int'}[]`).join(', ')})
     ON CONFLICT (monitor_id, hour) DO UPDATE SET
       ${['total', 'successful', 'response_time_sum', 'response_time_count', ...TIMING_COLUMNS].map((c) => `${c} = monitor_rollups.${c} + EXCLUDED.${c}`).join(',\n       ')}`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.status),
      updates.map((u) => u.consecutiveFailures),
      updates.map((u) => u.last !== null),
      updates.map((u) => u.last?.timestamp ?? null),
      updates.map((u) => u.last?.status ?? null),
      updates.map((u) => u.last?.response_time_ms ?? null),
      updates.map((u) => u.last?.status_code ?? null),
      updates.map((u) => u.consecutiveSuccesses),
      [...affected.keys()],
      [...affected.values()],
      deltas.map((d) => d.monitorId),
      deltas.map((d) => d.hour),
      deltas.map((d) => d.total),
      deltas.map((d) => d.successful),
      deltas.map((d) => d.responseTimeSum),
      deltas.map((d) => d.responseTimeCount),
      ...CHECK_TIMING_PHASES.flatMap((p) => [deltas.map((d) => d.timings[p].sum), deltas.map((d) => d.timings[p].count)]),
      // The last check's timing phases, for the metrics export (monitors.last_timings).
      updates.map((u) => (u.last?.timings ? JSON.stringify(u.last.timings) : null)),
    ],
  );
}

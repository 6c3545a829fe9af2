import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { checkInsertParams, checkInsertSql, type CheckWindow } from '../checks/check-store.js';
import type { NewCheckRow } from '../checks/check-rows.js';
import { numberArrayLiteral, textArrayLiteral } from '../db/array-literals.js';
import {
  STATE_PARAMS_END,
  STORE_HOURS,
  stateWriteCtes,
  stateWriteParams,
  type MonitorStateUpdate,
  type RoutedRollup,
  type WriterMonitorRow,
} from './monitor-state-store.js';

/**
 * The check writer's unlocked batch (issue 35): a batch of checks that moves no incident is
 * written in one statement, without locking its monitors first. The monitors are read without a
 * lock, each with its row version (xmin); the statement inserts the checks (skipping any already
 * recorded, as insertChecks does) and updates each monitor only if its row is still the version
 * read. If a check turned out recorded already, or a monitor's row changed since it was read (a
 * concurrent batch, a pause, an edit), the statement raises (vigil_assert_batch) and nothing of
 * it stays: the caller writes the batch the locked way. Two deliveries of one job in concurrent
 * batches both pass the NOT EXISTS, but the second's update of the monitor waits for the first's
 * and then finds a new version: it raises, and its locked retry finds the check recorded.
 */

/**
 * A monitor as the unlocked batch reads it: what its state machine and admission need of the
 * writer's row (no alert facts: a batch that alerts goes the locked way), how many regions it
 * has, its row version and whether an incident is open.
 */
export interface UnlockedMonitorRow
  extends Pick<
    WriterMonitorRow,
    | 'id'
    | 'account_id'
    | 'status'
    | 'consecutive_failures'
    | 'consecutive_successes'
    | 'alert_threshold'
    | 'recovery_threshold'
    | 'degraded_threshold_ms'
    | 'is_active'
    | 'last_checked_at'
    | 'rollup_hour'
  > {
  region_count: number;
  /** xmin, as text: changes with every update of the row. */
  version: string;
  open_incident: boolean;
  /** Its account has maintenance windows (else none can cover its checks: no windows to read). */
  maintained: boolean;
}

/** Reads monitors without a lock (id order), with their row versions, whether each has an open incident and whether its account has maintenance windows. */
export async function readUnlockedMonitors(em: EntityManager, monitorIds: readonly number[]): Promise<Map<number, UnlockedMonitorRow>> {
  if (!monitorIds.length) return new Map();
  const ids = [...new Set(monitorIds)].sort((a, b) => a - b);
  const rows = await em.query<UnlockedMonitorRow[]>(
    `SELECT m.id, m.account_id, m.status, m.consecutive_failures, m.consecutive_successes, m.alert_threshold, m.recovery_threshold,
            m.degraded_threshold_ms, m.is_active, m.last_checked_at, m.rollup_hour, cardinality(m.regions) AS region_count, m.xmin::text AS version,
            EXISTS (SELECT 1 FROM incidents i WHERE i.monitor_id = m.id AND i.status = 'open') AS open_incident,
            EXISTS (SELECT 1 FROM maintenance_windows w WHERE w.account_id = m.account_id) AS maintained
       FROM monitors m WHERE m.id = ANY($1::int[]) ORDER BY m.id`,
    [numberArrayLiteral(ids)],
  );
  return new Map(rows.map((m) => [m.id, m]));
}

/** A monitor's new state, for the row version it was computed from. */
export interface VersionedStateUpdate extends MonitorStateUpdate {
  version: string;
}

const VERSIONS_AT = STATE_PARAMS_END;
const CHECKS_AT = VERSIONS_AT + 1;
const COUNTS_AT = CHECKS_AT + 14;

/** Built once: the statement only depends on the columns. */
const WRITE_UNLOCKED = `WITH inserted AS (
       ${checkInsertSql(CHECKS_AT)}
       RETURNING 1
     ), ${stateWriteCtes(VERSIONS_AT)}, stored AS (
     ${STORE_HOURS}
     )
     SELECT vigil_assert_batch((SELECT count(*) FROM inserted) = $${COUNTS_AT} AND (SELECT count(*) FROM monitor_updates) = $${COUNTS_AT + 1}) AS ok`;

/**
 * What makes the caller take the locked way: vigil_assert_batch's SQLSTATE, and a deadlock (the
 * update takes its rows' locks in the order of its join, mostly monitor id order but not always:
 * two unlocked batches of the same monitors could meet the other way round; the locked way takes
 * them in id order first).
 */
const BATCH_RACED = new Set(['VW001', '40P01', '23505']);

/**
 * Writes an unlocked batch (see above): every check inserted and every monitor updated at the
 * version read, or nothing. Returns false when it raced another write (nothing written). Updates
 * in monitor id order, deltas in (monitor, hour) order: the order the locked writer takes.
 */
export async function writeUnlockedBatch(
  em: EntityManager,
  checks: readonly NewCheckRow[],
  window: CheckWindow,
  updates: readonly VersionedStateUpdate[],
  deltas: readonly RoutedRollup[],
): Promise<boolean> {
  try {
    await em.query(WRITE_UNLOCKED, [
      ...stateWriteParams(updates, new Map(), deltas),
      textArrayLiteral(updates.map((u) => u.version)),
      ...checkInsertParams(checks, window),
      checks.length,
      updates.length,
    ]);
    return true;
  } catch (e) {
    if (e instanceof QueryFailedError && 'code' in e.driverError && typeof e.driverError.code === 'string' && BATCH_RACED.has(e.driverError.code)) return false;
    throw e;
  }
}

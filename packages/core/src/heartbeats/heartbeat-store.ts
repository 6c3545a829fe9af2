import type { EntityManager } from 'typeorm';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import type { Tier } from '../tiers/tiers.js';
import { WRITER_MONITOR_COLUMNS, type WriterMonitorRow } from '../monitors/monitor-state-store.js';
import type { HeartbeatConfig } from '../monitors/types/heartbeat/heartbeat-config.js';
import type { HeartbeatState } from './heartbeat-judge.js';
import { HEARTBEAT_COLUMNS, type HeartbeatRow } from './heartbeat-row.js';

/**
 * The store of heartbeat monitors (issue 30): every statement on heartbeat_monitors, with its row
 * types. The API creates, reschedules and rotates rows; the checker locks, judges and saves them;
 * pings find their monitor by token hash. Locks follow every writer's order: the monitor row
 * first (lockHeartbeatMonitor), then its heartbeat row (lockHeartbeatRow).
 */

/** A new monitor's heartbeat row: its token (hashed, and sealed for showing the URL again) and its first deadline. */
export interface NewHeartbeatRow {
  monitorId: number;
  tokenHash: string;
  tokenSealed: string;
  anchorAt: Date;
  deadlineAt: Date | null;
}

export async function insertHeartbeatRow(em: EntityManager, row: NewHeartbeatRow): Promise<void> {
  await em.query(`INSERT INTO heartbeat_monitors (monitor_id, token_hash, token_sealed, anchor_at, deadline_at) VALUES ($1, $2, $3, $4, $5)`, [
    row.monitorId,
    row.tokenHash,
    row.tokenSealed,
    row.anchorAt,
    row.deadlineAt,
  ]);
}

/** The monitor's heartbeat row, locked for the caller's transaction (null when it has none). */
export async function lockHeartbeatRow(em: EntityManager, monitorId: number): Promise<HeartbeatRow | null> {
  return (await lockHeartbeatRows(em, [monitorId]))[0] ?? null;
}

/** The row with the sealed token, for a view that shows the ping URL (null when it has none). */
export async function readHeartbeatRowWithToken(em: EntityManager, monitorId: number): Promise<(HeartbeatRow & { token_sealed: string }) | null> {
  const rows = await em.query<(HeartbeatRow & { token_sealed: string })[]>(`SELECT ${HEARTBEAT_COLUMNS}, token_sealed FROM heartbeat_monitors WHERE monitor_id = $1`, [monitorId]);
  return rows[0] ?? null;
}

export async function setHeartbeatDeadline(em: EntityManager, monitorId: number, deadlineAt: Date | null): Promise<void> {
  await em.query(`UPDATE heartbeat_monitors SET deadline_at = $2 WHERE monitor_id = $1`, [monitorId, deadlineAt]);
}

/** lockHeartbeatRow of many monitors, locked in monitor id order (the order of every batch writer). */
export async function lockHeartbeatRows(em: EntityManager, monitorIds: readonly number[]): Promise<HeartbeatRow[]> {
  return em.query<HeartbeatRow[]>(`SELECT ${HEARTBEAT_COLUMNS} FROM heartbeat_monitors WHERE monitor_id = ANY($1::int[]) ORDER BY monitor_id FOR UPDATE`, [[...monitorIds]]);
}

/** Saves a judged state and the deadline it leads to. */
export async function saveHeartbeatState(em: EntityManager, monitorId: number, state: HeartbeatState, deadlineAt: Date | null): Promise<void> {
  await saveHeartbeatStates(em, [{ monitorId, state, deadlineAt }]);
}

/** saveHeartbeatState of many monitors in one statement. */
export async function saveHeartbeatStates(em: EntityManager, saves: readonly { monitorId: number; state: HeartbeatState; deadlineAt: Date | null }[]): Promise<void> {
  if (!saves.length) return;
  const column = (f: (s: (typeof saves)[number]) => Date | null) => saves.map(f);
  await em.query(
    `UPDATE heartbeat_monitors h SET anchor_at = v.anchor_at, last_start_at = v.last_start_at, last_success_at = v.last_success_at, last_failure_at = v.last_failure_at,
            late_through_at = v.late_through_at, slow_start_at = v.slow_start_at, deadline_at = v.deadline_at
       FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])
            AS v(monitor_id, anchor_at, last_start_at, last_success_at, last_failure_at, late_through_at, slow_start_at, deadline_at)
      WHERE h.monitor_id = v.monitor_id`,
    [
      saves.map((s) => s.monitorId),
      column((s) => s.state.anchorAt),
      column((s) => s.state.lastStartAt),
      column((s) => s.state.lastSuccessAt),
      column((s) => s.state.lastFailureAt),
      column((s) => s.state.lateThroughAt),
      column((s) => s.state.slowStartAt),
      column((s) => s.deadlineAt),
    ],
  );
}

/**
 * The statement that replaces the token of the account's monitor, to send with its audit entry
 * (writeAudited's write): no row when the monitor has no heartbeat row (not a heartbeat
 * monitor) or is not the account's (the owner check in the statement, issue 35).
 */
export function heartbeatTokenReplacement(monitorId: number, accountId: number, tokenHash: string, tokenSealed: string): Statement {
  return {
    sql: `UPDATE heartbeat_monitors h SET token_hash = $3, token_sealed = $4 FROM monitors m WHERE h.monitor_id = $1 AND m.id = h.monitor_id AND m.account_id = $2 RETURNING h.monitor_id`,
    params: [monitorId, accountId, tokenHash, tokenSealed],
  };
}

/** The monitor each ping token (by its hash) belongs to, in one statement; a hash no token has is left out. */
export async function monitorIdsOfPingTokens(em: Queryable, tokenHashes: readonly string[]): Promise<Map<string, number>> {
  const rows = await em.query<{ token_hash: string; monitor_id: number }[]>(`SELECT token_hash, monitor_id FROM heartbeat_monitors WHERE token_hash = ANY($1::text[])`, [
    [...tokenHashes],
  ]);
  return new Map(rows.map((r) => [r.token_hash, r.monitor_id]));
}

/**
 * What the checker judges a heartbeat monitor by, read with the monitor row locked: with the
 * columns the check writer records by (WriterMonitorRow), so recordChecksIn does not read and
 * lock the row a second time.
 */
export interface HeartbeatMonitorRow extends WriterMonitorRow {
  type: string;
  config: Partial<HeartbeatConfig> | null;
  resumed_at: Date | null;
  account_active: boolean;
  tier: Tier;
}

/** The monitor row (locked, the first lock of every writer) and its account's standing. */
export async function lockHeartbeatMonitor(em: EntityManager, monitorId: number): Promise<HeartbeatMonitorRow | null> {
  return (await lockHeartbeatMonitors(em, [monitorId]))[0] ?? null;
}

/**
 * lockHeartbeatMonitor of many monitors, locked in id order (the order of every batch writer),
 * NO KEY UPDATE as the check writer locks them (lockWriterMonitors): it serialises every writer
 * of the monitor and leaves a check's foreign-key share lock free.
 */
export async function lockHeartbeatMonitors(em: EntityManager, monitorIds: readonly number[]): Promise<HeartbeatMonitorRow[]> {
  return em.query<HeartbeatMonitorRow[]>(
    `SELECT ${WRITER_MONITOR_COLUMNS}, m.type, m.config, m.resumed_at, a.is_active AS account_active, a.tier
       FROM monitors m JOIN accounts a ON a.id = m.account_id WHERE m.id = ANY($1::int[]) ORDER BY m.id FOR NO KEY UPDATE OF m`,
    [[...monitorIds]],
  );
}

/** Live monitors whose deadline passed (oldest first), for a sweep; a paused one waits for its resume. */
export async function dueHeartbeatMonitorIds(em: EntityManager, tiers: readonly Tier[], now: Date, limit: number): Promise<number[]> {
  const rows = await em.query<{ monitor_id: number }[]>(
    `SELECT h.monitor_id FROM heartbeat_monitors h
       JOIN monitors m ON m.id = h.monitor_id JOIN accounts a ON a.id = m.account_id
      WHERE h.deadline_at <= $1 AND m.is_active AND m.status <> 'paused' AND a.is_active AND a.tier = ANY($3::text[])
      ORDER BY h.deadline_at LIMIT $2`,
    [now, limit, tiers],
  );
  return rows.map((r) => r.monitor_id);
}

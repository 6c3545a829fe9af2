import {
  dueHeartbeatMonitorIds,
  heartbeatRules,
  heartbeatState,
  lockHeartbeatMonitor,
  lockHeartbeatRow,
  nextHeartbeatDeadline,
  saveHeartbeatState,
  scheduleConfigOf,
  sweepHeartbeat,
  type AlertEventPayload,
  type HeartbeatRules,
  type HeartbeatMonitorRow,
  type HeartbeatRow,
  type HeartbeatState,
  type HeartbeatVerdict,
  type Tier,
} from '@vigil/core';
import type { DataSource, EntityManager } from 'typeorm';
import { loadMaintenance } from '../persistence/load-maintenance.js';
import { recordChecksIn, type CheckRecord } from '../persistence/record-checks.js';

/**
 * Heartbeat monitors through the same path as probed checks: a ping's verdict and a missed
 * deadline are checks recorded by recordChecksIn (state machine, incidents, rollups, alert
 * events in the outbox), in the transaction that moves the monitor's heartbeat state, so the
 * two cannot disagree. Locks: the monitor row, then its heartbeat row (the order of every
 * writer), so pings, sweeps and API updates of one monitor take turns and a second sweep (any
 * process) sees what the first recorded.
 */

export interface LockedHeartbeat {
  /** The locked monitor row, with the columns the check writer records by (recordChecksIn). */
  monitor: HeartbeatMonitorRow;
  row: HeartbeatRow;
  rules: HeartbeatRules;
  state: HeartbeatState;
  /** Active, not paused, of an active account on a plan with uptime monitoring. */
  live: boolean;
}

async function lockHeartbeat(em: EntityManager, monitorId: number, tiers: readonly Tier[]): Promise<LockedHeartbeat | null> {
  const m = await lockHeartbeatMonitor(em, monitorId);
  if (!m || m.type !== 'heartbeat' || !m.config) return null;
  return lockedHeartbeatOf(m, await lockHeartbeatRow(em, monitorId), tiers);
}

/** What a heartbeat is judged by, from its locked monitor row and heartbeat row (null: not a heartbeat monitor, or gone). */
export function lockedHeartbeatOf(m: HeartbeatMonitorRow | undefined, row: HeartbeatRow | null | undefined, tiers: readonly Tier[]): LockedHeartbeat | null {
  if (!m || m.type !== 'heartbeat' || !m.config || !row) return null;
  const live = m.is_active && m.status !== 'paused' && m.account_active && tiers.includes(m.tier);
  return { monitor: m, row, rules: heartbeatRules(scheduleConfigOf(m.config)), state: heartbeatState(row, m.resumed_at), live };
}

async function saveState(em: EntityManager, monitorId: number, rules: HeartbeatRules, state: HeartbeatState): Promise<void> {
  await saveHeartbeatState(em, monitorId, state, nextHeartbeatDeadline(rules, state));
}

export function checkRecord(monitorId: number, jobKey: string, v: HeartbeatVerdict): CheckRecord {
  return {
    monitorId,
    jobKey,
    manual: false,
    // No request is made: no response time (a run's duration is not a response time and must
    // not make the monitor "degraded"), no status code.
    result: { timestamp: v.at.toISOString(), status: v.status, response_time_ms: null, status_code: null, ...(v.error ? { error: v.error } : {}) },
  };
}

export interface RecordedHeartbeat {
  /** The ping changed the monitor's state (false: duplicate delivery, paused, deleted). */
  recorded: boolean;
  /** Alert events written to the outbox. */
  alerts: AlertEventPayload[];
}

/** Records what a sweep at `now` finds for one monitor (missed deadlines, a too-slow run). */
export async function sweepMonitor(db: DataSource, tiers: readonly Tier[], monitorId: number, now: Date, maxLate: number): Promise<RecordedHeartbeat & { checks: number }> {
  const maintenance = await loadMaintenance(db, [monitorId], [now]);
  return db.transaction(async (em) => {
    const locked = await lockHeartbeat(em, monitorId, tiers);
    // Paused, deleted or deactivated since it was found due: nothing to record (a resume moves the anchor).
    if (!locked || !locked.live) return { recorded: false, alerts: [], checks: 0 };
    const swept = sweepHeartbeat(locked.rules, locked.state, now, maxLate);
    let alerts: AlertEventPayload[] = [];
    let checks = 0;
    if (swept.verdicts.length) {
      const batch = await recordChecksIn(
        em,
        swept.verdicts.map((v) => checkRecord(monitorId, v.key, v)),
        maintenance,
        new Map([[monitorId, locked.monitor]]),
      );
      alerts = batch.alerts;
      checks = batch.outcomes.filter((o) => o.kind === 'recorded').length;
    }
    await saveState(em, monitorId, locked.rules, swept.state);
    return { recorded: checks > 0, alerts, checks };
  });
}

/** Live monitors whose deadline passed (oldest first), for a sweep; a paused one waits for its resume. */
export async function dueHeartbeats(db: DataSource, tiers: readonly Tier[], now: Date, limit: number): Promise<number[]> {
  return dueHeartbeatMonitorIds(db.manager, tiers, now, limit);
}

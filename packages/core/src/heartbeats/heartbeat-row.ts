import type { HeartbeatConfig } from '../monitors/types/heartbeat/heartbeat-config.js';
import type { HeartbeatRules, HeartbeatState } from './heartbeat-judge.js';

/** The most of a failure ping's body kept with its check (longer bodies are cut, marked as such). */
export const HEARTBEAT_BODY_MAX_BYTES = 10_000;

/** A row of heartbeat_monitors as PostgreSQL returns it (see migration 1765300000000). */
export interface HeartbeatRow {
  monitor_id: number;
  anchor_at: Date;
  last_start_at: Date | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  late_through_at: Date | null;
  slow_start_at: Date | null;
  deadline_at: Date | null;
}

/** Every column of HeartbeatRow, for SELECTs (the token's hash and sealed form are read only where needed). */
export const HEARTBEAT_COLUMNS = 'monitor_id, anchor_at, last_start_at, last_success_at, last_failure_at, late_through_at, slow_start_at, deadline_at';

/** A stored config with every optional field made explicit (configs stored before a field existed lack it). */
export function scheduleConfigOf(raw: Partial<HeartbeatConfig>): HeartbeatConfig {
  return {
    period: raw.period ?? null,
    cron: raw.cron ?? null,
    timezone: raw.timezone ?? null,
    grace: raw.grace ?? 0,
    min_duration: raw.min_duration ?? null,
    max_duration: raw.max_duration ?? null,
  };
}

export function heartbeatRules(config: HeartbeatConfig): HeartbeatRules {
  const schedule: HeartbeatRules['schedule'] =
    config.cron !== null
      ? { kind: 'cron', cron: config.cron, timeZone: config.timezone ?? 'UTC', graceSeconds: config.grace }
      : { kind: 'period', periodSeconds: config.period ?? 0, graceSeconds: config.grace };
  return { schedule, minDurationSeconds: config.min_duration, maxDurationSeconds: config.max_duration };
}

/**
 * The judged state of a row. A resume after the anchor restarts the schedule from the resume
 * (pings before it and deadlines missed while paused no longer count).
 */
export function heartbeatState(row: HeartbeatRow, resumedAt: Date | null): HeartbeatState {
  const anchorAt = resumedAt && resumedAt.getTime() > row.anchor_at.getTime() ? resumedAt : row.anchor_at;
  return {
    anchorAt,
    lastStartAt: row.last_start_at,
    lastSuccessAt: row.last_success_at,
    lastFailureAt: row.last_failure_at,
    lateThroughAt: row.late_through_at,
    slowStartAt: row.slow_start_at,
  };
}

/**
 * A failure ping's body as kept: decoded as UTF-8 (invalid sequences replaced), at most
 * HEARTBEAT_BODY_MAX_BYTES bytes of it, NUL characters dropped (PostgreSQL text refuses them),
 * with a marker when it was cut; null when empty.
 */
export function keptPingBody(raw: Buffer, truncated: boolean): string | null {
  const cut = raw.length > HEARTBEAT_BODY_MAX_BYTES;
  // Cutting at a byte boundary may split a character: the decoder replaces the broken tail.
  let text = raw.subarray(0, HEARTBEAT_BODY_MAX_BYTES).toString('utf8').replaceAll('\u0000', '');
  if (cut || truncated) text += '\n[truncated]';
  return text.length ? text : null;
}

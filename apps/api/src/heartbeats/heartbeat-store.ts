import {
  createSecretBox,
  generatePingToken,
  hashPingToken,
  insertHeartbeatRow,
  lockHeartbeatRow,
  readHeartbeatRowWithToken,
  setHeartbeatDeadline,
  heartbeatRules,
  heartbeatState,
  lastReportAt,
  lateDeadline,
  newHeartbeatState,
  nextDue,
  nextHeartbeatDeadline,
  scheduleConfigOf,
  type Context,
  type HeartbeatConfig,
  type Monitor,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { iso } from '../http/iso.js';
import { pingUrl } from './ping-tokens.js';
import type { HeartbeatFieldsView } from '../monitors/monitor.schema.js';

/**
 * The heartbeat side of a heartbeat monitor's lifecycle in the API: its row (token, ping
 * history) created with the monitor, its next deadline recomputed when its config changes, and
 * what its views add (ping_url and where the schedule stands).
 */

type HeartbeatMonitor = Pick<Monitor, 'id' | 'type' | 'config' | 'resumedAt'>;

const rulesOf = (m: HeartbeatMonitor) => heartbeatRules(scheduleConfigOf((m.config ?? {}) as Partial<HeartbeatConfig>));

/** In the monitor's create transaction: its ping token (hashed and sealed) and its schedule from `now`. */
export async function createHeartbeat(ctx: Context, em: EntityManager, m: HeartbeatMonitor, now: Date): Promise<void> {
  if (m.type !== 'heartbeat') return;
  const token = generatePingToken();
  const deadline = nextHeartbeatDeadline(rulesOf(m), newHeartbeatState(now));
  await insertHeartbeatRow(em, { monitorId: m.id, tokenHash: hashPingToken(token), tokenSealed: createSecretBox(ctx.config.secretKey).seal(token), anchorAt: now, deadlineAt: deadline });
}

/** In the monitor's update transaction (its row locked): the deadline under the new config. */
export async function rescheduleHeartbeat(em: EntityManager, m: HeartbeatMonitor): Promise<void> {
  if (m.type !== 'heartbeat') return;
  const row = await lockHeartbeatRow(em, m.id);
  if (!row) return;
  await setHeartbeatDeadline(em, m.id, nextHeartbeatDeadline(rulesOf(m), heartbeatState(row, m.resumedAt)));
}

/** What a heartbeat monitor's create, detail and update answers add: its ping URL and its schedule's standing. */
export async function heartbeatFields(ctx: Context, db: EntityManager, m: HeartbeatMonitor): Promise<HeartbeatFieldsView> {
  if (m.type !== 'heartbeat') return {};
  const row = await readHeartbeatRowWithToken(db, m.id);
  if (!row) return {};
  const rules = rulesOf(m);
  const state = heartbeatState(row, m.resumedAt);
  return {
    ping_url: pingUrl(ctx, createSecretBox(ctx.config.secretKey).open(row.token_sealed)),
    heartbeat: {
      last_ping_at: iso(lastReportAt(state)),
      last_start_at: iso(state.lastStartAt),
      last_success_at: iso(state.lastSuccessAt),
      last_failure_at: iso(state.lastFailureAt),
      next_due_at: iso(nextDue(rules, state)),
      deadline_at: iso(lateDeadline(rules, state)),
    },
  };
}

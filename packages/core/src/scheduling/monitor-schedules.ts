import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { isPushMonitorType, PUSH_MONITOR_TYPES, type MonitorType } from '../monitors/monitor-types.js';
import { TIERS, type Tier, type TierTable } from '../tiers/tiers.js';
import {
  SCHEDULED_JOB_OPTIONS,
  idOfScheduler,
  removeSchedule,
  scheduleOffsetMs,
  schedulerId,
  syncSchedule,
  upsertSchedule,
  type ScheduleKind,
  type WantedSchedule,
} from './periodic-schedules.js';

/**
 * Periodic monitor checks (periodic-schedules.ts): scheduler `monitor-<id>` on the checks queue,
 * `every` = check_interval, payload `{monitorId}`, runs `repeat:monitor-<id>:<due ms>` (the
 * checker dedupes on that job id, so each due check is recorded once).
 */
export const MONITOR_SCHEDULE: ScheduleKind<JobName.MonitorCheck> = {
  name: 'monitor',
  job: JobName.MonitorCheck,
  payload: (monitorId) => ({ monitorId }),
  jobOptions: SCHEDULED_JOB_OPTIONS,
};

/** Template options of every scheduled check job (and of one-off checks). */
export const SCHEDULED_CHECK_JOB_OPTIONS = SCHEDULED_JOB_OPTIONS;

/** What decides whether (and how often) a monitor is checked. */
export interface MonitorScheduleFacts {
  id: number;
  type: MonitorType;
  checkInterval: number;
  isActive: boolean;
  status: string;
}

export function monitorSchedulerId(monitorId: number): string {
  return schedulerId(MONITOR_SCHEDULE, monitorId);
}

/** The monitor id of a scheduler id of ours, or null for any other scheduler. */
export function monitorIdOfScheduler(scheduler: string): number | null {
  return idOfScheduler(MONITOR_SCHEDULE, scheduler);
}

/** The monitor's phase within its interval (seconds), in ms. */
export function monitorScheduleOffsetMs(monitorId: number, checkIntervalSec: number): number {
  return scheduleOffsetMs(monitorId, checkIntervalSec * 1000);
}

/**
 * The plans whose monitors are checked (uptime monitoring on the plan). Monitors of other plans
 * (an account downgraded to free) and of deactivated accounts are neither scheduled nor checked:
 * their owner cannot even reach them through the API (403), so they must not alert either.
 */
export function monitoredTiers(tiers: TierTable): Tier[] {
  return TIERS.filter((t) => tiers[t].uptimeMonitoring);
}

/** Active, not paused and not a push type (nothing to probe): the only monitors that are checked periodically. */
export function shouldBeScheduled(m: Pick<MonitorScheduleFacts, 'type' | 'isActive' | 'status'>): boolean {
  return m.isActive && m.status !== 'paused' && !isPushMonitorType(m.type);
}

const wantedOf = (m: { id: number; checkInterval: number }): WantedSchedule => ({ id: m.id, everyMs: m.checkInterval * 1000 });

/** Creates or re-times the monitor's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertMonitorSchedule(queues: Queues, m: { id: number; checkInterval: number }): Promise<void> {
  await upsertSchedule(queues, MONITOR_SCHEDULE, wantedOf(m));
}

/** Removes the monitor's scheduler and its next (delayed) run; a no-op when there is none. */
export async function removeMonitorSchedule(queues: Queues, monitorId: number): Promise<void> {
  await removeSchedule(queues, MONITOR_SCHEDULE, monitorId);
}

/** Makes the monitor's scheduler match its row: scheduled when active and not paused, else none. */
export function syncMonitorSchedule(queues: Queues, m: MonitorScheduleFacts): Promise<'scheduled' | 'unscheduled'> {
  return syncSchedule(queues, MONITOR_SCHEDULE, wantedOf(m), shouldBeScheduled(m));
}

/**
 * Monitors checked periodically: active, not paused, not of a push type, of an active account on a plan with
 * uptime monitoring, at their current interval.
 */
export async function wantedMonitorSchedules(db: EntityManager | DataSource, tiers: TierTable): Promise<WantedSchedule[]> {
  const rows = (await db.query(
    `SELECT m.id, m.check_interval FROM monitors m JOIN accounts a ON a.id = m.account_id
      WHERE m.is_active AND m.status <> 'paused' AND m.type <> ALL($2::text[]) AND a.is_active AND a.tier = ANY($1::text[])`,
    [monitoredTiers(tiers), PUSH_MONITOR_TYPES],
  )) as { id: number; check_interval: number }[];
  return rows.map((r) => wantedOf({ id: r.id, checkInterval: r.check_interval }));
}

/**
 * A unique job id for a one-off check (first check after create, check on resume, manual check).
 * Random, not BullMQ's counter: the counter starts again when Redis loses its data, and the
 * checker dedupes on job id.
 */
export function oneOffCheckJobId(monitorId: number, reason: 'created' | 'resumed' | 'manual', nowMs = Date.now()): string {
  return `check-${monitorId}-${reason}-${nowMs}-${randomBytes(4).toString('hex')}`;
}

/** Queues one check of the monitor now (first check after create, check on resume). */
export async function enqueueImmediateCheck(queues: Queues, monitorId: number, reason: 'created' | 'resumed'): Promise<string> {
  const job = await queues.add(
    JobName.MonitorCheck,
    { monitorId },
    { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: oneOffCheckJobId(monitorId, reason) },
  );
  return String(job.id);
}

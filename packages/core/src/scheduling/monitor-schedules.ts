import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import type { JobPayloads } from '../queue/job-payloads.js';
import { DEFAULT_REGION, checkQueueOf } from '../regions/region-names.js';
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
  /** The regions that check it; absent: the default region. */
  regions?: readonly string[];
}

/**
 * A monitor's schedulers in one region: the same scheduler id, period and phase in every region,
 * so the runs of one due time share their job id `repeat:monitor-<id>:<due ms>` (the round's
 * key) across regions. The default region's is MONITOR_SCHEDULE itself.
 */
export function monitorScheduleOf(region: string): ScheduleKind<JobName.MonitorCheck> {
  return region === DEFAULT_REGION ? MONITOR_SCHEDULE : { ...MONITOR_SCHEDULE, queue: checkQueueOf(region) };
}

const regionsOf = (m: { regions?: readonly string[] }): readonly string[] => m.regions ?? [DEFAULT_REGION];

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

/** Creates or re-times the monitor's schedulers, one per region (idempotent; an unchanged one keeps its next run). */
export async function upsertMonitorSchedule(queues: Queues, m: { id: number; checkInterval: number; regions?: readonly string[] }): Promise<void> {
  for (const region of regionsOf(m)) await upsertSchedule(queues, monitorScheduleOf(region), wantedOf(m));
}

/** Removes the monitor's schedulers in `regions` and their next (delayed) runs; a no-op where there is none. */
export async function removeMonitorSchedule(queues: Queues, monitorId: number, regions: readonly string[] = [DEFAULT_REGION]): Promise<void> {
  for (const region of regions) await removeSchedule(queues, monitorScheduleOf(region), monitorId);
}

/**
 * Makes the monitor's schedulers match its row: one in each of its regions when active and not
 * paused, none otherwise, and none in any other of `allRegions` (a region it left).
 */
export async function syncMonitorSchedule(
  queues: Queues,
  m: MonitorScheduleFacts,
  allRegions: readonly string[] = [DEFAULT_REGION],
): Promise<'scheduled' | 'unscheduled'> {
  const own = regionsOf(m);
  const scheduled = shouldBeScheduled(m);
  for (const region of own) await syncSchedule(queues, monitorScheduleOf(region), wantedOf(m), scheduled);
  for (const region of allRegions.filter((r) => !own.includes(r))) await removeSchedule(queues, monitorScheduleOf(region), m.id);
  return scheduled ? 'scheduled' : 'unscheduled';
}

/**
 * Monitors checked periodically: active, not paused, not of a push type, of an active account on a plan with
 * uptime monitoring, at their current interval.
 */
export async function wantedMonitorSchedules(db: EntityManager | DataSource, tiers: TierTable, region: string = DEFAULT_REGION): Promise<WantedSchedule[]> {
  const rows = (await db.query(
    `SELECT m.id, m.check_interval FROM monitors m JOIN accounts a ON a.id = m.account_id
      WHERE m.is_active AND m.status <> 'paused' AND m.type <> ALL($2::text[]) AND a.is_active AND a.tier = ANY($1::text[])
        AND $3 = ANY(m.regions)`,
    [monitoredTiers(tiers), PUSH_MONITOR_TYPES, region],
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

/**
 * Queues one check of the monitor now in each of its regions (first check after create, check
 * on resume), under one job id: one round.
 */
export async function enqueueImmediateCheck(
  queues: Queues,
  monitorId: number,
  reason: 'created' | 'resumed',
  regions: readonly string[] = [DEFAULT_REGION],
): Promise<string> {
  const jobId = oneOffCheckJobId(monitorId, reason);
  for (const region of regions) {
    await queues.checkQueue(region).add(JobName.MonitorCheck, { monitorId } satisfies JobPayloads[JobName.MonitorCheck], { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId });
  }
  return jobId;
}

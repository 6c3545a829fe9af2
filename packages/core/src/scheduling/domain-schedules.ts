import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import type { MonitoringFrequency } from '../tiers/tiers.js';
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
 * Periodic domain rescans (periodic-schedules.ts): scheduler `domain-<id>` on the scans queue,
 * `every` = the monitoring_frequency, payload `{domainId}`; each run is a DomainScan job
 * `repeat:domain-<id>:<due ms>` whose handler creates the scan row.
 */
export const DOMAIN_SCHEDULE: ScheduleKind<JobName.DomainScan> = {
  name: 'domain',
  job: JobName.DomainScan,
  payload: (domainId) => ({ domainId }),
  jobOptions: SCHEDULED_JOB_OPTIONS,
};

export const FREQUENCY_MS: Record<MonitoringFrequency, number> = {
  '5min': 5 * 60_000,
  '15min': 15 * 60_000,
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

/** What decides whether (and how often) a domain is rescanned. */
export interface DomainScheduleFacts {
  id: number;
  monitoringFrequency: MonitoringFrequency;
  isActive: boolean;
}

export function domainSchedulerId(domainId: number): string {
  return schedulerId(DOMAIN_SCHEDULE, domainId);
}

/** The domain id of a scheduler id of ours, or null for any other scheduler. */
export function domainIdOfScheduler(scheduler: string): number | null {
  return idOfScheduler(DOMAIN_SCHEDULE, scheduler);
}

/** The domain's phase within its period, in ms. */
export function domainScheduleOffsetMs(domainId: number, frequency: MonitoringFrequency): number {
  return scheduleOffsetMs(domainId, FREQUENCY_MS[frequency]);
}

const wantedOf = (d: { id: number; monitoringFrequency: MonitoringFrequency }): WantedSchedule => ({
  id: d.id,
  everyMs: FREQUENCY_MS[d.monitoringFrequency],
});

/** Creates or re-times the domain's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertDomainSchedule(queues: Queues, d: { id: number; monitoringFrequency: MonitoringFrequency }): Promise<void> {
  await upsertSchedule(queues, DOMAIN_SCHEDULE, wantedOf(d));
}

/** Removes the domain's scheduler and its next (delayed) run; a no-op when there is none. */
export async function removeDomainSchedule(queues: Queues, domainId: number): Promise<void> {
  await removeSchedule(queues, DOMAIN_SCHEDULE, domainId);
}

/** Makes the domain's scheduler match its row: scheduled while active, else none. */
export function syncDomainSchedule(queues: Queues, d: DomainScheduleFacts): Promise<'scheduled' | 'unscheduled'> {
  return syncSchedule(queues, DOMAIN_SCHEDULE, wantedOf(d), d.isActive);
}

/** Domains that should be rescanned periodically: active, of an active account. */
export async function wantedDomainSchedules(db: EntityManager | DataSource): Promise<WantedSchedule[]> {
  const rows = (await db.query(
    `SELECT d.id, d.monitoring_frequency FROM domains d JOIN accounts a ON a.id = d.account_id
     WHERE d.is_active AND a.is_active`,
  )) as { id: number; monitoring_frequency: MonitoringFrequency }[];
  return rows.map((r) => wantedOf({ id: r.id, monitoringFrequency: r.monitoring_frequency }));
}

import { randomBytes } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { TIERS, type Tier, type TierTable } from '../tiers/tiers.js';

/**
 * Periodic monitor checks: one BullMQ job scheduler per monitor on the checks queue, keyed
 * `monitor-<id>` (no ':'), `every` = check_interval. BullMQ aligns `every` to multiples of the
 * interval plus `offset`; the offset is derived from the monitor id, so monitors with the same
 * interval fire spread over the whole interval instead of in the same second, and whoever
 * (re)creates a scheduler (API, reconciler after Redis lost its data) gets the same phase.
 * Each run's job id is `repeat:monitor-<id>:<due ms>`: unique per due time, so the checker's
 * dedupe on job id records each due check once.
 */

const SCHEDULER_PREFIX = 'monitor-';
const GOLDEN_RATIO_32 = 0x9e3779b1;

/** What decides whether (and how often) a monitor is checked. */
export interface MonitorScheduleFacts {
  id: number;
  checkInterval: number;
  isActive: boolean;
  status: string;
}

/** A scheduler as found in Redis. */
export interface ScheduledMonitor {
  everyMs: number;
  offsetMs: number | null;
  /**
   * Whether the job of its next run exists (delayed, waiting or active). A scheduler without it
   * never fires again (e.g. a worker failed to add the next iteration): the reconciler re-adds it.
   */
  hasNextJob: boolean;
}

export interface ReconcilePlan {
  upsert: { id: number; checkInterval: number }[];
  remove: string[];
}

/** Template options of every scheduled check job: bounded history, no retries (the next run is the retry). */
export const SCHEDULED_CHECK_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86_400, count: 5000 },
};

export function monitorSchedulerId(monitorId: number): string {
  return `${SCHEDULER_PREFIX}${monitorId}`;
}

/** The monitor id of a scheduler id of ours, or null for any other scheduler. */
export function monitorIdOfScheduler(schedulerId: string): number | null {
  const m = /^monitor-([1-9]\d{0,9})$/.exec(schedulerId);
  return m ? Number(m[1]) : null;
}

/**
 * The plans whose monitors are checked (uptime monitoring on the plan). Monitors of other plans
 * (an account downgraded to free) and of deactivated accounts are neither scheduled nor checked:
 * their owner cannot even reach them through the API (403), so they must not alert either.
 */
export function monitoredTiers(tiers: TierTable): Tier[] {
  return TIERS.filter((t) => tiers[t].uptimeMonitoring);
}

/** Active and not paused: the only monitors that are checked periodically. */
export function shouldBeScheduled(m: Pick<MonitorScheduleFacts, 'isActive' | 'status'>): boolean {
  return m.isActive && m.status !== 'paused';
}

/**
 * The monitor's phase within its interval, in ms, in [1, interval - 1]: the fractional part of
 * id × golden ratio (Fibonacci hashing), which spreads consecutive ids evenly over the interval.
 * Never 0, because BullMQ treats offset 0 as "no offset" (fire now, phase = creation time).
 */
export function monitorScheduleOffsetMs(monitorId: number, checkIntervalSec: number): number {
  const everyMs = checkIntervalSec * 1000;
  const fraction = (Math.imul(monitorId, GOLDEN_RATIO_32) >>> 0) / 2 ** 32;
  return 1 + Math.floor(fraction * (everyMs - 1));
}

/** The first due time strictly after `nowMs` of a monitor's scheduler (what BullMQ computes). */
export function nextDueMs(monitorId: number, checkIntervalSec: number, nowMs: number): number {
  const everyMs = checkIntervalSec * 1000;
  const due = Math.floor(nowMs / everyMs) * everyMs + monitorScheduleOffsetMs(monitorId, checkIntervalSec);
  return due <= nowMs ? due + everyMs : due;
}

/**
 * What the reconciler must change so that Redis matches PostgreSQL: upsert every wanted monitor
 * whose scheduler is missing or has another interval or phase, remove every scheduler of ours
 * that no wanted monitor owns (paused, inactive, deleted). Other schedulers are not touched.
 */
export function planReconcile(
  wanted: { id: number; checkInterval: number }[],
  actual: Map<string, ScheduledMonitor>,
): ReconcilePlan {
  const upsert: ReconcilePlan['upsert'] = [];
  const keep = new Set<string>();
  for (const m of wanted) {
    const id = monitorSchedulerId(m.id);
    keep.add(id);
    const found = actual.get(id);
    const everyMs = m.checkInterval * 1000;
    if (
      !found ||
      !found.hasNextJob ||
      found.everyMs !== everyMs ||
      found.offsetMs !== monitorScheduleOffsetMs(m.id, m.checkInterval)
    ) {
      upsert.push({ id: m.id, checkInterval: m.checkInterval });
    }
  }
  const remove = [...actual.keys()].filter((id) => monitorIdOfScheduler(id) !== null && !keep.has(id));
  return { upsert, remove };
}

/** Creates or re-times the monitor's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertMonitorSchedule(queues: Queues, m: { id: number; checkInterval: number }): Promise<void> {
  await queues.queueOf(JobName.MonitorCheck).upsertJobScheduler(
    monitorSchedulerId(m.id),
    { every: m.checkInterval * 1000, offset: monitorScheduleOffsetMs(m.id, m.checkInterval) },
    { name: JobName.MonitorCheck, data: { monitorId: m.id }, opts: SCHEDULED_CHECK_JOB_OPTIONS },
  );
}

/** Removes the monitor's scheduler and its next (delayed) run; a no-op when there is none. */
export async function removeMonitorSchedule(queues: Queues, monitorId: number): Promise<void> {
  await queues.queueOf(JobName.MonitorCheck).removeJobScheduler(monitorSchedulerId(monitorId));
}

/** Makes the monitor's scheduler match its row: scheduled when active and not paused, else none. */
export async function syncMonitorSchedule(queues: Queues, m: MonitorScheduleFacts): Promise<'scheduled' | 'unscheduled'> {
  if (shouldBeScheduled(m)) {
    await upsertMonitorSchedule(queues, m);
    return 'scheduled';
  }
  await removeMonitorSchedule(queues, m.id);
  return 'unscheduled';
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

const READ_BATCH = 1000;

/**
 * Every scheduler of the checks queue with its interval, offset and whether its next run's job
 * exists, read straight from the scheduler set and hashes in pipelined batches (`client`: the
 * Redis connection of `queues`, i.e. ctx.redis).
 */
export async function readMonitorSchedules(queues: Queues, client: Redis): Promise<Map<string, ScheduledMonitor>> {
  const queue = queues.queueOf(JobName.MonitorCheck);
  const flat = await client.zrange(queue.keys.repeat, 0, -1, 'WITHSCORES');
  const found = new Map<string, ScheduledMonitor>();
  for (let i = 0; i < flat.length; i += 2 * READ_BATCH) {
    const batch: { id: string; next: string }[] = [];
    for (let j = i; j < Math.min(flat.length, i + 2 * READ_BATCH); j += 2) batch.push({ id: flat[j], next: flat[j + 1] });
    const pipeline = client.pipeline();
    for (const { id, next } of batch) {
      pipeline.hmget(`${queue.keys.repeat}:${id}`, 'every', 'offset');
      pipeline.exists(queue.toKey(`repeat:${id}:${next}`));
    }
    const replies = (await pipeline.exec()) ?? [];
    batch.forEach(({ id }, k) => {
      const [hErr, hash] = replies[2 * k] ?? [];
      const [eErr, exists] = replies[2 * k + 1] ?? [];
      if (hErr || eErr) throw hErr ?? eErr;
      const [every, offset] = (hash as (string | null)[] | null) ?? [null, null];
      found.set(id, {
        everyMs: Number(every ?? 0),
        offsetMs: offset === null ? null : Number(offset),
        hasNextJob: Number(exists) === 1,
      });
    });
  }
  return found;
}

/** Applies a reconcile plan, a bounded number of Redis calls in flight at a time. */
export async function applyReconcilePlan(queues: Queues, plan: ReconcilePlan, concurrency = 200): Promise<void> {
  const queue = queues.queueOf(JobName.MonitorCheck);
  const tasks: (() => Promise<unknown>)[] = [
    ...plan.remove.map((id) => () => queue.removeJobScheduler(id)),
    ...plan.upsert.map((m) => () => upsertMonitorSchedule(queues, m)),
  ];
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
    while (next < tasks.length) await tasks[next++]();
  });
  await Promise.all(lanes);
}

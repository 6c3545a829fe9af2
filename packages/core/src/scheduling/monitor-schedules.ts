import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import type { JobPayloads } from '../queue/job-payloads.js';
import { DEFAULT_REGION } from '../regions/region-names.js';
import { isPushMonitorType, PUSH_MONITOR_TYPES, type MonitorType } from '../monitors/monitor-types.js';
import { periodicMonitors } from '../monitors/monitor-check-store.js';
import type { Queryable } from '../db/queryable.js';
import { TIERS, type Tier, type TierTable } from '../tiers/tiers.js';
import { SCHEDULED_JOB_OPTIONS, scheduleOffsetMs, type WantedSchedule } from './periodic-schedules.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';
import type { RedisClient } from '../queue/redis-client.js';
import { chunksOf } from '../runtime/chunks-of.js';
import { runInLanes } from '../runtime/limiter.js';
import { bucketIndexKey, bucketMembersKey, bucketOf, bucketSchedulerId, joinBucket, leaveBucket, upsertBucketScheduler, type BucketKind, type IntervalBucket } from './interval-buckets.js';

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

const regionsOf = (m: { regions?: readonly string[] }): readonly string[] => m.regions ?? [DEFAULT_REGION];

/**
 * Whether a scheduler is a monitor's own (`monitor-<id>`), as releases before interval buckets
 * made them: the reconciler removes them (their runs and the buckets' share run keys, so a due
 * time both start is recorded once).
 */
export function isPerMonitorScheduler(scheduler: string): boolean {
  return /^monitor-[1-9]\d{0,9}$/.test(scheduler);
}

/** Monitor checks in interval buckets on each region's checks queue (MonitorBucket runs, checked by the checker). */
export const MONITOR_BUCKETS: BucketKind = { job: JobName.MonitorBucket, isLegacyScheduler: isPerMonitorScheduler };

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

const monitorBucket = (m: { id: number; checkInterval: number }) => bucketOf(m.id, m.checkInterval * 1000);

/**
 * Puts the monitor in its interval bucket in each of its regions (idempotent). Its bucket at
 * another interval, after a change of interval, keeps it as a stale member until the reconciler
 * takes it out; the checker skips members of another interval.
 */
export async function upsertMonitorSchedule(queues: Queues, m: { id: number; checkInterval: number; regions?: readonly string[] }): Promise<void> {
  for (const region of regionsOf(m)) await joinBucket(queues.connection, queues.bucketQueue(region, monitorBucket(m)), MONITOR_BUCKETS, m.id, monitorBucket(m));
}

/** Takes the monitor out of its bucket in `regions`; a no-op where it is not a member. */
export async function removeMonitorSchedule(
  queues: Queues,
  m: { id: number; checkInterval: number },
  regions: readonly string[] = [DEFAULT_REGION],
): Promise<void> {
  for (const region of regions) await leaveBucket(queues.connection, queues.bucketQueue(region, monitorBucket(m)), m.id, monitorBucket(m));
}

/**
 * Makes the monitor's schedule match its row: in its bucket in each of its regions when active
 * and not paused, in none otherwise, and in none of `allRegions` it does not name.
 */
export async function syncMonitorSchedule(
  queues: Queues,
  m: MonitorScheduleFacts,
  allRegions: readonly string[] = [DEFAULT_REGION],
): Promise<'scheduled' | 'unscheduled'> {
  const own = regionsOf(m);
  const scheduled = shouldBeScheduled(m);
  if (scheduled) await upsertMonitorSchedule(queues, m);
  else await removeMonitorSchedule(queues, m, own);
  await removeMonitorSchedule(queues, m, allRegions.filter((r) => !own.includes(r)));
  return scheduled ? 'scheduled' : 'unscheduled';
}

/** A monitor whose schedule a batch makes match its row; `before`: the interval (or intervals) it had, when a change of interval is being applied. */
export interface MonitorScheduleChange extends MonitorScheduleFacts {
  before?: number | readonly number[];
}

/** Bucket scheduler upserts in flight at once (each is one short Redis script). */
const SCHEDULER_LANES = 50;

/**
 * Commands per pipeline, and jobs per bulk add: bounded, so that a command of another request,
 * or the dependency probe's PING (1 s, on the same connection), never waits behind thousands.
 */
const PIPELINE_COMMANDS = 500;
const BULK_JOBS = 200;

/** A change of one bucket's member set. */
interface SetChange {
  op: 'sadd' | 'srem';
  key: string;
  member: string;
}

/** The changes in pipelines of PIPELINE_COMMANDS, one after another. */
async function applySetChanges(redis: RedisClient, changes: readonly SetChange[]): Promise<void> {
  for (const batch of chunksOf(changes, PIPELINE_COMMANDS)) {
    const pipeline = redis.pipeline();
    for (const c of batch) {
      if (c.op === 'sadd') pipeline.sadd(c.key, c.member);
      else pipeline.srem(c.key, c.member);
    }
    // exec() reports a failed command in its replies instead of throwing: pipelineReplies throws it.
    pipelineReplies(await pipeline.exec());
  }
}

/** A monitor's leaving of its bucket at `checkInterval` in `regions`. */
function leaving(queues: Queues, m: { id: number; checkInterval: number }, regions: readonly string[]): SetChange[] {
  const b = monitorBucket(m);
  return regions.map((region) => ({ op: 'srem', key: bucketMembersKey(queues.bucketQueue(region, b), b), member: String(m.id) }));
}

/**
 * syncMonitorSchedule (and, with `before`, the leaving of the former intervals' buckets) for many
 * monitors at once: the member and index changes in a few pipelines, then each bucket's
 * scheduler once (a config apply of 1,000 monitors: a few round trips instead of a few per
 * monitor). `gone`: monitors without a row any more, taken out of the buckets of these intervals
 * in every region in the same pipelines.
 */
export async function syncMonitorSchedules(
  queues: Queues,
  monitors: readonly MonitorScheduleChange[],
  allRegions: readonly string[] = [DEFAULT_REGION],
  gone: readonly { id: number; checkInterval: number }[] = [],
): Promise<void> {
  const changes: SetChange[] = gone.flatMap((m) => leaving(queues, m, allRegions));
  const schedulers = new Map<string, { queue: Queue; bucket: IntervalBucket }>();
  for (const m of monitors) {
    for (const before of new Set(m.before === undefined ? [] : [m.before].flat())) {
      if (before !== m.checkInterval) changes.push(...leaving(queues, { id: m.id, checkInterval: before }, allRegions));
    }
    const own = regionsOf(m);
    if (shouldBeScheduled(m)) {
      const b = monitorBucket(m);
      for (const region of own) {
        const queue = queues.bucketQueue(region, b);
        const members = bucketMembersKey(queue, b);
        changes.push({ op: 'sadd', key: members, member: String(m.id) }, { op: 'sadd', key: bucketIndexKey(queue), member: bucketSchedulerId(b) });
        schedulers.set(members, { queue, bucket: b });
      }
    } else changes.push(...leaving(queues, m, own));
    changes.push(...leaving(queues, m, allRegions.filter((r) => !own.includes(r))));
  }
  await applySetChanges(queues.connection, changes);
  await runInLanes(
    [...schedulers.values()].map(({ queue, bucket }) => () => upsertBucketScheduler(queue, MONITOR_BUCKETS, bucket)),
    SCHEDULER_LANES,
  );
}

/** removeMonitorSchedule for many monitors (deleted ones), in a few pipelines. */
export async function removeMonitorSchedules(queues: Queues, monitors: readonly { id: number; checkInterval: number }[], regions: readonly string[] = [DEFAULT_REGION]): Promise<void> {
  await applySetChanges(
    queues.connection,
    monitors.flatMap((m) => leaving(queues, m, regions)),
  );
}

/** A monitor checked periodically, with what the reconciler's catch-up needs. */
export interface WantedMonitor extends WantedSchedule {
  accountId: number;
  /** Its last check or, never checked, its creation (epoch ms). */
  seenMs: number;
}

/**
 * Monitors checked periodically: active, not paused, not of a push type, of an active account on a plan with
 * uptime monitoring, at their current interval (the monitor check store's periodicMonitors).
 */
export async function wantedMonitorSchedules(db: Queryable, tiers: TierTable, region: string = DEFAULT_REGION): Promise<WantedMonitor[]> {
  const rows = await periodicMonitors(db, monitoredTiers(tiers), PUSH_MONITOR_TYPES, region);
  return rows.map((r) => ({ id: r.id, everyMs: r.check_interval * 1000, accountId: r.account_id, seenMs: r.seen_ms }));
}

/**
 * A unique job id for a one-off check (check on resume, manual check; a create's first check has
 * enqueueFirstChecks). Random, not BullMQ's counter: the counter starts again when Redis loses its data, and the
 * checker dedupes on job id.
 */
export function oneOffCheckJobId(monitorId: number, reason: 'created' | 'resumed' | 'manual', nowMs = Date.now()): string {
  return `check-${monitorId}-${oneOffCheckJobSuffix(reason, nowMs)}`;
}

/** What follows `check-<monitor id>-` in oneOffCheckJobId's job id (for a statement that appends it to an id it makes). */
export function oneOffCheckJobSuffix(reason: 'created' | 'resumed' | 'manual', nowMs = Date.now()): string {
  return `${reason}-${nowMs}-${randomBytes(4).toString('hex')}`;
}

/**
 * Queues one check of the monitor now in each of its regions (check on resume; a create's first
 * check goes through the schedule outbox: enqueueFirstChecks), under one job id: one round.
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

/**
 * The first check of each monitor in each of `regions` (those with checkers), under the job id
 * its schedule outbox row carries (oneOffCheckJobId, drawn once when the row is written): every
 * apply of the row adds the same job, which BullMQ adds once. Bulk adds of BULK_JOBS per region's queue.
 */
export async function enqueueFirstChecks(queues: Queues, monitors: readonly { id: number; regions: readonly string[]; jobId: string }[]): Promise<void> {
  const byRegion = new Map<string, Parameters<Queue['addBulk']>[0]>();
  for (const m of monitors) {
    for (const region of m.regions) {
      const jobs = byRegion.get(region) ?? [];
      jobs.push({ name: JobName.MonitorCheck, data: { monitorId: m.id } satisfies JobPayloads[JobName.MonitorCheck], opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: m.jobId } });
      byRegion.set(region, jobs);
    }
  }
  for (const [region, jobs] of byRegion) {
    for (const batch of chunksOf(jobs, BULK_JOBS)) await queues.checkQueue(region).addBulk(batch);
  }
}

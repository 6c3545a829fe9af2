import type { Queue } from 'bullmq';
import type { RedisClient } from '../queue/redis-client.js';
import type { JobName } from '../queue/queue-names.js';
import type { BucketPayload } from '../queue/job-payloads.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';
import { SCHEDULED_JOB_OPTIONS, nextDueMs, scheduleOffsetMs } from './periodic-schedules.js';

/**
 * Interval buckets: periodic work (monitor checks, domain rescans) is scheduled per (interval,
 * slot), not per row (docs/decisions.md, "Scheduling a million monitors"). Each interval is cut
 * into SLOTS_PER_INTERVAL slots; a row's slot follows from its phase (scheduleOffsetMs: id ×
 * golden ratio over the interval), so its due times are exactly those a scheduler of its own
 * would have. One BullMQ job scheduler `bucket-<every ms>-<slot>` per non-empty slot, on the
 * queue of its kind (a region's checks queue, the scans queue), fires BUCKET_LEAD_MS before the
 * slot starts; its run carries no row ids: the handler reads the slot's members from a Redis set
 * beside the queue and starts each at its own due time, under the run key a scheduler of its own
 * would have given it (`repeat:monitor-<id>:<due ms>`, `repeat:domain-<id>:<due ms>`), so
 * deduplication is unchanged. Redis does one scheduled job per slot instead of one per row: at
 * 1,000,000 monitors ≈ 60 runs/s instead of 16,667 (bench/storage-scheduling.bench.ts).
 */
export const SLOTS_PER_INTERVAL = 3600;

/** How early a bucket fires, so that BullMQ's own start lag does not make its first monitors late. */
export const BUCKET_LEAD_MS = 40;

export type IntervalBucket = BucketPayload;

/**
 * What differs between the kinds of bucketed work: the job a bucket run is, and the schedulers
 * of one row that releases before buckets made (the reconciler removes them). The queue differs
 * too, and with it the keys of the buckets: callers pass the queue.
 */
export interface BucketKind {
  job: JobName.MonitorBucket | JobName.DomainBucket;
  isLegacyScheduler(scheduler: string): boolean;
}

/** The slot of a row (monitor, domain) run every `everyMs`. */
export function slotOf(id: number, everyMs: number): number {
  return Math.floor((scheduleOffsetMs(id, everyMs) * SLOTS_PER_INTERVAL) / everyMs);
}

/** The bucket of a row (monitor, domain) run every `everyMs`. */
export function bucketOf(id: number, everyMs: number): IntervalBucket {
  return { everyMs, slot: slotOf(id, everyMs) };
}

/** The earliest phase (ms into the interval) a row of the slot can have. */
export function slotStartMs(b: IntervalBucket): number {
  return Math.ceil((b.slot * b.everyMs) / SLOTS_PER_INTERVAL);
}

/**
 * The bucket scheduler's phase: BUCKET_LEAD_MS before its slot, wrapping into the previous
 * interval for the first slots. Never 0, which BullMQ reads as "no offset".
 */
export function bucketOffsetMs(b: IntervalBucket): number {
  const offset = (((slotStartMs(b) - BUCKET_LEAD_MS) % b.everyMs) + b.everyMs) % b.everyMs;
  return offset === 0 ? b.everyMs - 1 : offset;
}

export function bucketSchedulerId(b: IntervalBucket): string {
  return `bucket-${b.everyMs}-${b.slot}`;
}

/** The bucket a scheduler id names, or null for any other scheduler. */
export function bucketOfSchedulerId(scheduler: string): IntervalBucket | null {
  const match = /^bucket-([1-9]\d{0,9})-(0|[1-9]\d{0,3})$/.exec(scheduler);
  if (!match) return null;
  const b = { everyMs: Number(match[1]), slot: Number(match[2]) };
  return b.slot < SLOTS_PER_INTERVAL ? b : null;
}

/** The job id of the bucket's run due at `dueMs` (BullMQ's id for a scheduler's run). */
export function bucketRunJobId(b: IntervalBucket, dueMs: number): string {
  return `repeat:${bucketSchedulerId(b)}:${dueMs}`;
}

/** The due time a scheduler run's job id names (`repeat:<scheduler>:<due ms>`), or null. */
export function dueOfRunJobId(jobId: string): number | null {
  const match = /^repeat:[^:]+:(\d{1,15})$/.exec(jobId);
  return match ? Number(match[1]) : null;
}

/** The run of the row's bucket that starts the row's run due at `rowDueMs`. */
export function bucketDueOf(b: IntervalBucket, rowDueMs: number): number {
  return rowDueMs - ((((rowDueMs - bucketOffsetMs(b)) % b.everyMs) + b.everyMs) % b.everyMs);
}

export interface BucketRun {
  id: number;
  dueMs: number;
}

/**
 * The rows a bucket run starts, each at its own due time (its first due time at or after the
 * run's: within BUCKET_LEAD_MS plus one slot of it), earliest first. Members that do not belong
 * to the bucket (a stale member whose interval changed) are left out.
 */
export function runsOfBucket(b: IntervalBucket, memberIds: readonly number[], bucketDueMs: number): BucketRun[] {
  // A run not at the bucket's phase (none is expected) starts nothing rather than wait most of an interval.
  if (bucketDueOf(b, bucketDueMs) !== bucketDueMs) return [];
  return memberIds
    .filter((id) => slotOf(id, b.everyMs) === b.slot)
    .map((id) => ({ id, dueMs: nextDueMs(id, b.everyMs, bucketDueMs - 1) }))
    .sort((x, y) => x.dueMs - y.dueMs);
}

/** The Redis set of the bucket's members (ids), beside its queue's keys. */
export function bucketMembersKey(queue: Queue, b: IntervalBucket): string {
  return queue.toKey(`buckets:${b.everyMs}:${b.slot}`);
}

/** The Redis set of the queue's buckets that may have members (scheduler ids): what the reconciler walks. */
export function bucketIndexKey(queue: Queue): string {
  return queue.toKey('buckets');
}

/** Creates or re-times the bucket's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertBucketScheduler(queue: Queue, kind: BucketKind, b: IntervalBucket): Promise<void> {
  await queue.upsertJobScheduler(
    bucketSchedulerId(b),
    { every: b.everyMs, offset: bucketOffsetMs(b) },
    { name: kind.job, data: { everyMs: b.everyMs, slot: b.slot } satisfies BucketPayload, opts: SCHEDULED_JOB_OPTIONS },
  );
}

/** Adds the row to its bucket on `queue` (`redis`: the connection of the queues) and makes sure the bucket's scheduler exists. */
export async function joinBucket(redis: RedisClient, queue: Queue, kind: BucketKind, id: number, b: IntervalBucket): Promise<void> {
  // exec() reports a failed command in its replies instead of throwing: pipelineReplies throws it.
  pipelineReplies(await redis.multi().sadd(bucketMembersKey(queue, b), String(id)).sadd(bucketIndexKey(queue), bucketSchedulerId(b)).exec());
  await upsertBucketScheduler(queue, kind, b);
}

/** Takes the row out of the bucket (an empty bucket's scheduler is left to the reconciler). */
export async function leaveBucket(redis: RedisClient, queue: Queue, id: number, b: IntervalBucket): Promise<void> {
  await redis.srem(bucketMembersKey(queue, b), String(id));
}

/** The bucket's members. */
export async function bucketMembers(redis: RedisClient, queue: Queue, b: IntervalBucket): Promise<number[]> {
  return (await redis.smembers(bucketMembersKey(queue, b))).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
}

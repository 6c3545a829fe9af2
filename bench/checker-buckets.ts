/**
 * The scheduled path of bench/checker.bench.ts: monitors in interval buckets as production has
 * them, and bucket runs as BullMQ's bucket schedulers add them (scheduling/interval-buckets.ts).
 */
import type { Queue } from 'bullmq';
import { JobName, SCHEDULED_CHECK_JOB_OPTIONS, bucketDueOf, bucketOf, bucketRunJobId, runInLanes, upsertMonitorSchedule, type Context, type IntervalBucket } from '@vigil/core';

/** Ids from this one up: above any the bench's own inserts take from the sequence. */
const FIRST_ID = 10_000_000;

/**
 * `count` monitor ids, `perBucket` to a bucket at `everyMs` (the first slots to fill): the density
 * of a fleet of perBucket × 3,600 monitors at that interval, where a run starts perBucket checks.
 */
export function bucketMonitorIds(count: number, perBucket: number, everyMs: number): number[] {
  const bySlot = new Map<number, number[]>();
  const full = new Set<number>();
  const ids: number[] = [];
  for (let id = FIRST_ID; ids.length < count; id++) {
    const { slot } = bucketOf(id, everyMs);
    if (full.has(slot)) continue;
    const members = bySlot.get(slot) ?? [];
    bySlot.set(slot, members);
    members.push(id);
    if (members.length < perBucket) continue;
    ids.push(...members);
    full.add(slot);
  }
  // The last bucket may be partly taken.
  return ids.slice(0, count);
}

/** Puts the monitors in their buckets the way the API does on create (upsertMonitorSchedule: member set, index, the bucket's scheduler). */
export async function placeInBuckets(ctx: Context, ids: readonly number[], checkIntervalSec: number): Promise<void> {
  await runInLanes(
    ids.map((id) => () => upsertMonitorSchedule(ctx.queues, { id, checkInterval: checkIntervalSec })),
    50,
  );
}

/** The distinct buckets of the monitors. */
export function bucketsOf(ids: readonly number[], everyMs: number): IntervalBucket[] {
  const found = new Map<number, IntervalBucket>();
  for (const id of ids) {
    const b = bucketOf(id, everyMs);
    found.set(b.slot, b);
  }
  return [...found.values()];
}

/**
 * Adds `rounds` runs of each bucket, as its scheduler would have (job id `repeat:bucket-…:<due>`,
 * the scheduled jobs' options), due one interval apart and all before `beforeMs` minus one
 * interval: every member's due time has passed, so each starts at once, and each round records
 * under run keys of its own. Round by round (every bucket's run of a round before any of the
 * next): the worker starts them in that order, so a monitor's checks queue one round apart, as a
 * backlog of scheduled runs does, not all at once. Round `skip` onwards (a warm-up takes the first ones).
 */
export async function enqueueBucketRounds(ctx: Context, buckets: readonly IntervalBucket[], rounds: number, beforeMs: number, skip = 0): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    const byQueue = new Map<Queue, Parameters<Queue['addBulk']>[0]>();
    for (const b of buckets) {
      const queue = ctx.queues.bucketQueue(ctx.config.region, b);
      const jobs = byQueue.get(queue) ?? [];
      byQueue.set(queue, jobs);
      const latest = bucketDueOf(b, beforeMs - b.everyMs);
      jobs.push({ name: JobName.MonitorBucket, data: { everyMs: b.everyMs, slot: b.slot }, opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: bucketRunJobId(b, latest - (skip + r) * b.everyMs) } });
    }
    for (const [queue, jobs] of byQueue) await queue.addBulk(jobs);
  }
}

/** Checks recorded for these monitors under scheduled run keys due before `beforeMs` (the bench's rounds, not the schedulers' own runs). */
export async function countBucketChecks(ctx: Context, ids: readonly number[], beforeMs: number): Promise<number> {
  const [{ n }] = (await ctx.db.query(
    `SELECT count(*)::int AS n FROM checks
      WHERE monitor_id = ANY($1::int[]) AND job_key LIKE 'repeat:monitor-%' AND split_part(job_key, ':', 3)::bigint < $2`,
    [ids, beforeMs],
  )) as { n: number }[];
  return n;
}

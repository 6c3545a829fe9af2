import { SLOTS_PER_INTERVAL, bucketOfSchedulerId, bucketOffsetMs, bucketSchedulerId, slotOf, type BucketKind, type IntervalBucket } from './interval-buckets.js';
import type { FoundSchedule, WantedSchedule } from './periodic-schedules.js';

/**
 * What makes one queue's interval buckets in Redis match the rows PostgreSQL wants run (the
 * monitors of a region checked, the domains rescanned).
 */
export interface BucketPlan {
  /** Members to add, per bucket: wanted rows not read as members. */
  join: Map<string, { bucket: IntervalBucket; ids: number[] }>;
  /** Members to take out, per bucket: members read that are not wanted there (paused, deleted, moved). */
  leave: Map<string, { bucket: IntervalBucket; ids: number[] }>;
  /** Every bucket with wanted members (the index of buckets). */
  buckets: IntervalBucket[];
  /** Buckets whose scheduler is missing, has another period or phase, or lost its next run. */
  upsert: IntervalBucket[];
  /** Buckets known (indexed or scheduled) without wanted members: removed once their set is empty. */
  emptied: IntervalBucket[];
  /** Schedulers of one row (`monitor-<id>`, `domain-<id>`) of releases before buckets: removed. */
  removeLegacy: string[];
}

const add = (to: BucketPlan['join'], key: string, bucket: IntervalBucket, id: number) => {
  const entry = to.get(key) ?? { bucket, ids: [] };
  entry.ids.push(id);
  to.set(key, entry);
};

/** The wanted rows grouped by bucket, keyed by scheduler id (a million a minute at scale: one id string per bucket, not per row). */
function groupByBucket(wanted: readonly WantedSchedule[]): Map<string, { bucket: IntervalBucket; ids: number[] }> {
  const byCode = new Map<number, { bucket: IntervalBucket; ids: number[] }>();
  for (const w of wanted) {
    const slot = slotOf(w.id, w.everyMs);
    const code = w.everyMs * SLOTS_PER_INTERVAL + slot;
    let entry = byCode.get(code);
    if (!entry) byCode.set(code, (entry = { bucket: { everyMs: w.everyMs, slot }, ids: [] }));
    entry.ids.push(w.id);
  }
  return new Map([...byCode.values()].map((e) => [bucketSchedulerId(e.bucket), e]));
}

/**
 * The plan, from the wanted rows (PostgreSQL), the queue's schedulers and the members read
 * (Redis, read first): only members that were read are taken out, so a row the API adds while
 * the reconciler runs is not.
 */
export function planBuckets(kind: BucketKind, wanted: readonly WantedSchedule[], schedulers: ReadonlyMap<string, FoundSchedule>, members: ReadonlyMap<string, readonly number[]>): BucketPlan {
  const join: BucketPlan['join'] = new Map();
  const leave: BucketPlan['leave'] = new Map();
  const wantedBuckets = groupByBucket(wanted);
  for (const [key, { bucket, ids }] of wantedBuckets) {
    const found = new Set(members.get(key) ?? []);
    for (const id of ids) if (!found.has(id)) add(join, key, bucket, id);
  }
  const known = new Set([...members.keys(), ...[...schedulers.keys()].filter((id) => bucketOfSchedulerId(id) !== null)]);
  const emptied: IntervalBucket[] = [];
  for (const key of known) {
    const bucket = bucketOfSchedulerId(key);
    if (!bucket) continue;
    const ids = wantedBuckets.get(key)?.ids;
    const keep = new Set(ids ?? []);
    for (const id of members.get(key) ?? []) if (!keep.has(id)) add(leave, key, bucket, id);
    if (!ids) emptied.push(bucket);
  }
  const upsert = [...wantedBuckets.entries()]
    .filter(([key, { bucket }]) => {
      const found = schedulers.get(key);
      return !found || !found.hasNextJob || found.everyMs !== bucket.everyMs || found.offsetMs !== bucketOffsetMs(bucket);
    })
    .map(([, { bucket }]) => bucket);
  return {
    join,
    leave,
    buckets: [...wantedBuckets.values()].map((e) => e.bucket),
    upsert,
    emptied,
    removeLegacy: [...schedulers.keys()].filter((id) => kind.isLegacyScheduler(id)),
  };
}

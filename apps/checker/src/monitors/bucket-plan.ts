import {
  bucketOfMonitor,
  bucketOfSchedulerId,
  bucketOffsetMs,
  bucketSchedulerId,
  isPerMonitorScheduler,
  type FoundSchedule,
  type MonitorBucket,
  type WantedSchedule,
} from '@vigil/core';

/** What makes one region's interval buckets in Redis match the monitors PostgreSQL wants checked. */
export interface BucketPlan {
  /** Members to add, per bucket: wanted monitors not read as members. */
  join: Map<string, { bucket: MonitorBucket; ids: number[] }>;
  /** Members to take out, per bucket: members read that are not wanted there (paused, deleted, moved). */
  leave: Map<string, { bucket: MonitorBucket; ids: number[] }>;
  /** Every bucket with wanted members (the index of buckets). */
  buckets: MonitorBucket[];
  /** Buckets whose scheduler is missing, has another period or phase, or lost its next run. */
  upsert: MonitorBucket[];
  /** Buckets known (indexed or scheduled) without wanted members: removed once their set is empty. */
  emptied: MonitorBucket[];
  /** Per-monitor schedulers (`monitor-<id>`) of releases before buckets: removed. */
  removeLegacy: string[];
}

const add = (to: BucketPlan['join'], b: MonitorBucket, id: number) => {
  const key = bucketSchedulerId(b);
  const entry = to.get(key) ?? { bucket: b, ids: [] };
  entry.ids.push(id);
  to.set(key, entry);
};

/**
 * The plan, from the wanted monitors (PostgreSQL), the queue's schedulers and the members read
 * (Redis, read first): only members that were read are taken out, so a monitor the API adds
 * while the reconciler runs is not.
 */
export function planBuckets(wanted: readonly WantedSchedule[], schedulers: ReadonlyMap<string, FoundSchedule>, members: ReadonlyMap<string, readonly number[]>): BucketPlan {
  const join: BucketPlan['join'] = new Map();
  const leave: BucketPlan['leave'] = new Map();
  const wantedBuckets = new Map<string, { bucket: MonitorBucket; ids: Set<number> }>();
  for (const w of wanted) {
    const bucket = bucketOfMonitor(w.id, w.everyMs);
    const key = bucketSchedulerId(bucket);
    const entry = wantedBuckets.get(key) ?? { bucket, ids: new Set<number>() };
    entry.ids.add(w.id);
    wantedBuckets.set(key, entry);
  }
  for (const [key, { bucket, ids }] of wantedBuckets) {
    const found = new Set(members.get(key) ?? []);
    for (const id of ids) if (!found.has(id)) add(join, bucket, id);
  }
  const known = new Set([...members.keys(), ...[...schedulers.keys()].filter((id) => bucketOfSchedulerId(id) !== null)]);
  const emptied: MonitorBucket[] = [];
  for (const key of known) {
    const bucket = bucketOfSchedulerId(key);
    if (!bucket) continue;
    const keep = wantedBuckets.get(key)?.ids;
    for (const id of members.get(key) ?? []) if (!keep?.has(id)) add(leave, bucket, id);
    if (!keep) emptied.push(bucket);
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
    removeLegacy: [...schedulers.keys()].filter(isPerMonitorScheduler),
  };
}

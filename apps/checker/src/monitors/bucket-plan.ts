import {
  SLOTS_PER_INTERVAL,
  bucketOfSchedulerId,
  bucketOffsetMs,
  bucketSchedulerId,
  isPerMonitorScheduler,
  slotOfMonitor,
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

const add = (to: BucketPlan['join'], key: string, bucket: MonitorBucket, id: number) => {
  const entry = to.get(key) ?? { bucket, ids: [] };
  entry.ids.push(id);
  to.set(key, entry);
};

/** The wanted monitors grouped by bucket, keyed by scheduler id (a million a minute at scale: one id string per bucket, not per monitor). */
function groupByBucket(wanted: readonly WantedSchedule[]): Map<string, { bucket: MonitorBucket; ids: number[] }> {
  const byCode = new Map<number, { bucket: MonitorBucket; ids: number[] }>();
  for (const w of wanted) {
    const slot = slotOfMonitor(w.id, w.everyMs);
    const code = w.everyMs * SLOTS_PER_INTERVAL + slot;
    let entry = byCode.get(code);
    if (!entry) byCode.set(code, (entry = { bucket: { everyMs: w.everyMs, slot }, ids: [] }));
    entry.ids.push(w.id);
  }
  return new Map([...byCode.values()].map((e) => [bucketSchedulerId(e.bucket), e]));
}

/**
 * The plan, from the wanted monitors (PostgreSQL), the queue's schedulers and the members read
 * (Redis, read first): only members that were read are taken out, so a monitor the API adds
 * while the reconciler runs is not.
 */
export function planBuckets(wanted: readonly WantedSchedule[], schedulers: ReadonlyMap<string, FoundSchedule>, members: ReadonlyMap<string, readonly number[]>): BucketPlan {
  const join: BucketPlan['join'] = new Map();
  const leave: BucketPlan['leave'] = new Map();
  const wantedBuckets = groupByBucket(wanted);
  for (const [key, { bucket, ids }] of wantedBuckets) {
    const found = new Set(members.get(key) ?? []);
    for (const id of ids) if (!found.has(id)) add(join, key, bucket, id);
  }
  const known = new Set([...members.keys(), ...[...schedulers.keys()].filter((id) => bucketOfSchedulerId(id) !== null)]);
  const emptied: MonitorBucket[] = [];
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
    removeLegacy: [...schedulers.keys()].filter(isPerMonitorScheduler),
  };
}

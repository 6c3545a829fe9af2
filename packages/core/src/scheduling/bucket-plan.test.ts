import { bucketOf, bucketOffsetMs, bucketSchedulerId, type IntervalBucket } from './interval-buckets.js';
import { DOMAIN_BUCKETS } from './domain-schedules.js';
import { MONITOR_BUCKETS } from './monitor-schedules.js';
import type { FoundSchedule } from './periodic-schedules.js';
import { planBuckets } from './bucket-plan.js';

const EVERY = 60_000;
const key = (id: number, every = EVERY) => bucketSchedulerId(bucketOf(id, every));
const scheduler = (b: IntervalBucket, over: Partial<FoundSchedule> = {}): FoundSchedule => ({ everyMs: b.everyMs, offsetMs: bucketOffsetMs(b), hasNextJob: true, ...over });
const wantedAt = (...ids: number[]) => ids.map((id) => ({ id, everyMs: EVERY }));
/** Two ids in one bucket at 60 s, and one in another. */
const [a, b] = (() => {
  const slot = bucketOf(1, EVERY).slot;
  const same = Array.from({ length: 20_000 }, (_, i) => i + 2).find((id) => bucketOf(id, EVERY).slot === slot) ?? 0;
  return [1, same];
})();
const c = Array.from({ length: 100 }, (_, i) => i + 2).find((id) => bucketOf(id, EVERY).slot !== bucketOf(a, EVERY).slot) ?? 0;

describe('planBuckets', () => {
  it('from nothing: every wanted monitor joins its bucket, and every bucket gets its scheduler', () => {
    const plan = planBuckets(MONITOR_BUCKETS, wantedAt(a, b, c), new Map(), new Map());
    expect(plan.join).toEqual(
      new Map([
        [key(a), { bucket: bucketOf(a, EVERY), ids: [a, b] }],
        [key(c), { bucket: bucketOf(c, EVERY), ids: [c] }],
      ]),
    );
    expect(plan.leave.size).toBe(0);
    expect(plan.upsert).toEqual([bucketOf(a, EVERY), bucketOf(c, EVERY)]);
    expect(plan.buckets).toEqual(plan.upsert);
    expect(plan.emptied).toEqual([]);
    expect(plan.removeLegacy).toEqual([]);
  });

  it('in step: nothing to do', () => {
    const ba = bucketOf(a, EVERY);
    const plan = planBuckets(MONITOR_BUCKETS, wantedAt(a, b), new Map([[key(a), scheduler(ba)]]), new Map([[key(a), [b, a]]]));
    expect([plan.join.size, plan.leave.size, plan.upsert.length, plan.emptied.length]).toEqual([0, 0, 0, 0]);
    expect(plan.buckets).toEqual([ba]);
  });

  it('re-creates a scheduler that is missing, lost its next run, or has another period or phase', () => {
    const ba = bucketOf(a, EVERY);
    const members = new Map([[key(a), [a]]]);
    for (const found of [undefined, scheduler(ba, { hasNextJob: false }), scheduler(ba, { everyMs: 1000 }), scheduler(ba, { offsetMs: null }), scheduler(ba, { offsetMs: 5 })]) {
      const schedulers = new Map(found ? [[key(a), found]] : []);
      expect(planBuckets(MONITOR_BUCKETS, wantedAt(a), schedulers, members).upsert).toEqual([ba]);
    }
  });

  it('takes out members no longer wanted there (paused, deleted, moved to another interval) and empties their buckets', () => {
    const ba = bucketOf(a, EVERY);
    const bc = bucketOf(c, EVERY);
    const moved = bucketOf(c, 600_000);
    const plan = planBuckets(MONITOR_BUCKETS, 
      [{ id: c, everyMs: 600_000 }],
      new Map([
        [key(a), scheduler(ba)],
        [key(c), scheduler(bc)],
      ]),
      new Map([
        [key(a), [a, b]],
        [key(c), [c]],
      ]),
    );
    expect(plan.leave).toEqual(
      new Map([
        [key(a), { bucket: ba, ids: [a, b] }],
        [key(c), { bucket: bc, ids: [c] }],
      ]),
    );
    expect(plan.join).toEqual(new Map([[bucketSchedulerId(moved), { bucket: moved, ids: [c] }]]));
    expect(plan.emptied).toEqual([ba, bc]);
    expect(plan.upsert).toEqual([moved]);
  });

  it('only takes out members it read: a bucket with a scheduler but unread members is emptied, not cleared', () => {
    const ba = bucketOf(a, EVERY);
    const plan = planBuckets(MONITOR_BUCKETS, [], new Map([[key(a), scheduler(ba)]]), new Map());
    expect(plan.leave.size).toBe(0);
    expect(plan.emptied).toEqual([ba]);
  });

  it('removes per-monitor schedulers and leaves other schedulers alone', () => {
    const plan = planBuckets(MONITOR_BUCKETS, wantedAt(a), new Map([['monitor-5', scheduler(bucketOf(5, EVERY))], ['reconcile-monitor-schedules', scheduler(bucketOf(5, EVERY))]]), new Map());
    expect(plan.removeLegacy).toEqual(['monitor-5']);
    expect(plan.emptied).toEqual([]);
  });

  it('removes the schedulers of its own kind only: per-domain schedulers for domains, per-monitor ones for monitors', () => {
    const schedulers = new Map([
      ['domain-5', scheduler(bucketOf(5, EVERY))],
      ['monitor-6', scheduler(bucketOf(6, EVERY))],
      ['domain-05', scheduler(bucketOf(5, EVERY))],
      ['reconcile-domain-schedules', scheduler(bucketOf(5, EVERY))],
    ]);
    expect(planBuckets(DOMAIN_BUCKETS, wantedAt(a), schedulers, new Map()).removeLegacy).toEqual(['domain-5']);
    expect(planBuckets(MONITOR_BUCKETS, wantedAt(a), schedulers, new Map()).removeLegacy).toEqual(['monitor-6']);
  });
});

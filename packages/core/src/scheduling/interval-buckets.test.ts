import { CHECK_INTERVALS } from '../tiers/tiers.js';
import {
  BUCKET_LEAD_MS,
  SLOTS_PER_INTERVAL,
  bucketDueOf,
  bucketOf,
  bucketOfSchedulerId,
  bucketOffsetMs,
  bucketRunJobId,
  bucketSchedulerId,
  dueOfRunJobId,
  runsOfBucket,
  slotStartMs,
} from './interval-buckets.js';
import { nextDueMs, scheduleOffsetMs } from './periodic-schedules.js';

const periods = CHECK_INTERVALS.map((s) => s * 1000);
const ids = [...Array.from({ length: 3000 }, (_, i) => i + 1), 1_000_003, 2_147_483_647];
const NOW = Date.UTC(2026, 10, 26, 21, 0, 0, 123);

describe('bucketOf', () => {
  it('puts each monitor in the slot that holds its phase, for every interval', () => {
    const wrong: string[] = [];
    for (const every of periods) {
      for (const id of ids) {
        const b = bucketOf(id, every);
        const phase = scheduleOffsetMs(id, every);
        const next = slotStartMs({ everyMs: every, slot: b.slot + 1 });
        if (!Number.isInteger(b.slot) || b.slot < 0 || b.slot >= SLOTS_PER_INTERVAL || phase < slotStartMs(b) || phase >= next) {
          wrong.push(`${id}@${every}: slot ${b.slot}, phase ${phase}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('spreads a million consecutive ids evenly: no slot holds more than 1.1 × its share at 60 s', () => {
    const counts = new Uint32Array(SLOTS_PER_INTERVAL);
    for (let id = 1; id <= 1_000_000; id++) counts[bucketOf(id, 60_000).slot]++;
    const share = 1_000_000 / SLOTS_PER_INTERVAL;
    expect(Math.max(...counts)).toBeLessThanOrEqual(Math.ceil(share * 1.1));
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(Math.floor(share * 0.9));
  });
});

describe('bucketOffsetMs', () => {
  it('fires BUCKET_LEAD_MS before the slot, wrapping into the previous interval, never at 0', () => {
    for (const every of periods) {
      for (let slot = 0; slot < SLOTS_PER_INTERVAL; slot++) {
        const b = { everyMs: every, slot };
        const offset = bucketOffsetMs(b);
        expect(offset).toBeGreaterThanOrEqual(1);
        expect(offset).toBeLessThan(every);
        // The lead, or 1 ms more where the lead would land on offset 0.
        expect([BUCKET_LEAD_MS, BUCKET_LEAD_MS + 1]).toContain((((slotStartMs(b) - offset) % every) + every) % every);
      }
    }
  });
});

describe('runsOfBucket', () => {
  it('starts every member at the due time its own scheduler would have had, at most the lead plus one slot after the bucket run', () => {
    const wrong: string[] = [];
    for (const every of periods) {
      const width = Math.ceil(every / SLOTS_PER_INTERVAL);
      for (const id of ids) {
        const b = bucketOf(id, every);
        const due = nextDueMs(id, every, NOW);
        const bucketDue = bucketDueOf(b, due);
        const runs = runsOfBucket(b, [id], bucketDue);
        const late = due - bucketDue;
        if (runs.length !== 1 || runs[0].dueMs !== due || late < 0 || late > BUCKET_LEAD_MS + width) wrong.push(`${id}@${every}: ${JSON.stringify(runs)}, ${late}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('orders runs by due time and leaves out members of other slots', () => {
    const every = 60_000;
    const b = bucketOf(1, every);
    const same = ids.filter((id) => bucketOf(id, every).slot === b.slot);
    const other = ids.find((id) => bucketOf(id, every).slot !== b.slot) ?? 0;
    const bucketDue = bucketDueOf(b, nextDueMs(1, every, NOW));
    const runs = runsOfBucket(b, [other, ...same.reverse()], bucketDue);
    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual([...same].sort((x, y) => x - y));
    expect(runs.map((r) => r.dueMs)).toEqual([...runs.map((r) => r.dueMs)].sort((x, y) => x - y));
  });

  it('starts nothing for a run that is not at the bucket phase', () => {
    const b = bucketOf(7, 60_000);
    const bucketDue = bucketDueOf(b, nextDueMs(7, 60_000, NOW));
    expect(runsOfBucket(b, [7], bucketDue)).toHaveLength(1);
    expect(runsOfBucket(b, [7], bucketDue + 1)).toEqual([]);
    expect(runsOfBucket(b, [7], bucketDue - 30_000)).toEqual([]);
  });
});

describe('bucket ids', () => {
  it('maps scheduler ids back to their bucket and claims no other scheduler', () => {
    for (const b of [{ everyMs: 60_000, slot: 0 }, { everyMs: 3_600_000, slot: 3599 }, { everyMs: 300_000, slot: 17 }]) {
      expect(bucketOfSchedulerId(bucketSchedulerId(b))).toEqual(b);
      expect(bucketSchedulerId(b)).not.toContain(':');
    }
    for (const s of ['bucket-60000-3600', 'bucket-60000-01', 'bucket-060000-1', 'bucket-60000', 'bucket--1', 'monitor-5', 'bucket-60000-1:2', 'xbucket-60000-1']) {
      expect(bucketOfSchedulerId(s)).toBeNull();
    }
  });

  it("reads the due time of a scheduler run's job id", () => {
    expect(dueOfRunJobId(bucketRunJobId({ everyMs: 60_000, slot: 5 }, 1_795_728_370_627))).toBe(1_795_728_370_627);
    for (const id of ['check-1-manual-5-abcd', 'repeat:bucket-60000-5', 'catchup:monitor-1:5', 'repeat:bucket-60000-5:12x']) expect(dueOfRunJobId(id)).toBeNull();
  });
});

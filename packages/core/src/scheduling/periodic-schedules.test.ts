import { createTestContext, type TestContext } from '@vigil/testing';
import { CHECK_INTERVALS, DEFAULT_TIERS, MONITORING_FREQUENCIES } from '../tiers/tiers.js';
import { FREQUENCY_MS } from './domain-schedules.js';
import { JobName } from '../queue/queue-names.js';
import { bucketMembers, bucketOf, bucketSchedulerId } from './interval-buckets.js';
import {
  enqueueImmediateCheck,
  monitoredTiers,
  monitorScheduleOffsetMs,
  oneOffCheckJobId,
  shouldBeScheduled,
  syncMonitorSchedule,
} from './monitor-schedules.js';
import { nextDueMs, scheduleOffsetMs } from './periodic-schedules.js';

describe('scheduleOffsetMs', () => {
  const periods = [...CHECK_INTERVALS.map((s) => s * 1000), ...MONITORING_FREQUENCIES.map((f) => FREQUENCY_MS[f])];

  it('stays within [1, every - 1] ms for every period of both kinds, and is deterministic', () => {
    const outside: string[] = [];
    for (const every of periods) {
      for (const id of [...Array.from({ length: 2000 }, (_, i) => i + 1), 2_147_483_647]) {
        const o = scheduleOffsetMs(id, every);
        if (!Number.isInteger(o) || o < 1 || o > every - 1 || o !== scheduleOffsetMs(id, every)) outside.push(`${id}@${every}: ${o}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('is what the monitor helper uses', () => {
    expect(monitorScheduleOffsetMs(1234, 60)).toBe(scheduleOffsetMs(1234, 60_000));
  });

  // Measured: 6,000 consecutive ids at 60 s put 97..101 in each second.
  it('spreads consecutive ids evenly over the seconds of the period', () => {
    const perSecond = new Array<number>(60).fill(0);
    for (let id = 1; id <= 6000; id++) perSecond[Math.floor(scheduleOffsetMs(id, 60_000) / 1000)]++;
    expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(95);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(105);
  });

  it('puts 60 consecutive ids at 60 s in at least 50 different seconds (never more than 2 in one)', () => {
    const seconds = Array.from({ length: 60 }, (_, i) => Math.floor(scheduleOffsetMs(i + 1, 60_000) / 1000));
    expect(new Set(seconds).size).toBeGreaterThanOrEqual(50);
    const counts = new Map<number, number>();
    for (const s of seconds) counts.set(s, (counts.get(s) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
  });

  it('spreads longer periods too (3600 s: 36,000 ids, 8..13 per second)', () => {
    const perSecond = new Array<number>(3600).fill(0);
    for (let id = 1; id <= 36_000; id++) perSecond[Math.floor(scheduleOffsetMs(id, 3_600_000) / 1000)]++;
    expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(13);
  });
});

describe('nextDueMs', () => {
  it('is the next slot boundary plus the offset, strictly in the future and within one period', () => {
    for (const every of [60_000, FREQUENCY_MS.daily]) {
      for (const now of [0, 1, 59_999, 60_000, 1_763_700_123_456]) {
        for (const id of [1, 2, 999]) {
          const due = nextDueMs(id, every, now);
          expect(due).toBeGreaterThan(now);
          expect(due).toBeLessThanOrEqual(now + every);
          expect(due % every).toBe(scheduleOffsetMs(id, every));
        }
      }
    }
  });
});

describe('which monitors are scheduled', () => {
  it('names the plans with uptime monitoring, following the tier table', () => {
    expect(monitoredTiers(DEFAULT_TIERS)).toEqual(['pro', 'business', 'enterprise']);
    expect(monitoredTiers({ ...DEFAULT_TIERS, free: { ...DEFAULT_TIERS.free, uptimeMonitoring: true } })).toEqual(['free', 'pro', 'business', 'enterprise']);
  });

  it.each([
    [true, 'pending', true],
    [true, 'up', true],
    [true, 'down', true],
    [true, 'degraded', true],
    [true, 'paused', false],
    [false, 'up', false],
    [false, 'paused', false],
  ])('is_active %s, status %s -> %s', (isActive, status, expected) => {
    expect(shouldBeScheduled({ type: 'http', isActive, status })).toBe(expected);
    expect(shouldBeScheduled({ type: 'tcp', isActive, status })).toBe(expected);
  });

  it('never schedules a push type (heartbeat): nothing to probe', () => {
    expect(shouldBeScheduled({ type: 'heartbeat', isActive: true, status: 'up' })).toBe(false);
  });

  it('gives one-off check jobs unique ids without ":"', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => oneOffCheckJobId(7, 'manual', 1_700_000_000_000)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^check-7-manual-1700000000000-[0-9a-f]{8}$/);
  });
});

describe('schedulers in Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.teardown());

  it('syncs a monitor to its row: in its interval bucket when active and not paused, otherwise out of it', async () => {
    const queue = ctx.queues.queueOf(JobName.MonitorCheck);
    const bucket = bucketOf(14, 60_000);
    const members = () => bucketMembers(ctx.redis, queue, bucket);
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, type: 'http', checkInterval: 60, isActive: true, status: 'up' })).toBe('scheduled');
    expect(await members()).toEqual([14]);
    expect(await queue.getJobScheduler(bucketSchedulerId(bucket))).toMatchObject({ every: 60_000, template: { data: bucket } });
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, type: 'http', checkInterval: 60, isActive: true, status: 'paused' })).toBe('unscheduled');
    expect(await members()).toEqual([]);
    await syncMonitorSchedule(ctx.queues, { id: 14, type: 'http', checkInterval: 60, isActive: true, status: 'down' });
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, type: 'http', checkInterval: 60, isActive: false, status: 'down' })).toBe('unscheduled');
    expect(await members()).toEqual([]);
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, type: 'heartbeat', checkInterval: 60, isActive: true, status: 'up' })).toBe('unscheduled');
    expect(await members()).toEqual([]);
    // An emptied bucket keeps its scheduler: the reconciler removes it (a monitor may join it meanwhile).
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual([bucketSchedulerId(bucket)]);
  });

  it('queues an immediate check with a unique id and {monitorId}', async () => {
    const a = await enqueueImmediateCheck(ctx.queues, 31, 'created');
    const b = await enqueueImmediateCheck(ctx.queues, 31, 'created');
    expect(a).not.toBe(b);
    const job = await ctx.queues.queueOf(JobName.MonitorCheck).getJob(a);
    expect(job?.data).toEqual({ monitorId: 31 });
    expect(await job?.getState()).toBe('waiting');
  });
});

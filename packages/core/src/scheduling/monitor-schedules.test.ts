import { CHECK_INTERVALS, DEFAULT_TIERS } from '../tiers/tiers.js';
import { JobName } from '../queue/queue-names.js';
import { createTestContext, type TestContext } from '@vigil/testing';
import {
  applyReconcilePlan,
  enqueueImmediateCheck,
  monitorIdOfScheduler,
  monitoredTiers,
  monitorScheduleOffsetMs,
  monitorSchedulerId,
  nextDueMs,
  oneOffCheckJobId,
  planReconcile,
  readMonitorSchedules,
  removeMonitorSchedule,
  shouldBeScheduled,
  syncMonitorSchedule,
  upsertMonitorSchedule,
  type ScheduledMonitor,
} from './monitor-schedules.js';

describe('scheduler ids', () => {
  it('is monitor-<id>, without ":", and maps back to the id', () => {
    for (const id of [1, 42, 2_147_483_647]) {
      const s = monitorSchedulerId(id);
      expect(s).toBe(`monitor-${id}`);
      expect(s).not.toContain(':');
      expect(monitorIdOfScheduler(s)).toBe(id);
    }
  });

  it('does not claim schedulers that are not ours', () => {
    for (const s of ['reconcile-monitor-schedules', 'monitor-', 'monitor-0', 'monitor-01', 'monitor-abc', 'monitor-1:2', 'domain-1', 'xmonitor-1']) {
      expect(monitorIdOfScheduler(s)).toBeNull();
    }
  });

  it('gives one-off check jobs unique ids without ":"', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => oneOffCheckJobId(7, 'manual', 1_700_000_000_000)));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).not.toContain(':');
      expect(id).toMatch(/^check-7-manual-1700000000000-[0-9a-f]{8}$/);
    }
  });
});

describe('monitoredTiers', () => {
  it('names the plans with uptime monitoring, following the tier table', () => {
    expect(monitoredTiers(DEFAULT_TIERS)).toEqual(['pro', 'business', 'enterprise']);
    expect(monitoredTiers({ ...DEFAULT_TIERS, free: { ...DEFAULT_TIERS.free, uptimeMonitoring: true } })).toEqual(['free', 'pro', 'business', 'enterprise']);
  });
});

describe('shouldBeScheduled', () => {
  it.each([
    [true, 'pending', true],
    [true, 'up', true],
    [true, 'down', true],
    [true, 'degraded', true],
    [true, 'paused', false],
    [false, 'up', false],
    [false, 'paused', false],
  ])('is_active %s, status %s -> %s', (isActive, status, expected) => {
    expect(shouldBeScheduled({ isActive, status })).toBe(expected);
  });
});

describe('monitorScheduleOffsetMs', () => {
  it('stays within [1, interval - 1] ms for every interval', () => {
    const outside: string[] = [];
    for (const interval of CHECK_INTERVALS) {
      for (const id of [...Array.from({ length: 5000 }, (_, i) => i + 1), 2_147_483_647]) {
        const o = monitorScheduleOffsetMs(id, interval);
        if (!Number.isInteger(o) || o < 1 || o > interval * 1000 - 1) outside.push(`${id}@${interval}: ${o}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('is deterministic', () => {
    expect(monitorScheduleOffsetMs(1234, 60)).toBe(monitorScheduleOffsetMs(1234, 60));
  });

  // Measured: 6,000 consecutive ids at 60 s put 97..101 monitors in each second; 100,000 put 1,664..1,669.
  it('spreads consecutive ids evenly over the seconds of the interval', () => {
    const perSecond = new Array<number>(60).fill(0);
    for (let id = 1; id <= 6000; id++) perSecond[Math.floor(monitorScheduleOffsetMs(id, 60) / 1000)]++;
    expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(95);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(105);
  });

  it('puts 60 consecutive ids at 60 s in at least 50 different seconds (never more than 2 in one)', () => {
    const seconds = Array.from({ length: 60 }, (_, i) => Math.floor(monitorScheduleOffsetMs(i + 1, 60) / 1000));
    expect(new Set(seconds).size).toBeGreaterThanOrEqual(50);
    const counts = new Map<number, number>();
    for (const s of seconds) counts.set(s, (counts.get(s) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
  });

  it('spreads longer intervals too (3600 s: 36,000 ids, 9..12 per second)', () => {
    const perSecond = new Array<number>(3600).fill(0);
    for (let id = 1; id <= 36_000; id++) perSecond[Math.floor(monitorScheduleOffsetMs(id, 3600) / 1000)]++;
    expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(13);
  });
});

describe('nextDueMs', () => {
  it('is the next slot boundary plus the offset, strictly in the future and within one interval', () => {
    for (const now of [0, 1, 59_999, 60_000, 1_763_700_123_456]) {
      for (const id of [1, 2, 999]) {
        const due = nextDueMs(id, 60, now);
        expect(due).toBeGreaterThan(now);
        expect(due).toBeLessThanOrEqual(now + 60_000);
        expect(due % 60_000).toBe(monitorScheduleOffsetMs(id, 60));
      }
    }
  });
});

describe('planReconcile', () => {
  const sched = (id: number, interval: number, offset = monitorScheduleOffsetMs(id, interval)): [string, ScheduledMonitor] => [
    monitorSchedulerId(id),
    { everyMs: interval * 1000, offsetMs: offset, hasNextJob: true },
  ];

  it('adds every wanted monitor when Redis is empty', () => {
    const plan = planReconcile([{ id: 1, checkInterval: 60 }, { id: 2, checkInterval: 300 }], new Map());
    expect(plan).toEqual({ upsert: [{ id: 1, checkInterval: 60 }, { id: 2, checkInterval: 300 }], remove: [] });
  });

  it('changes nothing when Redis agrees', () => {
    const plan = planReconcile([{ id: 1, checkInterval: 60 }], new Map([sched(1, 60)]));
    expect(plan).toEqual({ upsert: [], remove: [] });
  });

  it('re-times a scheduler with another interval or phase', () => {
    const plan = planReconcile(
      [{ id: 1, checkInterval: 300 }, { id: 2, checkInterval: 60 }, { id: 3, checkInterval: 60 }],
      new Map([sched(1, 60), sched(2, 60, 5), [monitorSchedulerId(3), { everyMs: 60_000, offsetMs: null, hasNextJob: true }]]),
    );
    expect(plan.upsert).toEqual([{ id: 1, checkInterval: 300 }, { id: 2, checkInterval: 60 }, { id: 3, checkInterval: 60 }]);
    expect(plan.remove).toEqual([]);
  });

  it('re-adds a scheduler whose next run has no job (it would never fire again)', () => {
    const [id, s] = sched(4, 60);
    const plan = planReconcile([{ id: 4, checkInterval: 60 }], new Map([[id, { ...s, hasNextJob: false }]]));
    expect(plan.upsert).toEqual([{ id: 4, checkInterval: 60 }]);
    expect(plan.remove).toEqual([]);
  });

  it('removes our schedulers that no wanted monitor owns, and leaves others alone', () => {
    const actual = new Map([sched(1, 60), sched(9, 60), ['reconcile-monitor-schedules', { everyMs: 60_000, offsetMs: null, hasNextJob: true }] as [string, ScheduledMonitor]]);
    const plan = planReconcile([{ id: 1, checkInterval: 60 }], actual);
    expect(plan).toEqual({ upsert: [], remove: ['monitor-9'] });
  });
});

describe('schedulers in Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.teardown());
  const queue = () => ctx.queues.queueOf(JobName.MonitorCheck);

  it('creates a scheduler with the interval, the id-derived offset and a delayed first run carrying {monitorId}', async () => {
    const before = Date.now();
    await upsertMonitorSchedule(ctx.queues, { id: 11, checkInterval: 60 });
    const s = await queue().getJobScheduler('monitor-11');
    expect(s?.every).toBe(60_000);
    expect(s?.offset).toBe(monitorScheduleOffsetMs(11, 60));
    expect(s?.template?.data).toEqual({ monitorId: 11 });
    expect(s?.next).toBeGreaterThan(before);
    expect(s?.next).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((s?.next ?? 0) % 60_000).toBe(monitorScheduleOffsetMs(11, 60));
    const job = await queue().getJob(`repeat:monitor-11:${s?.next}`);
    expect(job?.data).toEqual({ monitorId: 11 });
    expect(job?.name).toBe(JobName.MonitorCheck);
    expect(await job?.getState()).toBe('delayed');
  });

  it('keeps the next run on an unchanged upsert and re-times on an interval change', async () => {
    await upsertMonitorSchedule(ctx.queues, { id: 12, checkInterval: 300 });
    const first = await queue().getJobScheduler('monitor-12');
    await upsertMonitorSchedule(ctx.queues, { id: 12, checkInterval: 300 });
    const again = await queue().getJobScheduler('monitor-12');
    expect(again?.next).toBe(first?.next);
    await upsertMonitorSchedule(ctx.queues, { id: 12, checkInterval: 3600 });
    const changed = await queue().getJobScheduler('monitor-12');
    expect(changed?.every).toBe(3_600_000);
    expect(changed?.offset).toBe(monitorScheduleOffsetMs(12, 3600));
    expect((changed?.next ?? 0) % 3_600_000).toBe(monitorScheduleOffsetMs(12, 3600));
    expect(await queue().getJob(`repeat:monitor-12:${first?.next}`)).toBeUndefined();
    const delayed = (await queue().getDelayed()).filter((j) => j.data.monitorId === 12);
    expect(delayed.map((j) => j.id)).toEqual([`repeat:monitor-12:${changed?.next}`]);
  });

  it('removes the scheduler and its pending run; removing twice is harmless', async () => {
    await upsertMonitorSchedule(ctx.queues, { id: 13, checkInterval: 60 });
    const s = await queue().getJobScheduler('monitor-13');
    await removeMonitorSchedule(ctx.queues, 13);
    await removeMonitorSchedule(ctx.queues, 13);
    expect(await queue().getJobScheduler('monitor-13')).toBeUndefined();
    expect(await queue().getJob(`repeat:monitor-13:${s?.next}`)).toBeUndefined();
  });

  it('syncs to the row: scheduled when active and not paused, otherwise removed', async () => {
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, checkInterval: 60, isActive: true, status: 'up' })).toBe('scheduled');
    expect(await queue().getJobScheduler('monitor-14')).toBeDefined();
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, checkInterval: 60, isActive: true, status: 'paused' })).toBe('unscheduled');
    expect(await queue().getJobScheduler('monitor-14')).toBeUndefined();
    await syncMonitorSchedule(ctx.queues, { id: 14, checkInterval: 60, isActive: true, status: 'down' });
    expect(await syncMonitorSchedule(ctx.queues, { id: 14, checkInterval: 60, isActive: false, status: 'down' })).toBe('unscheduled');
    expect(await queue().getJobScheduler('monitor-14')).toBeUndefined();
  });

  it('spreads 60 monitors of one interval over at least 50 different seconds (measured in Redis)', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => 1000 + i);
    await applyReconcilePlan(ctx.queues, { upsert: ids.map((id) => ({ id, checkInterval: 60 })), remove: [] });
    const all = await queue().getJobSchedulers();
    const nexts = all.filter((s) => ids.includes(monitorIdOfScheduler(s.key) ?? 0)).map((s) => s.next ?? 0);
    expect(nexts).toHaveLength(60);
    expect(new Set(nexts.map((n) => Math.floor(n / 1000))).size).toBeGreaterThanOrEqual(50);
  });

  it('reads schedulers back with interval and offset, and applies a plan', async () => {
    await applyReconcilePlan(ctx.queues, { upsert: [{ id: 21, checkInterval: 600 }], remove: [] });
    const read = await readMonitorSchedules(ctx.queues, ctx.redis);
    expect(read.get('monitor-21')).toEqual({ everyMs: 600_000, offsetMs: monitorScheduleOffsetMs(21, 600), hasNextJob: true });
    const plan = planReconcile([{ id: 21, checkInterval: 600 }], read);
    expect(plan.upsert).toEqual([]);
    expect(plan.remove).toContain('monitor-11');
    await applyReconcilePlan(ctx.queues, plan);
    const after = await readMonitorSchedules(ctx.queues, ctx.redis);
    expect([...after.keys()]).toEqual(['monitor-21']);
  });

  it('notices a scheduler whose next run lost its job and re-adds the run', async () => {
    await upsertMonitorSchedule(ctx.queues, { id: 22, checkInterval: 60 });
    const s = await queue().getJobScheduler('monitor-22');
    const jobId = `repeat:monitor-22:${s?.next}`;
    // What a worker that failed to add the next iteration leaves behind: the scheduler without its job.
    await ctx.redis.del(queue().toKey(jobId));
    await ctx.redis.zrem(queue().keys.delayed, jobId);
    const read = await readMonitorSchedules(ctx.queues, ctx.redis);
    expect(read.get('monitor-22')?.hasNextJob).toBe(false);
    const plan = planReconcile([{ id: 21, checkInterval: 600 }, { id: 22, checkInterval: 60 }], read);
    expect(plan.upsert).toEqual([{ id: 22, checkInterval: 60 }]);
    await applyReconcilePlan(ctx.queues, plan);
    const after = await readMonitorSchedules(ctx.queues, ctx.redis);
    expect(after.get('monitor-22')?.hasNextJob).toBe(true);
    const delayed = (await queue().getDelayed()).filter((j) => j.data.monitorId === 22);
    expect(delayed).toHaveLength(1);
  });

  it('queues an immediate check with a unique id and {monitorId}', async () => {
    const a = await enqueueImmediateCheck(ctx.queues, 31, 'created');
    const b = await enqueueImmediateCheck(ctx.queues, 31, 'created');
    expect(a).not.toBe(b);
    const job = await queue().getJob(a);
    expect(job?.data).toEqual({ monitorId: 31 });
    expect(await job?.getState()).toBe('waiting');
  });
});

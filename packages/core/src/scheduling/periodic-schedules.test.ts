import { createTestContext, type TestContext } from '@vigil/testing';
import { CHECK_INTERVALS, DEFAULT_TIERS, MONITORING_FREQUENCIES } from '../tiers/tiers.js';
import { DOMAIN_SCHEDULE, FREQUENCY_MS, domainScheduleOffsetMs, syncDomainSchedule } from './domain-schedules.js';
import { JobName } from '../queue/queue-names.js';
import { bucketMembers, bucketOfMonitor, bucketSchedulerId } from './monitor-buckets.js';
import {
  enqueueImmediateCheck,
  monitoredTiers,
  monitorScheduleOffsetMs,
  oneOffCheckJobId,
  shouldBeScheduled,
  syncMonitorSchedule,
} from './monitor-schedules.js';
import {
  applyReconcilePlan,
  idOfScheduler,
  nextDueMs,
  planReconcile,
  readSchedules,
  reconcileSchedules,
  removeSchedule,
  scheduleOffsetMs,
  schedulerId,
  upsertSchedule,
  type FoundSchedule,
  type ScheduleKind,
} from './periodic-schedules.js';

/** Every kind of periodic work on per-row schedulers goes through the same tests (monitors use interval buckets). */
const KINDS: [string, ScheduleKind, (id: number) => unknown][] = [
  ['domain', DOMAIN_SCHEDULE, (domainId) => ({ domainId })],
];

describe.each(KINDS)('scheduler ids of %s', (name, kind) => {
  it('is <kind>-<id>, without ":", and maps back to the id', () => {
    for (const id of [1, 42, 2_147_483_647]) {
      const s = schedulerId(kind, id);
      expect(s).toBe(`${name}-${id}`);
      expect(s).not.toContain(':');
      expect(idOfScheduler(kind, s)).toBe(id);
    }
  });

  it.each([`${name}-`, `${name}-0`, `${name}-01`, `${name}-abc`, `${name}-1:2`, `${name}-42x`, `x${name}-1`, `reconcile-${name}-schedules`, 'other-1'])(
    'does not claim %s',
    (s) => {
      expect(idOfScheduler(kind, s)).toBeNull();
    },
  );
});

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

  it('is what the monitor and domain helpers use', () => {
    expect(monitorScheduleOffsetMs(1234, 60)).toBe(scheduleOffsetMs(1234, 60_000));
    expect(domainScheduleOffsetMs(1234, 'hourly')).toBe(scheduleOffsetMs(1234, 3_600_000));
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

describe.each(KINDS)('planReconcile (%s)', (name, kind) => {
  const found = (id: number, everyMs: number, extra: Partial<FoundSchedule> = {}): [string, FoundSchedule] => [
    schedulerId(kind, id),
    { everyMs, offsetMs: scheduleOffsetMs(id, everyMs), hasNextJob: true, ...extra },
  ];

  it('adds every wanted row when Redis is empty', () => {
    const wanted = [{ id: 1, everyMs: 60_000 }, { id: 2, everyMs: 300_000 }];
    expect(planReconcile(kind, wanted, new Map())).toEqual({ upsert: wanted, remove: [] });
  });

  it('changes nothing when Redis agrees', () => {
    expect(planReconcile(kind, [{ id: 1, everyMs: 60_000 }], new Map([found(1, 60_000)]))).toEqual({ upsert: [], remove: [] });
  });

  it('re-times a scheduler with another period or phase (or none)', () => {
    const plan = planReconcile(
      kind,
      [{ id: 1, everyMs: 300_000 }, { id: 2, everyMs: 60_000 }, { id: 3, everyMs: 60_000 }],
      new Map([found(1, 60_000), found(2, 60_000, { offsetMs: 5 }), found(3, 60_000, { offsetMs: null })]),
    );
    expect(plan.upsert.map((w) => w.id)).toEqual([1, 2, 3]);
    expect(plan.remove).toEqual([]);
  });

  it('re-adds a scheduler whose next run has no job (it would never fire again)', () => {
    const plan = planReconcile(kind, [{ id: 4, everyMs: 60_000 }], new Map([found(4, 60_000, { hasNextJob: false })]));
    expect(plan).toEqual({ upsert: [{ id: 4, everyMs: 60_000 }], remove: [] });
  });

  it('removes its own schedulers that no wanted row owns, and leaves others alone', () => {
    const other = name === 'monitor' ? 'domain-9' : 'monitor-9';
    const actual = new Map([found(1, 60_000), found(9, 60_000), [other, { everyMs: 60_000, offsetMs: null, hasNextJob: true }], [`reconcile-${name}-schedules`, { everyMs: 60_000, offsetMs: null, hasNextJob: true }]]);
    expect(planReconcile(kind, [{ id: 1, everyMs: 60_000 }], actual)).toEqual({ upsert: [], remove: [`${name}-9`] });
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

  describe.each(KINDS)('%s', (name, kind, payload) => {
    const queue = () => ctx.queues.queueOf(kind.job);
    const delayedOf = async (id: number) => (await queue().getDelayed()).filter((j) => JSON.stringify(j.data) === JSON.stringify(payload(id)));

    it('creates a scheduler with the period, the id-derived offset and a delayed first run repeat:<kind>-<id>:<due>', async () => {
      const before = Date.now();
      await upsertSchedule(ctx.queues, kind, { id: 11, everyMs: 60_000 });
      const s = await queue().getJobScheduler(`${name}-11`);
      expect(s?.every).toBe(60_000);
      expect(s?.offset).toBe(scheduleOffsetMs(11, 60_000));
      expect(s?.template?.data).toEqual(payload(11));
      expect(s?.next).toBeGreaterThan(before);
      expect(s?.next).toBeLessThanOrEqual(Date.now() + 60_000);
      expect((s?.next ?? 0) % 60_000).toBe(scheduleOffsetMs(11, 60_000));
      const job = await queue().getJob(`repeat:${name}-11:${s?.next}`);
      expect(job?.data).toEqual(payload(11));
      expect(job?.name).toBe(kind.job);
      expect(job?.opts.attempts).toBe(1);
      expect(await job?.getState()).toBe('delayed');
    });

    it('keeps the next run on an unchanged upsert and re-times on a period change', async () => {
      await upsertSchedule(ctx.queues, kind, { id: 12, everyMs: 300_000 });
      const first = await queue().getJobScheduler(`${name}-12`);
      await upsertSchedule(ctx.queues, kind, { id: 12, everyMs: 300_000 });
      expect((await queue().getJobScheduler(`${name}-12`))?.next).toBe(first?.next);
      await upsertSchedule(ctx.queues, kind, { id: 12, everyMs: 3_600_000 });
      const changed = await queue().getJobScheduler(`${name}-12`);
      expect(changed?.every).toBe(3_600_000);
      expect((changed?.next ?? 0) % 3_600_000).toBe(scheduleOffsetMs(12, 3_600_000));
      expect(await queue().getJob(`repeat:${name}-12:${first?.next}`)).toBeUndefined();
      expect((await delayedOf(12)).map((j) => j.id)).toEqual([`repeat:${name}-12:${changed?.next}`]);
    });

    it('removes the scheduler and its pending run; removing twice is harmless', async () => {
      await upsertSchedule(ctx.queues, kind, { id: 13, everyMs: 60_000 });
      const s = await queue().getJobScheduler(`${name}-13`);
      await removeSchedule(ctx.queues, kind, 13);
      await removeSchedule(ctx.queues, kind, 13);
      expect(await queue().getJobScheduler(`${name}-13`)).toBeUndefined();
      expect(await queue().getJob(`repeat:${name}-13:${s?.next}`)).toBeUndefined();
    });

    it('reads schedulers back and applies a plan: adds, keeps and removes', async () => {
      await applyReconcilePlan(ctx.queues, kind, { upsert: [{ id: 21, everyMs: 600_000 }], remove: [] });
      const read = await readSchedules(ctx.queues, ctx.redis, kind);
      expect(read.get(`${name}-21`)).toEqual({ everyMs: 600_000, offsetMs: scheduleOffsetMs(21, 600_000), hasNextJob: true });
      const plan = planReconcile(kind, [{ id: 21, everyMs: 600_000 }], read);
      expect(plan.upsert).toEqual([]);
      expect(plan.remove).toEqual(expect.arrayContaining([`${name}-11`, `${name}-12`]));
      await applyReconcilePlan(ctx.queues, kind, plan);
      expect([...(await readSchedules(ctx.queues, ctx.redis, kind)).keys()]).toEqual([`${name}-21`]);
    });

    it('a scheduler whose delayed run was deleted is noticed and re-added by the reconciler', async () => {
      await upsertSchedule(ctx.queues, kind, { id: 22, everyMs: 60_000 });
      const s = await queue().getJobScheduler(`${name}-22`);
      // What deleting the delayed job (or a worker failing to add the next iteration) leaves behind.
      const jobId = `repeat:${name}-22:${s?.next}`;
      await ctx.redis.del(queue().toKey(jobId));
      await ctx.redis.zrem(queue().keys.delayed, jobId);
      expect((await readSchedules(ctx.queues, ctx.redis, kind)).get(`${name}-22`)?.hasNextJob).toBe(false);
      const wanted = [{ id: 21, everyMs: 600_000 }, { id: 22, everyMs: 60_000 }];
      expect(await reconcileSchedules(ctx.queues, ctx.redis, kind, () => Promise.resolve(wanted))).toEqual({ added: 1, removed: 0, wanted: 2 });
      expect((await readSchedules(ctx.queues, ctx.redis, kind)).get(`${name}-22`)?.hasNextJob).toBe(true);
      expect(await delayedOf(22)).toHaveLength(1);
      expect(await reconcileSchedules(ctx.queues, ctx.redis, kind, () => Promise.resolve(wanted))).toEqual({ added: 0, removed: 0, wanted: 2 });
    });

    it('spreads 60 rows of one period over at least 50 different seconds (measured in Redis)', async () => {
      const ids = Array.from({ length: 60 }, (_, i) => 1000 + i);
      await applyReconcilePlan(ctx.queues, kind, { upsert: ids.map((id) => ({ id, everyMs: 60_000 })), remove: [] });
      const nexts = (await queue().getJobSchedulers()).filter((s) => ids.includes(idOfScheduler(kind, s.key) ?? 0)).map((s) => s.next ?? 0);
      expect(nexts).toHaveLength(60);
      expect(new Set(nexts.map((n) => Math.floor(n / 1000))).size).toBeGreaterThanOrEqual(50);
    });
  });

  it('syncs a monitor to its row: in its interval bucket when active and not paused, otherwise out of it', async () => {
    const queue = ctx.queues.queueOf(JobName.MonitorCheck);
    const bucket = bucketOfMonitor(14, 60_000);
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

  it('syncs a domain to its row: scheduled at its frequency while active, otherwise removed', async () => {
    const queue = ctx.queues.queueOf(DOMAIN_SCHEDULE.job);
    expect(await syncDomainSchedule(ctx.queues, { id: 14, monitoringFrequency: 'hourly', isActive: true })).toBe('scheduled');
    expect((await queue.getJobScheduler('domain-14'))?.every).toBe(FREQUENCY_MS.hourly);
    expect(await syncDomainSchedule(ctx.queues, { id: 14, monitoringFrequency: 'hourly', isActive: false })).toBe('unscheduled');
    expect(await queue.getJobScheduler('domain-14')).toBeUndefined();
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

import type { Job } from 'bullmq';
import {
  Domain,
  FREQUENCY_MS,
  JobName,
  Scan,
  domainScheduleOffsetMs,
  domainSchedulerId,
  insertScan,
  DOMAIN_SCHEDULE,
  readSchedules,
  upsertDomainSchedule,
  type JobPayloads,
} from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { reconcileDomainSchedulesJob } from './reconcile-domain-schedules.job.js';

// Far from the real date: the abandoned-scan cut-off must be judged by this clock, not PostgreSQL's.
const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

const run = () =>
  reconcileDomainSchedulesJob(ctx)({} as JobPayloads[JobName.ReconcileDomainSchedules], {} as Job<JobPayloads[JobName.ReconcileDomainSchedules]>);

async function domain(accountId: number, hostname: string, extra: Partial<Domain> = {}): Promise<Domain> {
  return ctx.db.getRepository(Domain).save({ accountId, hostname, port: 443, monitoringFrequency: 'daily', ...extra });
}

describe('ReconcileDomainSchedules', () => {
  it('makes Redis agree with PostgreSQL and leaves other schedulers alone', async () => {
    const { account } = await createTestAccount(ctx, 'enterprise');
    const daily = await domain(account.id, 'a.example');
    const hourly = await domain(account.id, 'b.example', { monitoringFrequency: 'hourly' });
    const inactive = await domain(account.id, 'c.example', { isActive: false });
    const off = await createTestAccount(ctx, 'pro');
    const ofInactiveAccount = await domain(off.account.id, 'd.example');
    await ctx.db.query('UPDATE accounts SET is_active = false WHERE id = $1', [off.account.id]);

    // Redis drifted: a deleted domain, an inactive one, a wrong period, and a scheduler that is not ours.
    await upsertDomainSchedule(ctx.queues, { id: 777_777, monitoringFrequency: 'daily' });
    await upsertDomainSchedule(ctx.queues, { id: inactive.id, monitoringFrequency: 'daily' });
    await upsertDomainSchedule(ctx.queues, { id: hourly.id, monitoringFrequency: 'daily' });
    const queue = ctx.queues.queueOf(JobName.DomainScan);
    await queue.upsertJobScheduler('not-a-domain', { every: 3_600_000 }, { name: JobName.DomainScan, data: { domainId: 0 } });

    expect(await run()).toEqual({ added: 2, removed: 2 });

    const schedules = await readSchedules(ctx.queues, ctx.redis, DOMAIN_SCHEDULE);
    expect([...schedules.keys()].sort()).toEqual([domainSchedulerId(daily.id), domainSchedulerId(hourly.id), 'not-a-domain'].sort());
    expect(schedules.get(domainSchedulerId(daily.id))).toEqual({ everyMs: FREQUENCY_MS.daily, offsetMs: domainScheduleOffsetMs(daily.id, 'daily'), hasNextJob: true });
    expect(schedules.get(domainSchedulerId(hourly.id))).toEqual({ everyMs: FREQUENCY_MS.hourly, offsetMs: domainScheduleOffsetMs(hourly.id, 'hourly'), hasNextJob: true });
    expect(schedules.has(domainSchedulerId(ofInactiveAccount.id))).toBe(false);
    const template = await queue.getJobScheduler(domainSchedulerId(daily.id));
    expect(template?.template?.data).toEqual({ domainId: daily.id });

    // Settled: a second run changes nothing.
    expect(await run()).toEqual({ added: 0, removed: 0 });

    // Redis lost everything: the next run restores it.
    await queue.removeJobScheduler(domainSchedulerId(daily.id));
    await queue.removeJobScheduler(domainSchedulerId(hourly.id));
    expect(await run()).toEqual({ added: 2, removed: 0 });
  });

  it('re-adds the next run of a domain whose delayed job was deleted (it would never be rescanned again)', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const d = await domain(account.id, 'lost-run.example', { monitoringFrequency: 'hourly' });
    await run();
    const queue = ctx.queues.queueOf(JobName.DomainScan);
    const s = await queue.getJobScheduler(domainSchedulerId(d.id));
    // Deleted by hand (BullMQ refuses to remove a scheduler's job through its API).
    const jobId = `repeat:${domainSchedulerId(d.id)}:${s?.next}`;
    await ctx.redis.del(queue.toKey(jobId));
    await ctx.redis.zrem(queue.keys.delayed, jobId);
    expect(await run()).toEqual({ added: 1, removed: 0 });
    const again = await queue.getJobScheduler(domainSchedulerId(d.id));
    expect(await (await queue.getJob(`repeat:${domainSchedulerId(d.id)}:${again?.next}`))?.getState()).toBe('delayed');
  });

  it('fails scans that stayed unfinished past 30 minutes, and only those', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const scan = (hostname: string) => insertScan(ctx.db.manager, { accountId: account.id, domainId: null, hostname, port: 443, trigger: 'on_demand' }, clock.now());
    const old = await scan('old.example');
    const oldRunning = await scan('old2.example');
    clock.advance(29 * 60_000);
    const fresh = await scan('new.example');
    clock.advance(2 * 60_000); // the first two are 31 minutes old, the last 2 minutes
    await ctx.db.query(`UPDATE scans SET status = 'running' WHERE id = $1`, [oldRunning.id]);
    await run();
    const rows = await ctx.db.getRepository(Scan).findBy({ accountId: account.id });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Scan abandoned/) });
    expect(byId.get(oldRunning.id)?.status).toBe('failed');
    expect(byId.get(fresh.id)?.status).toBe('queued');
  });

  it('runs on the checker’s maintenance queue', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const d = await domain(account.id, 'worker.example', { monitoringFrequency: 'hourly' });
    const checker = createCheckerApp(ctx);
    await checker.start();
    try {
      const { result } = await ctx.queues.run(JobName.ReconcileDomainSchedules, {}, 15_000);
      expect(result).toEqual(expect.objectContaining({ added: expect.any(Number), removed: expect.any(Number) }));
      expect((await readSchedules(ctx.queues, ctx.redis, DOMAIN_SCHEDULE)).get(domainSchedulerId(d.id))?.everyMs).toBe(FREQUENCY_MS.hourly);
    } finally {
      await checker.stop();
    }
  });
});

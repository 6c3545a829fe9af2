import type { Job } from 'bullmq';
import {
  Domain,
  FREQUENCY_MS,
  JobName,
  MONITORING_FREQUENCIES,
  Scan,
  bucketSchedulerId,
  domainBucket,
  insertScan,
  readQueueSchedules,
  syncDomainSchedule,
  type JobPayloads,
} from '@vigil/core';
import { bucketsOfDomain, createTestAccount, createTestContext, domainBucketMemberships, flushPrefixKeys, testClock, type TestContext } from '@vigil/testing';
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

const queue = () => ctx.queues.queueOf(JobName.DomainBucket);
/** Each domain's bucket membership, by domain id. */
const membership = async () => new Map((await domainBucketMemberships(ctx)).map(({ domainId, ...bucket }) => [domainId, bucket]));

describe('ReconcileDomainSchedules', () => {
  it('makes the domain buckets agree with PostgreSQL, removes per-domain schedulers of earlier releases, and leaves other schedulers alone', async () => {
    const { account } = await createTestAccount(ctx, 'enterprise');
    const daily = await domain(account.id, 'a.example');
    const hourly = await domain(account.id, 'b.example', { monitoringFrequency: 'hourly' });
    const inactive = await domain(account.id, 'c.example', { isActive: false });
    const off = await createTestAccount(ctx, 'pro');
    const ofInactiveAccount = await domain(off.account.id, 'd.example');
    await ctx.db.query('UPDATE accounts SET is_active = false WHERE id = $1', [off.account.id]);

    // Redis drifted: a deleted domain, an inactive one, one in the bucket of another frequency,
    // the per-domain schedulers of a release before buckets, and a scheduler that is not ours.
    await syncDomainSchedule(ctx.queues, { id: 777_777, monitoringFrequency: 'daily', isActive: true });
    await syncDomainSchedule(ctx.queues, { id: inactive.id, monitoringFrequency: 'daily', isActive: true });
    await syncDomainSchedule(ctx.queues, { id: hourly.id, monitoringFrequency: 'daily', isActive: true });
    for (const id of [daily.id, 888_888]) {
      await queue().upsertJobScheduler(`domain-${id}`, { every: FREQUENCY_MS.daily, offset: 1000 }, { name: JobName.DomainScan, data: { domainId: id } });
    }
    await queue().upsertJobScheduler('not-a-domain', { every: 3_600_000 }, { name: JobName.DomainScan, data: { domainId: 0 } });

    // Joined: daily, hourly (at its own frequency). Out: 777777, inactive, hourly's daily bucket, two per-domain schedulers.
    expect(await run()).toEqual({ added: 2, removed: 5 });

    const dailyBucket = domainBucket(daily.id, 'daily');
    const hourlyBucket = domainBucket(hourly.id, 'hourly');
    expect(await membership()).toEqual(new Map([[daily.id, dailyBucket], [hourly.id, hourlyBucket]]));
    expect([...(await readQueueSchedules(ctx.redis, queue())).keys()].sort()).toEqual([bucketSchedulerId(dailyBucket), bucketSchedulerId(hourlyBucket), 'not-a-domain'].sort());
    const [scheduled] = await bucketsOfDomain(ctx, daily.id);
    expect(scheduled.scheduler).toMatchObject({ every: FREQUENCY_MS.daily, name: JobName.DomainBucket, template: { data: dailyBucket } });
    expect((await membership()).has(ofInactiveAccount.id)).toBe(false);

    // Settled: a second run changes nothing.
    expect(await run()).toEqual({ added: 0, removed: 0 });
  });

  it('restores every domain into its bucket, with the bucket\'s scheduler, from an empty Redis', async () => {
    const { account } = await createTestAccount(ctx, 'enterprise');
    const domains = [];
    for (let i = 0; i < 40; i++) domains.push(await domain(account.id, `restore-${i}.example`, { monitoringFrequency: MONITORING_FREQUENCIES[i % MONITORING_FREQUENCIES.length] }));
    await run();
    await flushPrefixKeys(ctx);
    const wanted = await ctx.db.query<{ id: number; monitoring_frequency: Domain['monitoringFrequency'] }[]>(
      `SELECT d.id, d.monitoring_frequency FROM domains d JOIN accounts a ON a.id = d.account_id WHERE d.is_active AND a.is_active`,
    );
    expect((await run()).added).toBe(wanted.length);
    expect(await membership()).toEqual(new Map(wanted.map((d) => [d.id, domainBucket(d.id, d.monitoring_frequency)])));
    for (const d of domains) {
      const [b] = await bucketsOfDomain(ctx, d.id);
      expect(Number(b.scheduler?.every)).toBe(FREQUENCY_MS[d.monitoringFrequency]);
    }
  });

  it('re-adds the next run of a bucket whose delayed job was deleted (its domains would never be rescanned again)', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const d = await domain(account.id, 'lost-run.example', { monitoringFrequency: 'hourly' });
    await run();
    const id = bucketSchedulerId(domainBucket(d.id, 'hourly'));
    const s = await queue().getJobScheduler(id);
    // Deleted by hand (BullMQ refuses to remove a scheduler's job through its API).
    const jobId = `repeat:${id}:${s?.next}`;
    await ctx.redis.del(queue().toKey(jobId));
    await ctx.redis.zrem(queue().keys.delayed, jobId);
    expect((await readQueueSchedules(ctx.redis, queue())).get(id)?.hasNextJob).toBe(false);
    await run();
    const again = await queue().getJobScheduler(id);
    expect(await (await queue().getJob(`repeat:${id}:${again?.next}`))?.getState()).toBe('delayed');
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
      expect((await bucketsOfDomain(ctx, d.id)).map((b) => b.everyMs)).toEqual([FREQUENCY_MS.hourly]);
    } finally {
      await checker.stop();
    }
  });
});

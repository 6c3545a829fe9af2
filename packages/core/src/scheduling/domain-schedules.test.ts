import { bucketsOfDomain, createTestContext, type TestContext } from '@vigil/testing';
import { JobName } from '../queue/queue-names.js';
import { MONITORING_FREQUENCIES } from '../tiers/tiers.js';
import { DOMAIN_BUCKETS, FREQUENCY_MS, domainBucket, domainScanRunJobId, isPerDomainScheduler, removeDomainSchedule, syncDomainSchedule } from './domain-schedules.js';
import { bucketOf, bucketSchedulerId, slotOf } from './interval-buckets.js';

describe('domain buckets', () => {
  it('puts a domain in the bucket of its frequency, at the phase its own scheduler had', () => {
    for (const f of MONITORING_FREQUENCIES) {
      expect(domainBucket(1234, f)).toEqual(bucketOf(1234, FREQUENCY_MS[f]));
      expect(domainBucket(1234, f).slot).toBe(slotOf(1234, FREQUENCY_MS[f]));
    }
  });

  it('names a rescan run as the per-domain scheduler of earlier releases did, an id BullMQ accepts', () => {
    expect(domainScanRunJobId(42, 1_700_000_000_123)).toBe('repeat:domain-42:1700000000123');
  });

  it.each([
    ['domain-1', true],
    ['domain-2147483647', true],
    ['domain-0', false],
    ['domain-01', false],
    ['domain-', false],
    ['monitor-1', false],
    ['bucket-60000-1', false],
    ['reconcile-domain-schedules', false],
  ])('tells a per-domain scheduler of earlier releases: %s -> %s', (id, legacy) => {
    expect(isPerDomainScheduler(id)).toBe(legacy);
    expect(DOMAIN_BUCKETS.isLegacyScheduler(id)).toBe(legacy);
  });
});

describe('domain buckets in Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.teardown());

  const periodsOf = async (id: number) => (await bucketsOfDomain(ctx, id)).map((b) => b.everyMs);

  it('joins the bucket of its frequency while active, with the bucket scheduler of a DomainBucket run', async () => {
    expect(await syncDomainSchedule(ctx.queues, { id: 14, monitoringFrequency: 'hourly', isActive: true })).toBe('scheduled');
    const [b] = await bucketsOfDomain(ctx, 14);
    expect(b).toMatchObject({ ...domainBucket(14, 'hourly'), scheduler: { every: FREQUENCY_MS.hourly, name: JobName.DomainBucket, template: { data: domainBucket(14, 'hourly') } } });
    expect(b.scheduler?.key).toBe(bucketSchedulerId(domainBucket(14, 'hourly')));
    // On the scans queue, not on a checks queue: the scanner takes its runs.
    expect(await ctx.queues.queueOf(JobName.MonitorBucket).getJobScheduler(bucketSchedulerId(domainBucket(14, 'hourly')))).toBeUndefined();
  });

  it('moves to the bucket of a new frequency, and leaves every bucket when inactive or removed', async () => {
    await syncDomainSchedule(ctx.queues, { id: 15, monitoringFrequency: 'daily', isActive: true });
    expect(await periodsOf(15)).toEqual([FREQUENCY_MS.daily]);
    for (const f of MONITORING_FREQUENCIES) {
      await syncDomainSchedule(ctx.queues, { id: 15, monitoringFrequency: f, isActive: true });
      expect(await periodsOf(15)).toEqual([FREQUENCY_MS[f]]);
    }
    expect(await syncDomainSchedule(ctx.queues, { id: 15, monitoringFrequency: 'daily', isActive: false })).toBe('unscheduled');
    expect(await periodsOf(15)).toEqual([]);
    await syncDomainSchedule(ctx.queues, { id: 15, monitoringFrequency: '5min', isActive: true });
    await removeDomainSchedule(ctx.queues, 15);
    await removeDomainSchedule(ctx.queues, 15);
    expect(await periodsOf(15)).toEqual([]);
  });
});

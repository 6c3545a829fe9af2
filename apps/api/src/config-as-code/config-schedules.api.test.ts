import request from 'supertest';
import { createApp } from '@vigil/api';
import { createOutboxRelay, DEFAULT_REGION, Domain, JobName, Scan, verifyHostnameManually } from '@vigil/core';
import { bucketsOfDomain, bucketsOfMonitor, createTestAccount, createTestContext, deadRedisQueues, testClock, type TestAccount, type TestContext } from '@vigil/testing';

// A config apply changes schedules through the schedule outbox like the resource endpoints: rows
// written in its transaction, applied after the commit (nothing left pending).
const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let who: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  app = createApp(ctx);
  who = await createTestAccount(ctx, 'business');
  await verifyHostnameManually(ctx.db.manager, who.account.id, 'example.com', clock.now());
});
afterAll(() => ctx.teardown());

const apply = (doc: unknown, query = '') => request(app).post(`/api/v1/config/apply${query}`).set(who.auth).send(doc as object);
const intervalsOf = async (id: number) => (await bucketsOfMonitor(ctx, id)).map((b) => b.everyMs / 1000);
const pending = async () => Number((await ctx.db.query('SELECT count(*)::int AS n FROM schedule_outbox'))[0].n);
const idOf = async (name: string) => Number((await ctx.db.query('SELECT id FROM monitors WHERE account_id = $1 AND name = $2', [who.account.id, name]))[0].id);

const doc = (interval: number, withB = true) => ({
  domains: [{ key: 'shop', hostname: 'shop.example.com', monitoring_frequency: 'hourly' }],
  monitors: [
    { key: 'a', name: 'A', url: 'https://a.example.com/', check_interval: interval },
    ...(withB ? [{ key: 'b', name: 'B', url: 'https://b.example.com/', check_interval: 600 }] : []),
  ],
});

it('apply schedules what it creates, moves what changes interval, and unschedules what prune deletes', async () => {
  expect((await apply(doc(300))).status).toBe(200);
  const [a, b] = [await idOf('A'), await idOf('B')];
  expect([await intervalsOf(a), await intervalsOf(b)]).toEqual([[300], [600]]);
  const [domain] = await ctx.db.getRepository(Domain).findBy({ accountId: who.account.id });
  expect((await bucketsOfDomain(ctx, domain.id)).map((b) => b.scheduler?.every)).toEqual([3_600_000]);
  expect(await pending()).toBe(0);

  expect((await apply(doc(60))).status).toBe(200);
  expect(await intervalsOf(a)).toEqual([60]);

  expect((await apply(doc(60, false), '?prune=true')).status).toBe(200);
  expect(await intervalsOf(b)).toEqual([]);
  expect(await intervalsOf(a)).toEqual([60]);
  expect(await pending()).toBe(0);
});

it('an apply whose Redis work fails after the commit: the relay queues its first checks and initial scans', async () => {
  const other = await createTestAccount(ctx, 'business');
  await verifyHostnameManually(ctx.db.manager, other.account.id, 'relayed.example.com', clock.now());
  const dead = await deadRedisQueues(ctx.config.redisPrefix);
  try {
    const cut = createApp({ ...ctx, queues: dead.queues });
    const res = await request(cut)
      .post('/api/v1/config/apply')
      .set(other.auth)
      .send({
        domains: [{ key: 'r', hostname: 'relayed.example.com' }],
        monitors: [
          { key: 'x', name: 'X', url: 'https://x.relayed.example.com/' },
          { key: 'y', name: 'Y', url: 'https://y.relayed.example.com/' },
        ],
      });
    expect(res.status).toBe(200);
  } finally {
    await dead.close();
  }
  const monitors = ((await ctx.db.query('SELECT id FROM monitors WHERE account_id = $1 ORDER BY id', [other.account.id])) as { id: number }[]).map((r) => r.id);
  const [scan] = await ctx.db.getRepository(Scan).findBy({ accountId: other.account.id });
  const firstChecks = async () =>
    (await ctx.queues.checkQueue(DEFAULT_REGION).getJobs(['waiting'])).filter((j) => monitors.includes((j.data as { monitorId: number }).monitorId) && !j.id?.startsWith('repeat:'));
  const scanJobs = async () => (await ctx.queues.queueOf(JobName.TlsScan).getJobs(['waiting'])).filter((j) => (j.data as { scanId: number }).scanId === scan.id);
  expect(await firstChecks()).toEqual([]);
  expect(await scanJobs()).toEqual([]);
  await createOutboxRelay(ctx).relayNow();
  expect((await firstChecks()).map((j) => (j.data as { monitorId: number }).monitorId).sort()).toEqual(monitors);
  expect(await scanJobs()).toHaveLength(1);
  await createOutboxRelay(ctx).relayNow();
  expect(await firstChecks()).toHaveLength(2);
});

it('an apply that keeps every interval and region (a rename) leaves the schedules alone: no outbox row, no Redis work', async () => {
  const a = await idOf('A');
  const renamed = (interval: number) => ({ ...doc(interval, false), monitors: [{ key: 'a', name: 'A renamed', url: 'https://a.example.com/', check_interval: interval }] });
  // Redis down after the commit: a schedule change would stay in the outbox for the relay.
  const dead = await deadRedisQueues(ctx.config.redisPrefix);
  try {
    const cut = createApp({ ...ctx, queues: dead.queues });
    const res = await request(cut).post('/api/v1/config/apply').set(who.auth).send(renamed(60));
    expect([res.status, res.body.summary.update]).toEqual([200, 1]);
    expect(await pending()).toBe(0);
    // A change of interval still goes through the outbox.
    expect((await request(cut).post('/api/v1/config/apply').set(who.auth).send(renamed(300))).status).toBe(200);
    expect(await pending()).toBe(1);
  } finally {
    await dead.close();
  }
  await createOutboxRelay(ctx).relayNow();
  expect(await intervalsOf(a)).toEqual([300]);
  expect(await pending()).toBe(0);
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { JobName, bucketOf, bucketOffsetMs } from '@vigil/core';
import { bucketMemberships, bucketsOfMonitor, createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({
        pro: { requestsPerMinute: 100_000, requestsPerDay: null },
        business: { requestsPerMinute: 100_000, requestsPerDay: null },
      }),
    },
  });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'business');
});
afterAll(() => ctx.teardown());

const queue = () => ctx.queues.queueOf(JobName.MonitorCheck);
const scheduled = (id: number) => bucketsOfMonitor(ctx, id);
/** The monitor scheduled once, in its bucket of this interval, whose scheduler fires just before the monitor's phase. */
const scheduledEvery = (id: number, seconds: number) => {
  const bucket = bucketOf(id, seconds * 1000);
  return [{ ...bucket, scheduler: expect.objectContaining({ every: seconds * 1000, offset: bucketOffsetMs(bucket), template: expect.objectContaining({ data: bucket }) }) }];
};

let n = 0;
async function create(body: Record<string, unknown> = {}): Promise<number> {
  const res = await request(app)
    .post('/api/v1/uptime/monitors')
    .set(account.auth)
    .send({ name: 'S', url: `https://s${++n}.example.com/`, ...body });
  expect(res.status).toBe(201);
  return res.body.monitor.id as number;
}

/** How many memberships the interval buckets of the default region hold. */
const bucketMembersCount = async () => (await bucketMemberships(ctx)).length;

/** One-off check jobs (not scheduler runs) of a monitor still waiting in the queue. */
async function oneOffJobs(id: number) {
  const waiting = await queue().getWaiting();
  return waiting.filter((j) => j.data.monitorId === id && !j.id?.startsWith('repeat:'));
}

it('create puts the monitor in the bucket of its interval and phase and queues its first check', async () => {
  const id = await create({ check_interval: 600 });
  const [bucket] = await scheduled(id);
  expect([bucket]).toEqual(scheduledEvery(id, 600));
  expect((bucket.scheduler?.next ?? 0) % 600_000).toBe(bucketOffsetMs(bucket));
  const first = await oneOffJobs(id);
  expect(first).toHaveLength(1);
  expect(first[0].id).toMatch(new RegExp(`^check-${id}-created-\\d+-[0-9a-f]{8}$`));
  expect(first[0].data).toEqual({ monitorId: id });
});

it('pause takes the monitor out of its bucket, resume puts it back and runs a check at once', async () => {
  const id = await create();
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)).status).toBe(200);
  expect(await scheduled(id)).toEqual([]);
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)).status).toBe(200);
  expect(await scheduled(id)).toEqual([]);

  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth)).status).toBe(200);
  expect(await scheduled(id)).toEqual(scheduledEvery(id, 300));
  const jobs = await oneOffJobs(id);
  expect(jobs.map((j) => j.id?.replace(/-\d+-[0-9a-f]{8}$/, '')).sort()).toEqual([`check-${id}-created`, `check-${id}-resumed`]);
});

it('an interval change moves the monitor to the bucket of its new interval; other changes leave it alone', async () => {
  const id = await create({ check_interval: 300 });
  const before = await scheduled(id);
  expect(before).toEqual(scheduledEvery(id, 300));
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ timeout: 5, name: 'renamed' });
  expect(await scheduled(id)).toEqual(before);
  await request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ check_interval: 60 });
  const after = await scheduled(id);
  expect(after).toEqual(scheduledEvery(id, 60));
  expect((after[0].scheduler?.next ?? 0) % 60_000).toBe(bucketOffsetMs(after[0]));
});

it('is_active false takes the monitor out of its bucket, true puts it back, but not while paused', async () => {
  const id = await create();
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: false });
  expect(await scheduled(id)).toEqual([]);
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: true });
  expect(await scheduled(id)).toEqual(scheduledEvery(id, 300));
  await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth);
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: true, check_interval: 600 });
  expect(await scheduled(id)).toEqual([]);
  // Resuming an inactive monitor: status up, but it stays unscheduled and no check runs.
  await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: false });
  const resumed = await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth);
  expect(resumed.body.monitor.status).toBe('up');
  expect(await scheduled(id)).toEqual([]);
  expect((await oneOffJobs(id)).map((j) => j.id)).not.toContainEqual(expect.stringContaining('resumed'));
});

it('delete takes the monitor out of its bucket', async () => {
  const id = await create();
  expect(await scheduled(id)).toHaveLength(1);
  expect((await request(app).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth)).status).toBe(200);
  expect(await scheduled(id)).toEqual([]);
});

it('a refused change leaves the schedule as it was', async () => {
  const id = await create({ check_interval: 300 });
  const before = await scheduled(id);
  const pro = await createTestAccount(ctx, 'pro');
  expect((await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(pro.auth).send({ check_interval: 600 })).status).toBe(404);
  expect((await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ check_interval: 600, timeout: 0 })).status).toBe(400);
  expect(await scheduled(id)).toEqual(before);
});

it('50 concurrent creates at limit − 1 leave exactly one new monitor (and one new bucket member)', async () => {
  const limited = await createTestAccount(ctx, 'pro');
  const limit = ctx.config.tiers.pro.monitors ?? 0;
  await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url)
     SELECT $1, 'bulk', 'https://bulk.example.com/' || g, 'https://bulk.example.com/' || g FROM generate_series(1, $2::int) g`,
    [limited.account.id, limit - 1],
  );
  const membersBefore = await bucketMembersCount();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      request(app).post('/api/v1/uptime/monitors').set(limited.auth).send({ name: `race ${i}`, url: `https://race-${i}.example.com/` }),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 403)).toHaveLength(49);
  for (const a of answers.filter((x) => x.status === 403)) {
    expect(a.body).toMatchObject({ error: 'Monitor limit reached', limit, current: limit, remaining: 0, tier: 'pro' });
  }
  const [{ count }] = (await ctx.db.query('SELECT count(*)::int AS count FROM monitors WHERE account_id = $1', [limited.account.id])) as { count: number }[];
  expect(count).toBe(limit);
  expect(await bucketMembersCount()).toBe(membersBefore + 1);
});

it('concurrent creates of the same URL leave exactly one monitor', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'same', url: 'https://same.example.com/' })),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
});

it('100 concurrent creates of one account (no monitor limit) all succeed and are all scheduled', async () => {
  const unlimited = await createTestAccount(ctx, 'business');
  const membersBefore = await bucketMembersCount();
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      request(app).post('/api/v1/uptime/monitors').set(unlimited.auth).send({ name: `p ${i}`, url: `https://parallel-${i}.example.com/` }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
  const ids = answers.map((a) => a.body.monitor.id as number);
  expect(await bucketMembersCount()).toBe(membersBefore + 100);
  for (const id of ids) expect(await scheduled(id)).toEqual(scheduledEvery(id, 300));
});

it('limit + 5 concurrent creates on an empty account leave exactly limit monitors', async () => {
  const limited = await createTestAccount(ctx, 'pro');
  const limit = ctx.config.tiers.pro.monitors ?? 0;
  const answers = await Promise.all(
    Array.from({ length: limit + 5 }, (_, i) =>
      request(app).post('/api/v1/uptime/monitors').set(limited.auth).send({ name: `fill ${i}`, url: `https://fill-${i}.example.com/` }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
  expect(statuses.filter((s) => s === 403)).toHaveLength(5);
  const [{ count }] = (await ctx.db.query('SELECT count(*)::int AS count FROM monitors WHERE account_id = $1', [limited.account.id])) as { count: number }[];
  expect(count).toBe(limit);
});

it('at the limit, a duplicate URL still answers the limit first', async () => {
  const limited = await createTestAccount(ctx, 'pro');
  const limit = ctx.config.tiers.pro.monitors ?? 0;
  await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url)
     SELECT $1, 'bulk', 'https://bulk.example.com/' || g, 'https://bulk.example.com/' || g FROM generate_series(1, $2::int) g`,
    [limited.account.id, limit],
  );
  const res = await request(app).post('/api/v1/uptime/monitors').set(limited.auth).send({ name: 'dup', url: 'https://bulk.example.com/1' });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ error: 'Monitor limit reached', current: limit });
});

it('a create does not wait for another open write of the same account (no account lock)', async () => {
  for (const tier of ['business', 'pro'] as const) {
    const owner = await createTestAccount(ctx, tier);
    const open = ctx.db.createQueryRunner();
    await open.connect();
    await open.startTransaction();
    try {
      // Another write of the account, still open: a monitor inserted, not committed.
      await open.query(`INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'open', 'https://open.example.com/', 'https://open.example.com/')`, [
        owner.account.id,
      ]);
      const res = await request(app).post('/api/v1/uptime/monitors').set(owner.auth).send({ name: 'meanwhile', url: 'https://meanwhile.example.com/' });
      expect(res.status).toBe(201);
    } finally {
      await open.rollbackTransaction();
      await open.release();
    }
  }
});

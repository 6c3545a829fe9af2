import request from 'supertest';
import { createApp } from '@vigil/api';
import { createOutboxRelay } from '@vigil/core';
import { bucketsOfMonitor, createTestAccount, createTestContext, deadRedisQueues, type TestAccount, type TestContext } from '@vigil/testing';

// Schedule changes go through the schedule outbox: written with the change, applied after the
// commit; when Redis fails there, the request answers as usual and the relay applies it later.
let ctx: TestContext;
let account: TestAccount;
let dead: Awaited<ReturnType<typeof deadRedisQueues>>;
/** The API whose queues' Redis is down (the rest of its context, rate limits included, is up). */
let cut: ReturnType<typeof createApp>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createTestAccount(ctx, 'business');
  dead = await deadRedisQueues(ctx.config.redisPrefix);
  cut = createApp({ ...ctx, queues: dead.queues });
  app = createApp(ctx);
});
afterAll(async () => {
  await dead.close();
  await ctx.teardown();
});

const intervalsOf = async (id: number) => (await bucketsOfMonitor(ctx, id)).map((b) => b.everyMs / 1000);
const pendingOf = async (id: number) =>
  Number((await ctx.db.query(`SELECT count(*)::int AS n FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = $1`, [id]))[0].n);

let n = 0;
const create = (via: ReturnType<typeof createApp>, body: Record<string, unknown> = {}) =>
  request(via)
    .post('/api/v1/uptime/monitors')
    .set(account.auth)
    .send({ name: 'O', url: `https://outbox-${++n}.example.com/`, ...body });

it('a create while Redis refuses answers 201; the schedule appears once the relay reaches Redis', async () => {
  // The first check cannot be queued either: it waits for Redis at most 5 s, then the create answers.
  const res = await create(cut, { check_interval: 600 });
  expect(res.status).toBe(201);
  const id = res.body.monitor.id as number;
  expect(await intervalsOf(id)).toEqual([]);
  expect(await pendingOf(id)).toBe(1);
  await createOutboxRelay(ctx).relayNow();
  expect(await intervalsOf(id)).toEqual([600]);
  expect(await pendingOf(id)).toBe(0);
});

it('changes left pending while Redis refused are applied as the monitor stands, whoever applies them', async () => {
  const id = (await create(app, { check_interval: 300 })).body.monitor.id as number;
  expect(await intervalsOf(id)).toEqual([300]);
  expect((await request(cut).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ check_interval: 60 })).status).toBe(200);
  expect((await request(cut).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)).status).toBe(200);
  expect(await intervalsOf(id)).toEqual([300]);
  expect(await pendingOf(id)).toBe(2);
  // The next change that reaches Redis applies the earlier ones with it: paused, in no bucket.
  expect((await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ is_active: true })).status).toBe(200);
  expect(await intervalsOf(id)).toEqual([]);
  expect(await pendingOf(id)).toBe(0);
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth)).status).toBe(200);
  expect(await intervalsOf(id)).toEqual([60]);
});

it('a delete while Redis refuses answers 200; the relay takes the monitor out of its bucket', async () => {
  const created = await create(app, { check_interval: 600 });
  expect(created.status).toBe(201);
  const id = created.body.monitor.id as number;
  expect((await request(cut).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth)).status).toBe(200);
  expect(await intervalsOf(id)).toEqual([600]);
  await createOutboxRelay(ctx).relayNow();
  expect(await intervalsOf(id)).toEqual([]);
});

it('concurrent creates, pauses, resumes, interval changes and deletes (their applies grouped) each answer with Redis as they left it, nothing pending', async () => {
  const ids = await Promise.all(Array.from({ length: 12 }, async () => (await create(app, { check_interval: 300 })).body.monitor.id as number));
  for (const id of ids) expect(await intervalsOf(id)).toEqual([300]);
  const [paused, moved, deleted] = [ids.slice(0, 4), ids.slice(4, 8), ids.slice(8)];
  const answers = await Promise.all([
    ...paused.map((id) => request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)),
    ...moved.map((id) => request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ check_interval: 600 })),
    ...deleted.map((id) => request(app).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth)),
  ]);
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  for (const id of paused) expect(await intervalsOf(id)).toEqual([]);
  for (const id of moved) expect(await intervalsOf(id)).toEqual([600]);
  for (const id of deleted) expect(await intervalsOf(id)).toEqual([]);
  const resumed = await Promise.all(paused.map((id) => request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth)));
  expect(resumed.map((a) => a.status)).toEqual(Array(4).fill(200));
  for (const id of paused) expect(await intervalsOf(id)).toEqual([300]);
  for (const id of ids) expect(await pendingOf(id)).toBe(0);
});

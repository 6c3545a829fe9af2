import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { JobName, statusVersionKey, type HeartbeatPingPayload, type HeartbeatPingsPayload } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { heartbeatPingJobs } from './heartbeat.jobs.js';

// The ping handlers: pings of jobs running at once are recorded together, each answered its own outcome.
let ctx: TestContext;
const clock = testClock('2026-06-02T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

const ping = (monitorId: number, kind: HeartbeatPingPayload['kind'], afterMs: number): HeartbeatPingPayload => ({
  pingId: randomUUID(),
  monitorId,
  kind,
  exitCode: null,
  body: null,
  receivedAt: new Date(clock.now().getTime() + afterMs).toISOString(),
});
/** A new account's heartbeat monitors (period and grace 60 s), by name: the account and their ids. */
async function heartbeatMonitors(names: string[]) {
  const app = createApp(ctx);
  const who = await createTestAccount(ctx, 'pro');
  const ids: number[] = [];
  for (const name of names) {
    const res = await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ type: 'heartbeat', name, config: { period: 60, grace: 60 } });
    ids.push(res.body.monitor.id as number);
  }
  return { who, ids };
}

/** Runs `work`, counting the transactions opened meanwhile (a batch opens one; the singles' path one per ping). */
async function countingTransactions<T>(work: () => Promise<T>): Promise<{ result: T; transactions: number }> {
  let transactions = 0;
  const spy = ctx.db.transaction.bind(ctx.db);
  ctx.db.transaction = ((...args: Parameters<typeof spy>) => {
    transactions++;
    return spy(...args);
  }) as typeof ctx.db.transaction;
  try {
    return { result: await work(), transactions };
  } finally {
    ctx.db.transaction = spy;
  }
}

const checksOf = async (ids: number[]) => Number((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE monitor_id = ANY($1)`, [ids]))[0].n);

it('concurrent ping jobs: each its own answer, one batch, the outbox relay woken and the status pages told of the incident they opened', async () => {
  const { who, ids } = await heartbeatMonitors(['a', 'b']);
  let woken = 0;
  const judge = heartbeatPingJobs(ctx, () => woken++, { maxBatch: 100, maxDelayMs: 50, maxInFlight: 1 })[JobName.HeartbeatPing];
  const jobs = [ping(ids[0], 'success', 1_000), ping(ids[1], 'failure', 1_000), ping(ids[1], 'failure', 2_000), ping(ids[0], 'start', 3_000), ping(ids[1], 'start', 500)];
  const version = async () => Number((await ctx.redis.get(statusVersionKey(ctx.config.redisPrefix, who.account.id))) ?? 0);
  const versionBefore = await version();
  const before = await checksOf(ids);
  const { result: answers, transactions } = await countingTransactions(() => Promise.all(jobs.map((p) => judge(p, {} as Job<HeartbeatPingPayload>))));
  expect(answers).toEqual(jobs.map(() => ({ recorded: true })));
  expect(transactions).toBe(1);
  const after = await checksOf(ids);
  // Starts record no check; the two failures open an incident (alert events in the outbox).
  expect(after - before).toBe(3);
  expect(woken).toBe(1);
  expect(await version()).toBe(versionBefore + 1);
});

it('a HeartbeatPings job: its pings in one transaction, how many changed something answered; delivered again, none recorded twice', async () => {
  const { ids } = await heartbeatMonitors(['c', 'd']);
  const handle = heartbeatPingJobs(ctx, () => undefined, { maxBatch: 100, maxDelayMs: 50, maxInFlight: 1 })[JobName.HeartbeatPings];
  const job = { data: { pings: [ping(ids[0], 'start', 100), ping(ids[0], 'success', 200), ping(ids[1], 'success', 300)] } } as Job<HeartbeatPingsPayload>;
  const before = await checksOf(ids);
  const { result, transactions } = await countingTransactions(() => handle(job.data, job));
  expect(result).toEqual({ recorded: 3 });
  expect(transactions).toBe(1);
  // The start records no check; the two successes do.
  expect((await checksOf(ids)) - before).toBe(2);
  expect(await handle(job.data, job)).toEqual({ recorded: 0 });
  expect((await checksOf(ids)) - before).toBe(2);
});

it('a HeartbeatPings job with a ping that fails fails (BullMQ retries it), its other pings recorded once', async () => {
  const {
    ids: [id],
  } = await heartbeatMonitors(['e']);
  const handle = heartbeatPingJobs(ctx, () => undefined, { maxBatch: 100, maxDelayMs: 50, maxInFlight: 1 })[JobName.HeartbeatPings];
  const broken = { ...ping(id, 'success', 400), receivedAt: 'not a time' };
  const job = { data: { pings: [ping(id, 'success', 100), broken] } } as Job<HeartbeatPingsPayload>;
  await expect(handle(job.data, job)).rejects.toThrow();
  expect(await checksOf([id])).toBe(1);
  // The retry: the recorded ping is not recorded again, the broken one fails again.
  await expect(handle(job.data, job)).rejects.toThrow();
  expect(await checksOf([id])).toBe(1);
  expect(await handle({ pings: [job.data.pings[0]] }, job)).toEqual({ recorded: 0 });
});

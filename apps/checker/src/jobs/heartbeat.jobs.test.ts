import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { statusVersionKey, type HeartbeatPingPayload } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { heartbeatPingJob } from './heartbeat.jobs.js';

// The HeartbeatPing handler: jobs running at once are recorded together, each answered its own outcome.
let ctx: TestContext;
const clock = testClock('2026-06-02T09:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

it('concurrent ping jobs: each its own answer, one batch, the outbox relay woken and the status pages told of the incident they opened', async () => {
  const app = createApp(ctx);
  const who = await createTestAccount(ctx, 'pro');
  const ids: number[] = [];
  for (const name of ['a', 'b']) {
    const res = await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ type: 'heartbeat', name, config: { period: 60, grace: 60 } });
    ids.push(res.body.monitor.id as number);
  }
  let woken = 0;
  let batches = 0;
  const judge = heartbeatPingJob(ctx, () => woken++, { maxBatch: 100, maxDelayMs: 50, maxInFlight: 1 });
  const ping = (monitorId: number, kind: HeartbeatPingPayload['kind'], afterMs: number): HeartbeatPingPayload => ({
    pingId: randomUUID(),
    monitorId,
    kind,
    exitCode: null,
    body: null,
    receivedAt: new Date(clock.now().getTime() + afterMs).toISOString(),
  });
  const jobs = [ping(ids[0], 'success', 1_000), ping(ids[1], 'failure', 1_000), ping(ids[1], 'failure', 2_000), ping(ids[0], 'start', 3_000), ping(ids[1], 'start', 500)];
  const version = async () => Number((await ctx.redis.get(statusVersionKey(ctx.config.redisPrefix, who.account.id))) ?? 0);
  const versionBefore = await version();
  const before = Number((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE monitor_id = ANY($1)`, [ids]))[0].n);
  // Batches counted by the transactions opened (the singles' path opens one per ping).
  const spy = ctx.db.transaction.bind(ctx.db);
  ctx.db.transaction = ((...args: Parameters<typeof spy>) => {
    batches++;
    return spy(...args);
  }) as typeof ctx.db.transaction;
  try {
    const answers = await Promise.all(jobs.map((p) => judge(p, {} as Job<HeartbeatPingPayload>)));
    expect(answers).toEqual(jobs.map(() => ({ recorded: true })));
  } finally {
    ctx.db.transaction = spy;
  }
  expect(batches).toBe(1);
  const after = Number((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE monitor_id = ANY($1)`, [ids]))[0].n);
  // Starts record no check; the two failures open an incident (alert events in the outbox).
  expect(after - before).toBe(3);
  expect(woken).toBe(1);
  expect(await version()).toBe(versionBefore + 1);
});

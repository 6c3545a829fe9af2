import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { JobName, monitoredTiers, type HeartbeatPingPayload, type Tier } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { recordPing, recordPings } from './record-pings.js';

// Pings recorded together (one transaction for the HeartbeatPing jobs running at once) leave
// exactly what recording them one after the other leaves: checks, ping bodies, heartbeat state,
// monitor state and alert events.
const clock = testClock('2026-06-01T08:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let who: TestAccount;
let tiers: readonly Tier[];

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  app = createApp(ctx);
  who = await createTestAccount(ctx, 'pro');
  tiers = monitoredTiers(ctx.config.tiers);
});
afterAll(() => ctx.teardown());

async function heartbeat(name: string): Promise<number> {
  const res = await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ type: 'heartbeat', name, config: { period: 60, grace: 60 } });
  expect(res.status).toBe(201);
  return res.body.monitor.id as number;
}

type Ping = Pick<HeartbeatPingPayload, 'kind' | 'exitCode' | 'body'> & { afterMs: number };
const payload = (monitorId: number, p: Ping): HeartbeatPingPayload => ({
  pingId: randomUUID(),
  monitorId,
  kind: p.kind,
  exitCode: p.exitCode,
  body: p.body,
  receivedAt: new Date(clock.now().getTime() + p.afterMs).toISOString(),
});

/** Everything a ping can change, of one monitor, without its id. */
async function footprint(id: number) {
  const checks = await ctx.db.query(`SELECT status, error, checked_at, ping_body FROM checks WHERE monitor_id = $1 ORDER BY checked_at, id`, [id]);
  const [state] = await ctx.db.query(
    `SELECT anchor_at, last_start_at, last_success_at, last_failure_at, late_through_at, slow_start_at, deadline_at FROM heartbeat_monitors WHERE monitor_id = $1`,
    [id],
  );
  const [monitor] = await ctx.db.query(`SELECT status, consecutive_failures, consecutive_successes FROM monitors WHERE id = $1`, [id]);
  const events = (await ctx.db.query(`SELECT payload->>'event' AS event FROM outbox WHERE job_name = $1 AND (payload->>'monitorId')::int = $2 ORDER BY id`, [JobName.AlertEvent, id])) as {
    event: string;
  }[];
  const incidents = await ctx.db.query(`SELECT status FROM incidents WHERE monitor_id = $1 ORDER BY id`, [id]);
  return { checks, state, monitor, events: events.map((e) => e.event), incidents };
}

const scripts: Record<string, Ping[]> = {
  job: [
    { kind: 'start', exitCode: null, body: null, afterMs: 1_000 },
    { kind: 'success', exitCode: null, body: null, afterMs: 5_000 },
    { kind: 'failure', exitCode: 2, body: 'disk full\n', afterMs: 10_000 },
    { kind: 'failure', exitCode: null, body: null, afterMs: 12_000 },
    { kind: 'failure', exitCode: null, body: 'again', afterMs: 14_000 },
    { kind: 'start', exitCode: null, body: null, afterMs: 20_000 },
    { kind: 'start', exitCode: null, body: null, afterMs: 20_000 },
    { kind: 'success', exitCode: null, body: null, afterMs: 25_000 },
  ],
  flappy: [
    { kind: 'failure', exitCode: null, body: null, afterMs: 2_000 },
    { kind: 'success', exitCode: null, body: null, afterMs: 3_000 },
    { kind: 'failure', exitCode: 1, body: 'x', afterMs: 4_000 },
    { kind: 'failure', exitCode: null, body: null, afterMs: 4_500 },
    { kind: 'failure', exitCode: null, body: null, afterMs: 5_000 },
  ],
};

it('a batch of pings of several monitors leaves what the same pings recorded one by one leave', async () => {
  const together = { job: await heartbeat('together job'), flappy: await heartbeat('together flappy') };
  const alone = { job: await heartbeat('alone job'), flappy: await heartbeat('alone flappy') };
  const batch = Object.entries(scripts).flatMap(([name, pings]) => pings.map((p) => payload(together[name as keyof typeof together], p)));
  // Jobs start in any order: the batch judges each monitor's pings in the order they were received.
  const shuffled = [...batch].reverse();
  const recorded = await recordPings(ctx.db, tiers, shuffled, ctx.logger);
  expect([recorded.together, recorded.outcomes.every((o) => o.status === 'fulfilled')]).toEqual([true, true]);

  const oneByOne = Object.entries(scripts).flatMap(([name, pings]) => pings.map((p) => payload(alone[name as keyof typeof alone], p)));
  const single: boolean[] = [];
  for (const p of oneByOne) single.push((await recordPing(ctx.db, tiers, p)).recorded);

  // Which of two identical starts counts depends on arrival; how many do not.
  const flags = recorded.outcomes.map((o) => (o.status === 'fulfilled' ? o.value.recorded : null));
  expect([...flags].sort()).toEqual([...single].sort());
  // The second start at the same instant is a repeat: not recorded, either way.
  expect(single.filter((r) => !r)).toHaveLength(1);
  for (const name of Object.keys(scripts) as (keyof typeof together)[]) {
    const [a, b] = [await footprint(together[name]), await footprint(alone[name])];
    expect(a).toEqual(b);
    expect(a.checks.length).toBeGreaterThan(3);
    expect(a.events.length).toBeGreaterThan(0);
  }
  expect(recorded.alerts.length).toBeGreaterThan(0);
});

it('a ping delivered again in a batch: the batch goes ping by ping, one check per ping', async () => {
  const id = await heartbeat('redelivered');
  const [first, second, third] = [0, 1, 2].map((i) => payload(id, { kind: 'success', exitCode: null, body: null, afterMs: 30_000 + i * 1_000 }));
  expect((await recordPing(ctx.db, tiers, first)).recorded).toBe(true);
  const again = await recordPings(ctx.db, tiers, [first, second, third], ctx.logger);
  expect(again.together).toBe(false);
  expect(again.outcomes.map((o) => (o.status === 'fulfilled' ? o.value.recorded : o.reason))).toEqual([false, true, true]);
  expect((await footprint(id)).checks).toHaveLength(3);
});

it('batches over the same monitors at once wait on each other and record every ping', async () => {
  const [a, b] = [await heartbeat('shared a'), await heartbeat('shared b')];
  const batches = Array.from({ length: 4 }, (_, n) => [a, b, b, a].map((id, i) => payload(id, { kind: 'success', exitCode: null, body: null, afterMs: 40_000 + n * 100 + i })));
  const done = await Promise.all(batches.map((pings) => recordPings(ctx.db, tiers, pings, ctx.logger)));
  expect(done.map((d) => d.together)).toEqual([true, true, true, true]);
  expect(done.flatMap((d) => d.outcomes).every((o) => o.status === 'fulfilled' && o.value.recorded)).toBe(true);
  expect([(await footprint(a)).checks.length, (await footprint(b)).checks.length]).toEqual([8, 8]);
});

it('pings of a paused or deleted monitor are taken and change nothing, beside pings that do', async () => {
  const [live, paused] = [await heartbeat('live'), await heartbeat('paused')];
  expect((await request(app).post(`/api/v1/uptime/monitors/${paused}/pause`).set(who.auth)).status).toBe(200);
  const pings = [live, paused, 987_654_321].map((id) => payload(id, { kind: 'success', exitCode: null, body: null, afterMs: 50_000 }));
  const done = await recordPings(ctx.db, tiers, pings, ctx.logger);
  expect(done.together).toBe(true);
  expect(done.outcomes.map((o) => (o.status === 'fulfilled' ? o.value.recorded : o.reason))).toEqual([true, false, false]);
  expect([(await footprint(live)).checks.length, (await footprint(paused)).checks.length]).toEqual([1, 0]);
});

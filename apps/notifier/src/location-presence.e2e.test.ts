import { createHmac } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { sweepLocationPresenceJob } from '@vigil/checker';
import { AlertDelivery, QueueName, relayOutboxBatch, sweepLocationPresence } from '@vigil/core';
import { createTestAccount, createTestContext, startReceiver, testClock, waitFor, type Receiver, type TestContext } from '@vigil/testing';
import { createNotifierApp } from './app.js';
import { webhookIntegration } from './testing/fixtures.js';

/**
 * location.offline and location.online end to end, on an injected clock: agents poll through
 * the API's lease endpoint, the checker's sweep job finds the silence and writes the event to
 * the outbox, the relay queues it and the notifier POSTs it, signed, to a loopback receiver.
 */
const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let api: ReturnType<typeof createApp>;
let receiver: Receiver;
let notifier: ReturnType<typeof createNotifierApp>;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  api = createApp(ctx);
  receiver = await startReceiver();
  notifier = createNotifierApp(ctx);
  await notifier.start();
});
afterAll(async () => {
  await notifier.stop();
  await receiver.close();
  await ctx.teardown();
});

interface Envelope {
  id: string;
  event: string;
  created_at: string;
  data: Record<string, unknown>;
}

const SECRET = 'whsec_location';

/** One run of the checker's sweep job, then the outbox relayed to the alerts queue. */
async function runSweep() {
  const outcome = await sweepLocationPresenceJob(ctx, () => undefined)({}, undefined as never);
  while ((await relayOutboxBatch(ctx.db, ctx.queues, { batch: 500, enqueueTimeoutMs: 5_000 })) > 0);
  return outcome;
}

async function newLocation(auth: { Authorization: string }, name: string, offlineAfterSeconds: number) {
  const res = await request(api).post('/api/v1/locations').set(auth).send({ name, offline_after_seconds: offlineAfterSeconds });
  expect(res.status).toBe(201);
  return res.body as { location: { id: number; name: string }; agent_key: string };
}

async function poll(agentKey: string) {
  const res = await request(api).post('/api/v1/agent/leases').set({ Authorization: `Bearer ${agentKey}` }).send({ agent_id: 'office-1.1', version: '0.1.0', wait_seconds: 0 });
  expect(res.status).toBe(200);
}

const hooks = (path: string) =>
  receiver.requests.filter((r) => r.path === path).map((r) => ({ headers: r.headers, raw: r.raw, body: r.json as Envelope }));

describe('location.offline and location.online', () => {
  it('alerts once per silence of a location that had an agent, and again when an agent is back; a never-connected location stays quiet', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await webhookIntegration(ctx, account.id, `${receiver.url}/hook`, SECRET, { events: ['location.offline', 'location.online'] });
    const office = await newLocation(auth, 'office', 60);
    await newLocation(auth, 'lab', 60);
    const started = clock.now();
    await poll(office.agent_key);

    // 59 s of silence: not offline yet. 60 s: offline, once, however often the sweep runs.
    clock.advance(59_000);
    expect(await runSweep()).toMatchObject({ offline: 0, online: 0 });
    clock.advance(1_000);
    expect(await runSweep()).toMatchObject({ offline: 1, online: 0 });
    clock.advance(600_000);
    expect(await runSweep()).toMatchObject({ offline: 0, online: 0 });

    const [offline] = await waitFor(() => (hooks('/hook').length ? hooks('/hook') : null), { timeoutMs: 20_000, what: 'the location.offline webhook' });
    expect(offline.headers['x-vigil-event']).toBe('location.offline');
    expect(offline.headers['x-vigil-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(offline.raw).digest('hex')}`);
    expect(offline.body).toEqual({
      id: `location-${office.location.id}-offline-${started.getTime()}`,
      event: 'location.offline',
      created_at: new Date(started.getTime() + 60_000).toISOString(),
      data: {
        location: { id: office.location.id, name: 'office' },
        last_poll: started.toISOString(),
        offline_after_seconds: 60,
        location_url: `${ctx.config.baseUrl}/api/v1/locations/${office.location.id}`,
      },
    });
    const detail = await request(api).get(`/api/v1/locations/${office.location.id}`).set(auth);
    expect(detail.body.location).toMatchObject({ status: 'offline', connected_agents: 0 });

    // An agent polls again: location.online, once, naming the silence it ends.
    await poll(office.agent_key);
    const back = clock.now();
    clock.advance(5_000);
    expect(await runSweep()).toMatchObject({ offline: 0, online: 1 });
    expect(await runSweep()).toMatchObject({ offline: 0, online: 0 });
    const online = await waitFor(() => hooks('/hook').find((h) => h.body.event === 'location.online'), { timeoutMs: 20_000, what: 'the location.online webhook' });
    expect(online.body).toEqual({
      id: `location-${office.location.id}-online-${started.getTime()}`,
      event: 'location.online',
      created_at: clock.now().toISOString(),
      data: {
        location: { id: office.location.id, name: 'office' },
        offline_since: started.toISOString(),
        last_poll: back.toISOString(),
        offline_seconds: (back.getTime() - started.getTime()) / 1000,
        location_url: `${ctx.config.baseUrl}/api/v1/locations/${office.location.id}`,
      },
    });

    // A second silence is a new episode: a new event id.
    clock.advance(60_000);
    expect(await runSweep()).toMatchObject({ offline: 1, online: 0 });
    const second = await waitFor(() => (hooks('/hook').length === 3 ? hooks('/hook')[2] : null), { timeoutMs: 20_000, what: 'the second location.offline' });
    expect(second.body).toMatchObject({ id: `location-${office.location.id}-offline-${back.getTime()}`, event: 'location.offline' });

    // The never-connected location sent nothing; each event was delivered once.
    // (The delivery row is marked after the receiver answered: wait for the last one.)
    const rows = await waitFor(
      async () => {
        const all = await ctx.db.getRepository(AlertDelivery).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
        return all.length === 3 && all.every((r) => r.status !== 'pending') ? all : null;
      },
      { what: 'three deliveries done' },
    );
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      ['location.offline', 'success'],
      ['location.online', 'success'],
      ['location.offline', 'success'],
    ]);
    expect(hooks('/hook')).toHaveLength(3);
  });

  it('an integration that does not subscribe gets nothing; an inactive account is not swept', async () => {
    const quiet = await createTestAccount(ctx, 'pro');
    await webhookIntegration(ctx, quiet.account.id, `${receiver.url}/quiet`, SECRET, { events: ['monitor.down'] });
    const gone = await createTestAccount(ctx, 'pro');
    await webhookIntegration(ctx, gone.account.id, `${receiver.url}/gone`, SECRET);
    const a = await newLocation(quiet.auth, 'office', 60);
    const b = await newLocation(gone.auth, 'office', 60);
    await poll(a.agent_key);
    await poll(b.agent_key);
    await ctx.db.query(`UPDATE accounts SET is_active = false WHERE id = $1`, [gone.account.id]);
    clock.advance(120_000);
    await runSweep();
    const offlineSince = (await ctx.db.query(`SELECT id, offline_since FROM locations WHERE id = ANY($1) ORDER BY id`, [[a.location.id, b.location.id]])) as {
      id: number;
      offline_since: Date | null;
    }[];
    expect(offlineSince.map((r) => r.offline_since !== null)).toEqual([true, false]);
    // The event was fanned out to no one.
    const eventId = `location-${a.location.id}-offline-${offlineSince[0].offline_since?.getTime()}`;
    await waitFor(async () => (await (await ctx.queues.queue(QueueName.Alerts).getJob(eventId))?.getState()) === 'completed', { what: 'the fan-out of the event' });
    expect(await ctx.db.getRepository(AlertDelivery).countBy({ accountId: quiet.account.id })).toBe(0);
    expect(receiver.requests.filter((r) => r.path === '/quiet' || r.path === '/gone')).toEqual([]);
  });
});

describe('sweepLocationPresence bounds', () => {
  it('reads `batch` locations per query and `rounds` queries per run, and carries on from its cursor next run', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const made: Awaited<ReturnType<typeof newLocation>>[] = [];
    for (const name of ['b1', 'b2', 'b3', 'b4', 'b5']) made.push(await newLocation(auth, name, 60));
    for (const l of made) await poll(l.agent_key);
    clock.advance(61_000);
    // Every earlier location of this file's database is swept too: count only ours.
    const ours = async () =>
      ((await ctx.db.query(`SELECT count(*)::int AS n FROM locations WHERE id = ANY($1) AND offline_since IS NOT NULL`, [made.map((l) => l.location.id)])) as { n: number }[])[0].n;
    let runs = 0;
    while ((await ours()) < made.length && runs < 50) {
      const outcome = await sweepLocationPresence(ctx, clock.now(), { batch: 2, rounds: 1 });
      expect(outcome.locations).toBeLessThanOrEqual(2);
      runs++;
    }
    expect(await ours()).toBe(made.length);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { JobName, agentKeyStampKey, bumpAgentKeyStamp, createSecretBox, leaseBox, leaseSecretOf, offerRuns } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_REGIONS: 'default,eu' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function newLocation(auth: { Authorization: string }, body: Record<string, unknown>) {
  const res = await request(app).post('/api/v1/locations').set(auth).send(body);
  expect(res.status).toBe(201);
  return res.body as { location: { id: number; name: string }; agent_key: string };
}

describe('/api/v1/locations', () => {
  it('creates a private location whose agent key is shown once, lists it after the public regions, and shows it to its account only', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/locations').set(auth).send({ name: 'office', allowed_cidrs: ['10.0.0.0/8'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      location: {
        id: expect.any(Number),
        name: 'office',
        kind: 'private',
        allowed_cidrs: ['10.0.0.0/8'],
        key_prefix: res.body.agent_key.slice(0, 8),
        offline_after_seconds: 300,
        created_at: expect.any(String),
        key_rotated_at: null,
        previous_key_expires_at: null,
      },
      agent_key: expect.stringMatching(/^vgla_[A-Za-z0-9_-]{43}$/),
      message: 'Location created. Store the agent key now: it is not shown again.',
    });
    const stored = (await ctx.db.query(`SELECT key_hash, lease_secret FROM locations WHERE id = $1`, [res.body.location.id])) as { key_hash: string; lease_secret: string }[];
    expect(JSON.stringify(stored)).not.toContain(res.body.agent_key);
    expect(JSON.stringify(stored)).not.toContain(leaseSecretOf(res.body.agent_key));

    const list = await request(app).get('/api/v1/locations').set(auth);
    expect(list.status).toBe(200);
    expect(list.body.locations.map((l: { name: string; kind: string; id: number | null }) => [l.name, l.kind, l.id])).toEqual([
      ['default', 'public', null],
      ['eu', 'public', null],
      ['office', 'private', res.body.location.id],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.agent_key);

    const one = await request(app).get(`/api/v1/locations/${res.body.location.id}`).set(auth);
    expect(one.status).toBe(200);
    expect(one.body.location).toMatchObject({ name: 'office', status: 'never_connected', connected_agents: 0, last_poll: null, agents: [], backlog: { due: 0, leased: 0 } });

    const other = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/locations/${res.body.location.id}`).set(other.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/locations/${res.body.location.id}`).set(other.auth)).status).toBe(404);
    expect((await request(app).post(`/api/v1/locations/${res.body.location.id}/rotate-key`).set(other.auth)).status).toBe(404);
    expect((await request(app).get('/api/v1/locations').set(other.auth)).body.locations.map((l: { name: string }) => l.name)).toEqual(['default', 'eu']);
  });

  it.each([
    [{}, 400, "Invalid name: lower-case letters, digits and '-', starting with a letter, at most 32 characters"],
    [{ name: 'Office' }, 400, "Invalid name: lower-case letters, digits and '-', starting with a letter, at most 32 characters"],
    [{ name: 'lab', allowed_cidrs: ['10.0.0.1'] }, 400, 'Invalid allowed_cidrs: must be a list of at most 32 distinct CIDR networks (e.g. 10.0.0.0/8)'],
    [{ name: 'lab', allowed_cidrs: 'x' }, 400, 'Invalid allowed_cidrs: must be a list of at most 32 distinct CIDR networks (e.g. 10.0.0.0/8)'],
    [{ name: 'lab', offline_after_seconds: 5 }, 400, 'Invalid offline_after_seconds: must be an integer from 60 to 86400'],
    [{ name: 'eu' }, 409, 'Location name is taken by a public region'],
  ])('answers %p with %p %p', async (body, status, error) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/locations').set(auth).send(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
  });

  it('refuses a second location of the same name in one account, not in another', async () => {
    const a = await createTestAccount(ctx, 'pro');
    const b = await createTestAccount(ctx, 'pro');
    await newLocation(a.auth, { name: 'lab' });
    const again = await request(app).post('/api/v1/locations').set(a.auth).send({ name: 'lab' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Location name already exists' });
    await newLocation(b.auth, { name: 'lab' });
  });

  it('lets monitors name their own private locations in regions, not another account\'s, and keeps a used location', async () => {
    const a = await createTestAccount(ctx, 'pro');
    const b = await createTestAccount(ctx, 'pro');
    const { location } = await newLocation(a.auth, { name: 'branch' });
    const created = await request(app).post('/api/v1/uptime/monitors').set(a.auth).send({ name: 'intranet', url: 'https://example.com/', regions: ['default', 'branch'] });
    expect(created.status).toBe(201);
    const foreign = await request(app).post('/api/v1/uptime/monitors').set(b.auth).send({ name: 'x', url: 'https://example.org/', regions: ['branch'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatch(/^Invalid regions: unknown region "branch"/);
    // Buckets only in the public region: nobody in the cluster consumes a private location's queue.
    const members = await ctx.redis.keys(`${ctx.config.redisPrefix}:checks.branch*`);
    expect(members).toEqual([]);

    const del = await request(app).delete(`/api/v1/locations/${location.id}`).set(a.auth);
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ error: 'Location is used by monitors', monitor_ids: [created.body.monitor.id] });
    expect((await request(app).put(`/api/v1/uptime/monitors/${created.body.monitor.id}`).set(a.auth).send({ regions: ['default'] })).status).toBe(200);
    const gone = await request(app).delete(`/api/v1/locations/${location.id}`).set(a.auth);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Location deleted', deleted_location_id: location.id });
    expect((await request(app).get(`/api/v1/locations/${location.id}`).set(a.auth)).status).toBe(404);
  });

  it('rotates the agent key: the new one works at once, the old one until the overlap ends, then 401', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const { location, agent_key: oldKey } = await newLocation(auth, { name: 'rotating' });
    const poll = (key: string) => request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a1', version: '1.0.0', wait_seconds: 0 });
    expect((await poll(oldKey)).status).toBe(200);
    const rotated = await request(app).post(`/api/v1/locations/${location.id}/rotate-key`).set(auth).send({ overlap_seconds: 600 });
    expect(rotated.status).toBe(201);
    expect(rotated.body.agent_key).not.toBe(oldKey);
    expect(rotated.body.location.previous_key_expires_at).toBe(new Date(clock.now().getTime() + 600_000).toISOString());
    expect((await poll(rotated.body.agent_key)).status).toBe(200);
    expect((await poll(oldKey)).status).toBe(200);
    clock.advance(601_000);
    const late = await poll(oldKey);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ error: 'Invalid agent key' });
    expect((await poll(rotated.body.agent_key)).status).toBe(200);
    // Default overlap: an hour.
    const again = await request(app).post(`/api/v1/locations/${location.id}/rotate-key`).set(auth);
    expect(again.body.location.previous_key_expires_at).toBe(new Date(clock.now().getTime() + 3_600_000).toISOString());
    // No overlap: the key this process kept as the current one stops on its next poll.
    expect((await poll(again.body.agent_key)).status).toBe(200);
    const abrupt = await request(app).post(`/api/v1/locations/${location.id}/rotate-key`).set(auth).send({ overlap_seconds: 0 });
    expect(abrupt.status).toBe(201);
    expect((await poll(again.body.agent_key)).status).toBe(401);
    expect((await poll(abrupt.body.agent_key)).status).toBe(200);
  });
});

describe('agent protocol', () => {
  it('needs an agent key: none, an API key or a made-up one is a 401', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const body = { agent_id: 'a', version: '1', wait_seconds: 0 };
    expect((await request(app).post('/api/v1/agent/leases').send(body)).body).toEqual({ error: 'Agent key required' });
    expect((await request(app).post('/api/v1/agent/leases').set(auth).send(body)).status).toBe(401);
    const made = await request(app).post('/api/v1/agent/leases').set(bearer(`vgla_${'A'.repeat(43)}`)).send(body);
    expect(made.status).toBe(401);
    expect(made.body).toEqual({ error: 'Invalid agent key' });
  });

  it('leases a due run with its target sealed to the key, records its result once by lease id, and refuses a forged location', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const { location, agent_key: key } = await newLocation(auth, { name: 'dc', allowed_cidrs: ['127.0.0.0/8'] });
    const dueMs = clock.now().getTime() - 1_000;
    const target = { type: 'http', url: 'http://user:secret@10.1.2.3/', headers: { 'X-Token': 'hush' } };
    await offerRuns(ctx.redis, ctx.config.redisPrefix, location.id, [
      { monitorId: 42, runKey: `repeat:monitor-42:${dueMs}`, dueMs, leaseMs: 35_000, sealed: createSecretBox(ctx.config.secretKey).sealJson(target) },
    ], clock.now().getTime());
    // Not yet due runs stay put.
    await offerRuns(ctx.redis, ctx.config.redisPrefix, location.id, [
      { monitorId: 43, runKey: `repeat:monitor-43:${dueMs + 60_000}`, dueMs: dueMs + 60_000, leaseMs: 35_000, sealed: 'x' },
    ], clock.now().getTime());

    const leased = await request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a1', version: '1.2.3', wait_seconds: 0 });
    expect(leased.status).toBe(200);
    expect(leased.body.location).toEqual({ id: location.id, name: 'dc', allowed_cidrs: ['127.0.0.0/8'] });
    expect(leased.body.leases).toHaveLength(1);
    const [lease] = leased.body.leases;
    expect(lease).toMatchObject({ monitor_id: 42, run_key: `repeat:monitor-42:${dueMs}`, due_at: new Date(dueMs).toISOString() });
    expect(lease.sealed_target).not.toContain('secret');
    expect(leaseBox(leaseSecretOf(key)).openJson(lease.sealed_target)).toEqual(target);

    const detail = await request(app).get(`/api/v1/locations/${location.id}`).set(auth);
    expect(detail.body.location).toMatchObject({ status: 'online', connected_agents: 1, backlog: { due: 0, leased: 1 } });
    expect(detail.body.location.agents).toEqual([{ id: 'a1', version: '1.2.3', last_poll: clock.now().toISOString(), connected: true }]);

    const result = { timestamp: clock.now().toISOString(), status: 'success', response_time_ms: 12, status_code: 200 };
    const forged = await request(app).post('/api/v1/agent/results').set(bearer(key)).send({ results: [{ lease_id: lease.lease_id, location: 'eu', result }] });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ error: "Result location does not match the agent key's location" });

    const posted = await request(app).post('/api/v1/agent/results').set(bearer(key)).send({ results: [{ lease_id: lease.lease_id, location: 'dc', result }] });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ results: [{ lease_id: lease.lease_id, status: 'accepted' }] });
    const again = await request(app).post('/api/v1/agent/results').set(bearer(key)).send({ results: [{ lease_id: lease.lease_id, result }] });
    expect(again.body).toEqual({ results: [{ lease_id: lease.lease_id, status: 'duplicate' }] });
    const job = await ctx.queues.queueOf(JobName.RecordAgentCheck).getJob(`agent-result-${lease.lease_id}`);
    expect(job?.data).toEqual({ monitorId: 42, runKey: `repeat:monitor-42:${dueMs}`, region: 'dc', result });

    // Another location's agent cannot post for this lease.
    const other = await newLocation(auth, { name: 'dc2' });
    const stolen = await request(app).post('/api/v1/agent/results').set(bearer(other.agent_key)).send({ results: [{ lease_id: lease.lease_id, result }] });
    expect(stolen.body).toEqual({ results: [{ lease_id: lease.lease_id, status: 'unknown_lease' }] });
  });

  it("a deleted location's runs and agents are forgotten (one DEL)", async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const { location, agent_key: key } = await newLocation(auth, { name: 'gone' });
    const dueMs = clock.now().getTime() + 60_000;
    await offerRuns(ctx.redis, ctx.config.redisPrefix, location.id, [{ monitorId: 9, runKey: `repeat:monitor-9:${dueMs}`, dueMs, leaseMs: 300, sealed: 'x' }], clock.now().getTime());
    expect((await request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a', version: '1', wait_seconds: 0 })).status).toBe(200);
    const keys = () => ctx.redis.keys(`${ctx.config.redisPrefix}:location:${location.id}:*`);
    expect((await keys()).length).toBeGreaterThanOrEqual(3);
    expect((await request(app).delete(`/api/v1/locations/${location.id}`).set(auth)).status).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it("keeps a key's location in the process until the agent-key stamp changes: a deleted location's key stops on the next poll", async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const poll = (key: string) => request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a1', version: '1.0.0', wait_seconds: 0 });
    const kept = await newLocation(auth, { name: 'kept' });
    expect((await poll(kept.agent_key)).status).toBe(200);
    // Removed behind the API's back (no stamp change): the poll is answered from what the process kept, no lookup.
    await ctx.db.query('DELETE FROM locations WHERE id = $1', [kept.location.id]);
    expect((await poll(kept.agent_key)).status).toBe(200);
    // Any change of the stamp (what the API's deletes and rotations do after their commit) sends every key to a lookup again.
    await bumpAgentKeyStamp(ctx.redis, ctx.config);
    const stopped = await poll(kept.agent_key);
    expect(stopped.status).toBe(401);
    expect(stopped.body).toEqual({ error: 'Invalid agent key' });

    const deleted = await newLocation(auth, { name: 'deleted' });
    expect((await poll(deleted.agent_key)).status).toBe(200);
    expect((await request(app).delete(`/api/v1/locations/${deleted.location.id}`).set(auth)).status).toBe(200);
    expect((await poll(deleted.agent_key)).status).toBe(401);

    // A stamp Redis lost is created again, and differs from the kept one.
    const lost = await newLocation(auth, { name: 'lost' });
    expect((await poll(lost.agent_key)).status).toBe(200);
    await ctx.db.query('DELETE FROM locations WHERE id = $1', [lost.location.id]);
    await ctx.redis.del(agentKeyStampKey(ctx.config));
    expect((await poll(lost.agent_key)).status).toBe(401);
  });

  it('re-issues a lease that expired without a result', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const { location, agent_key: key } = await newLocation(auth, { name: 'flaky' });
    const dueMs = clock.now().getTime() - 1_000;
    await offerRuns(ctx.redis, ctx.config.redisPrefix, location.id, [
      { monitorId: 7, runKey: `repeat:monitor-7:${dueMs}`, dueMs, leaseMs: 300, sealed: createSecretBox(ctx.config.secretKey).sealJson({ type: 'http' }) },
    ], clock.now().getTime());
    const poll = () => request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a', version: '1', wait_seconds: 0 });
    const first = await poll();
    expect(first.body.leases).toHaveLength(1);
    expect((await poll()).body.leases).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 400)); // the lease's expiry is on Redis's clock
    const second = await poll();
    expect(second.body.leases).toHaveLength(1);
    expect(second.body.leases[0].lease_id).not.toBe(first.body.leases[0].lease_id);
    expect(second.body.leases[0].run_key).toBe(first.body.leases[0].run_key);
  });

  it('long-polls until a run falls due', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const { location, agent_key: key } = await newLocation(auth, { name: 'waiting' });
    const started = Date.now();
    setTimeout(() => {
      const dueMs = clock.now().getTime();
      void offerRuns(ctx.redis, ctx.config.redisPrefix, location.id, [
        { monitorId: 9, runKey: `repeat:monitor-9:${dueMs}`, dueMs, leaseMs: 5_000, sealed: createSecretBox(ctx.config.secretKey).sealJson({ type: 'http' }) },
      ], dueMs);
    }, 700);
    const res = await request(app).post('/api/v1/agent/leases').set(bearer(key)).send({ agent_id: 'a', version: '1', wait_seconds: 5 });
    expect(res.body.leases).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

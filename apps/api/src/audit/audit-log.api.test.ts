import request from 'supertest';
import { createApp } from '@vigil/api';
import { recordAudit, setAccountTier, type AuditActor } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestAccount, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"monitors":3,"requestsPerMinute":100000}}' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

interface Entry {
  id: string;
  created_at: string;
  key: { id: number; name: string } | null;
  ip: string | null;
  resource: { type: string; id: string };
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

async function log(who: TestAccount, query: Record<string, string | number> = {}): Promise<{ entries: Entry[]; pagination: { per_page: number; has_next: boolean; next_cursor: string | null } }> {
  const res = await request(app).get('/api/v1/audit-log').query(query).set(who.auth);
  expect(res.status).toBe(200);
  return res.body;
}

async function keyWith(who: TestAccount, scopes: string[]): Promise<{ id: number; auth: { Authorization: string } }> {
  const res = await request(app).post('/api/v1/api-keys').set(who.auth).send({ name: `key ${scopes.join(' ')}`, scopes });
  expect(res.status).toBe(201);
  return { id: res.body.api_key.id, auth: { Authorization: `Bearer ${res.body.key}` } };
}

describe('entries and their diffs', () => {
  it('a create, an update and a delete each leave an entry: who, from where, what, and the fields before and after', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const writer = await keyWith(owner, ['monitors:write']);
    const created = await request(app).post('/api/v1/uptime/monitors').set(writer.auth).send({ name: 'shop', url: 'https://shop.example.com/health' });
    const id = created.body.monitor.id as number;
    clock.advance(1000);
    await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(writer.auth).send({ name: 'shop eu', alert_threshold: 5 });
    clock.advance(1000);
    await request(app).delete(`/api/v1/uptime/monitors/${id}`).set(writer.auth);

    const { entries } = await log(owner, { resource: `monitor:${id}` });
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, create] = entries;
    expect(create).toMatchObject({
      key: { id: writer.id, name: 'key monitors:write' },
      ip: '127.0.0.1',
      resource: { type: 'monitor', id: String(id) },
      created_at: new Date(clock.now().getTime() - 2000).toISOString(),
    });
    expect(create.changes).toMatchObject({ name: { before: null, after: 'shop' }, url: { before: null, after: 'https://shop.example.com/health' }, status: { before: null, after: 'pending' } });
    // Only what changed, no bookkeeping columns.
    expect(updated.changes).toEqual({ name: { before: 'shop', after: 'shop eu' }, alert_threshold: { before: 2, after: 5 } });
    expect(deleted.changes).toMatchObject({ name: { before: 'shop eu', after: null }, alert_threshold: { before: 5, after: null } });
    expect(deleted.changes).not.toHaveProperty('updated_at');
  });

  it('an update that changes nothing leaves no entry; a repeated pause leaves none either', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const id = (await request(app).post('/api/v1/uptime/monitors').set(owner.auth).send({ name: 'same', url: 'https://same.example.com' })).body.monitor.id;
    expect((await request(app).put(`/api/v1/uptime/monitors/${id}`).set(owner.auth).send({ name: 'same' })).status).toBe(200);
    expect((await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(owner.auth)).status).toBe(200);
    expect((await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(owner.auth)).status).toBe(200);
    expect((await log(owner, { resource: `monitor:${id}` })).entries.map((e) => e.action)).toEqual(['pause', 'create']);
  });
});

describe('operator changes', () => {
  it('a tier change through the CLI\'s setAccountTier is an entry without a key or IP', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    await setAccountTier(ctx, owner.account.id, 'business', clock.now());
    const { entries } = await log(owner, { action: 'tier_change' });
    expect(entries).toEqual([
      {
        id: expect.any(String),
        created_at: clock.now().toISOString(),
        key: null,
        ip: null,
        resource: { type: 'account', id: String(owner.account.id) },
        action: 'tier_change',
        changes: { tier: { before: 'pro', after: 'business' } },
      },
    ]);
  });
});

describe('secrets in diffs', () => {
  it('masks monitor credentials, integration secrets, key hashes and tokens: the log never holds them', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const monitor = await request(app)
      .post('/api/v1/uptime/monitors')
      .set(owner.auth)
      .send({ name: 'api', url: 'https://user:hunter2-pass@api.example.com/health', headers: { Authorization: 'Bearer sk_live_topsecret_42', 'X-Trace': 'on' } });
    expect(monitor.status).toBe(201);
    const slack = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'slack', name: 'ops', config: { webhook_url: 'https://hooks.slack.com/services/T000/B000/slacksecretpart' } });
    expect(slack.status).toBe(201);
    const hook = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'webhook', name: 'hook', config: { url: 'https://hooks.example.com/in', secret: 'whsec_mysigningsecret_0001' } });
    const rotated = await request(app).post(`/api/v1/integrations/${hook.body.integration.id}/rotate-secret`).set(owner.auth).send({ overlap_seconds: 0 });
    expect(rotated.status).toBe(200);
    const key = await request(app).post('/api/v1/api-keys').set(owner.auth).send({ name: 'ci' });

    const text = JSON.stringify(await log(owner));
    for (const secret of ['hunter2-pass', 'sk_live_topsecret_42', 'slacksecretpart', 'whsec_mysigningsecret_0001', rotated.body.secret, key.body.key, key.body.key.slice(-12)]) {
      expect(text).not.toContain(secret);
    }
    const { entries } = await log(owner, { resource: `integration:${hook.body.integration.id}`, action: 'rotate' });
    // A rotation shows that the secret changed, never what it is.
    expect(entries[0].changes.secrets).toEqual({ before: '****', after: '****' });
    const [created] = (await log(owner, { resource: 'api_key', action: 'create' })).entries;
    expect(created.changes.key_hash).toEqual({ before: null, after: '****' });
    expect(created.changes.name).toEqual({ before: null, after: 'ci' });
  });
});

describe('an aborted change', () => {
  it('leaves no entry: a monitor create refused at the tier limit rolls its entry back with its row', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    for (let i = 0; i < 3; i++) {
      expect((await request(app).post('/api/v1/uptime/monitors').set(owner.auth).send({ name: `m${i}`, url: `https://m${i}.example.com` })).status).toBe(201);
    }
    const refused = await request(app).post('/api/v1/uptime/monitors').set(owner.auth).send({ name: 'one too many', url: 'https://m9.example.com' });
    expect(refused.status).toBe(403);
    const { entries } = await log(owner, { resource: 'monitor' });
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain('one too many');
  });

  it('leaves no entry when the transaction that recorded it fails afterwards', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const actor: AuditActor = { accountId: owner.account.id, keyId: null, keyName: null, ip: null, now: () => clock.now() };
    await expect(
      ctx.db.transaction(async (m) => {
        await recordAudit(m, actor, [{ resource: 'monitor', id: 1, action: 'delete', before: { name: 'x' } }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await log(owner)).entries.filter((e) => e.resource.type === 'monitor')).toEqual([]);
  });
});

describe('GET /api/v1/audit-log', () => {
  let owner: TestAccount;
  let other: { id: number; auth: { Authorization: string } };
  const ids: number[] = [];
  const start = clock.now();
  beforeAll(async () => {
    owner = await createTestAccount(ctx, 'pro');
    other = await keyWith(owner, ['*']);
    clock.set(start);
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      const by = i % 2 ? other.auth : owner.auth;
      ids.push((await request(app).post('/api/v1/maintenance-windows').set(by).send({ title: `w${i}`, applies_to_all: true, starts_at: '2030-01-01T01:00:00Z', ends_at: '2030-01-01T02:00:00Z' })).body.maintenance_window.id);
    }
    clock.advance(60_000);
    await request(app).patch(`/api/v1/maintenance-windows/${ids[0]}`).set(owner.auth).send({ title: 'renamed' });
  });

  it('pages newest first with a cursor, each entry once, the last page without a cursor', async () => {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await log(owner, { resource: 'maintenance_window', per_page: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.entries);
      expect(page.pagination.per_page).toBe(2);
      cursor = page.pagination.next_cursor;
      expect(page.pagination.has_next).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(seen.map((e) => `${e.action} ${e.resource.id}`)).toEqual(['update', ...ids.map(() => 'create')].map((a, i) => `${a} ${i ? ids[5 - i] : ids[0]}`));
    const times = seen.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by resource, key, action and time', async () => {
    expect((await log(owner, { resource: `maintenance_window:${ids[0]}` })).entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await log(owner, { key: other.id, resource: 'maintenance_window' })).entries.map((e) => e.resource.id)).toEqual([String(ids[3]), String(ids[1])]);
    expect((await log(owner, { action: 'update' })).entries.map((e) => e.resource.id)).toEqual([String(ids[0])]);
    const from = new Date(start.getTime() + 2 * 60_000).toISOString();
    const to = new Date(start.getTime() + 3 * 60_000).toISOString();
    expect((await log(owner, { resource: 'maintenance_window', from, to })).entries.map((e) => e.resource.id)).toEqual([String(ids[2]), String(ids[1])]);
  });

  it.each([
    [{ resource: 'Monitor!' }, 'Invalid resource'],
    [{ key: 'abc' }, 'Invalid key'],
    [{ action: 'explode' }, 'Invalid action'],
    [{ from: '2026-02-30' }, 'Invalid from'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'Invalid date range'],
    [{ cursor: 'not-a-cursor' }, 'Invalid cursor'],
    [{ per_page: 0 }, 'Invalid per_page'],
  ])('answers 400 for %j', async (query, error) => {
    const res = await request(app).get('/api/v1/audit-log').query(query).set(owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(error);
  });

  it('shows only the account\'s own entries, and needs keys:read', async () => {
    const stranger = await createTestAccount(ctx, 'pro');
    expect((await log(stranger)).entries).toEqual([]);
    const monitorsOnly = await keyWith(owner, ['monitors:read']);
    expect((await request(app).get('/api/v1/audit-log').set(monitorsOnly.auth)).body).toEqual({ error: 'Insufficient scope', required: 'keys:read' });
    const keysReader = await keyWith(owner, ['keys:read']);
    expect((await request(app).get('/api/v1/audit-log').set(keysReader.auth)).status).toBe(200);
  });
});

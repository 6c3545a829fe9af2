import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  scope: string;
}

/** Every operation of the document that requires a key, with the one scope it lists. */
async function keyedOperations(): Promise<Operation[]> {
  const doc = (await request(app).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { security: Record<string, string[]>[] }>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const keyed = op.security.length === 1 && op.security[0].apiKey;
      if (!keyed) continue;
      expect(keyed).toHaveLength(1);
      ops.push({ method: method as Operation['method'], path: path.replace(/\{[^}]+\}/g, '999999'), scope: keyed[0] });
    }
  }
  return ops;
}

async function createKey(auth: Record<string, string>, body: Record<string, unknown>): Promise<request.Response> {
  return request(app).post('/api/v1/api-keys').set(auth).send(body);
}

async function keyWith(auth: Record<string, string>, scopes: string[]): Promise<Record<string, string>> {
  const res = await createKey(auth, { name: scopes.join(' '), scopes });
  expect(res.status).toBe(201);
  expect(res.body.api_key.scopes).toEqual(scopes);
  return { Authorization: `Bearer ${res.body.key}` };
}

function call(op: Operation, auth: Record<string, string>): request.Test {
  const req = request(app)[op.method](op.path).set(auth);
  return op.method === 'get' || op.method === 'delete' ? req : req.send({});
}

/**
 * Operations over the whole account (configuration as code): they declare the monitors family
 * and need the same access to every family of the document (monitors, domains, integrations,
 * status pages, maintenance); a plan is a POST that only reads.
 */
const WHOLE_ACCOUNT = new Set(['post /api/v1/config/plan', 'get /api/v1/config/export', 'post /api/v1/config/apply']);
const READ_ONLY_POSTS = new Set(['post /api/v1/config/plan']);

describe('scoped API keys', () => {
  it('declares one scope per keyed operation, from the families, read for GET', async () => {
    const ops = await keyedOperations();
    expect(ops.length).toBeGreaterThan(70);
    for (const op of ops) {
      expect(op.scope).toMatch(/^(monitors|domains|integrations|status_pages|maintenance|keys|billing):(read|write)$/);
      if (op.method === 'get' || READ_ONLY_POSTS.has(`${op.method} ${op.path}`)) expect(`${op.method} ${op.path} ${op.scope}`).toMatch(/:read$/);
      else expect(`${op.method} ${op.path} ${op.scope}`).toMatch(/:write$/);
    }
  });

  it('a *:read key: every write is a 403 naming its scope, no read is a 403', async () => {
    const { auth } = await createTestAccount(ctx, 'enterprise');
    const reader = await keyWith(auth, ['*:read']);
    for (const op of await keyedOperations()) {
      const res = await call(op, reader);
      const seen = `${op.method.toUpperCase()} ${op.path} -> ${res.status} ${JSON.stringify(res.body)}`;
      if (op.scope.endsWith(':write')) expect(seen).toBe(`${op.method.toUpperCase()} ${op.path} -> 403 ${JSON.stringify({ error: 'Insufficient scope', required: op.scope })}`);
      else expect(res.status === 403 ? seen : res.status).not.toBe(seen);
    }
  });

  it('a monitors:read key: monitors reads answer, everything else is a 403 naming its scope', async () => {
    const { auth } = await createTestAccount(ctx, 'enterprise');
    const reader = await keyWith(auth, ['monitors:read']);
    for (const op of await keyedOperations()) {
      const res = await call(op, reader);
      const seen = `${op.method.toUpperCase()} ${op.path} -> ${res.status} ${JSON.stringify(res.body)}`;
      if (WHOLE_ACCOUNT.has(`${op.method} ${op.path}`) && op.scope === 'monitors:read') {
        // Reading monitors alone is not enough to read the whole account's configuration.
        expect(res.status).toBe(403);
        expect(res.body.required).toMatch(/^(domains|integrations|status_pages|maintenance):read$/);
      } else if (op.scope === 'monitors:read') expect(res.status === 403 ? seen : res.status).not.toBe(seen);
      else expect(seen).toBe(`${op.method.toUpperCase()} ${op.path} -> 403 ${JSON.stringify({ error: 'Insufficient scope', required: op.scope })}`);
    }
  });

  it('write implies read: a monitors:write key reads and writes monitors, nothing else', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const writer = await keyWith(auth, ['monitors:write']);
    const created = await request(app).post('/api/v1/uptime/monitors').set(writer).send({ name: 'site', url: 'https://example.com' });
    expect(created.status).toBe(201);
    expect((await request(app).get(`/api/v1/uptime/monitors/${created.body.monitor.id}`).set(writer)).status).toBe(200);
    expect((await request(app).get('/api/v1/domains').set(writer)).body).toEqual({ error: 'Insufficient scope', required: 'domains:read' });
  });

  it('refuses a key with more scopes than its creator, and a rotation of a stronger key', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const keyMaker = await keyWith(auth, ['keys:write', 'monitors:read']);
    expect((await createKey(keyMaker, { name: 'x', scopes: ['monitors:write'] })).body).toEqual({ error: 'Insufficient scope', required: 'monitors:write' });
    expect((await createKey(keyMaker, { name: 'x', scopes: ['*'] })).body).toEqual({ error: 'Insufficient scope', required: 'monitors:write' });
    expect((await createKey(keyMaker, { name: 'x', scopes: ['*:read'] })).body).toEqual({ error: 'Insufficient scope', required: 'domains:read' });
    const same = await createKey(keyMaker, { name: 'same' });
    expect(same.status).toBe(201);
    expect(same.body.api_key.scopes).toEqual(['keys:write', 'monitors:read']);
    const narrower = await createKey(keyMaker, { name: 'narrower', scopes: ['monitors:read'] });
    expect(narrower.status).toBe(201);
    // Without keys:write no key is made at all.
    const reader = await keyWith(auth, ['*:read']);
    expect((await createKey(reader, { name: 'x', scopes: ['*:read'] })).body).toEqual({ error: 'Insufficient scope', required: 'keys:write' });
    // The account's first key holds '*': rotating it would hand out everything.
    const first = (await request(app).get('/api/v1/api-keys').set(auth)).body.api_keys[0];
    expect(first.scopes).toEqual(['*']);
    const rotate = await request(app).post(`/api/v1/api-keys/${first.id}/rotate`).set(keyMaker);
    expect(rotate.status).toBe(403);
    expect(rotate.body).toEqual({ error: 'Insufficient scope', required: 'monitors:write' });
    const rotated = await request(app).post(`/api/v1/api-keys/${narrower.body.api_key.id}/rotate`).set(keyMaker);
    expect(rotated.status).toBe(201);
    expect(rotated.body.api_key.scopes).toEqual(['monitors:read']);
  });

  it.each([
    [[], 'Invalid scopes'],
    [['monitors:admin'], 'Invalid scopes'],
    [['monitors:read', 'monitors:read'], 'Invalid scopes'],
    ['*', 'Invalid scopes'],
  ])('answers 400 for scopes %j', async (scopes, error) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await createKey(auth, { name: 'x', scopes });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(error);
  });

  it('keys stored before scopes existed hold * and keep full access', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    // As the migration leaves an old row: inserted without naming the column.
    await ctx.db.query(`INSERT INTO api_keys (account_id, name, key_hash, prefix) VALUES ($1, 'legacy', 'legacy-hash', 'vgl_lega')`, [account.id]);
    const listed = (await request(app).get('/api/v1/api-keys').set(auth)).body.api_keys;
    expect(listed.map((k: { scopes: string[] }) => k.scopes)).toEqual([['*'], ['*']]);
    expect((await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'bad host' })).status).toBe(400);
  });

  it('shows when and from which IP a key was last used', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).get('/api/v1/api-keys').set(auth);
    expect(res.body.api_keys[0]).toMatchObject({ last_used_at: clock.now().toISOString(), last_used_ip: '127.0.0.1' });
  });
});

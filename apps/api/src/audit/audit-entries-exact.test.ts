import request from 'supertest';
import { createApp } from '@vigil/api';
import type { AuditRow } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestAccount, type TestContext } from '@vigil/testing';

/*
 * The entries of the key and integration writes, every field of every entry, as the database
 * holds them: pinned when their statements were merged into one (issue 35), so the merged ones
 * write exactly what the transaction of separate statements wrote.
 */
const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

/** The account's entries of one resource, oldest first (ties in the order they were inserted). */
async function entries(who: TestAccount, type: string, id: number): Promise<AuditRow[]> {
  return ctx.db.query(
    `SELECT id::text AS id, created_at, key_id, key_name, ip, resource_type, resource_id, action, changes
     FROM audit_log WHERE account_id = $1 AND resource_type = $2 AND resource_id = $3 ORDER BY id`,
    [who.account.id, type, String(id)],
  );
}

/** The actor columns of an entry made with the account's own key (its first, 'default'). */
async function who(a: TestAccount): Promise<{ key_id: number; key_name: string; ip: string }> {
  const [key] = (await ctx.db.query('SELECT id, name FROM api_keys WHERE account_id = $1 ORDER BY id LIMIT 1', [a.account.id])) as { id: number; name: string }[];
  return { key_id: key.id, key_name: key.name, ip: '127.0.0.1' };
}

describe('entries of API key writes', () => {
  it('create, rotate (revoke + rotate) and revoke: every field', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const actor = await who(owner);
    const created = await request(app).post('/api/v1/api-keys').set(owner.auth).send({ name: 'ci', scopes: ['monitors:read'], expires_at: '2030-01-01T00:00:00Z' });
    expect(created.status).toBe(201);
    const id = created.body.api_key.id as number;
    expect(await entries(owner, 'api_key', id)).toEqual([
      {
        id: expect.any(String),
        created_at: clock.now(),
        ...actor,
        resource_type: 'api_key',
        resource_id: String(id),
        action: 'create',
        changes: {
          id: { before: null, after: id },
          name: { before: null, after: 'ci' },
          key_hash: { before: null, after: '****' },
          prefix: { before: null, after: created.body.key.slice(0, 8) },
          expires_at: { before: null, after: '2030-01-01T00:00:00.000Z' },
          scopes: { before: null, after: ['monitors:read'] },
          created_at: { before: null, after: created.body.api_key.created_at },
        },
      },
    ]);

    clock.advance(1000);
    const rotated = await request(app).post(`/api/v1/api-keys/${id}/rotate`).set(owner.auth);
    expect(rotated.status).toBe(201);
    const newId = rotated.body.api_key.id as number;
    const [, revoke] = await entries(owner, 'api_key', id);
    const [rotate] = await entries(owner, 'api_key', newId);
    expect(Number(rotate.id)).toBe(Number(revoke.id) + 1);
    expect(revoke).toEqual({
      id: expect.any(String),
      created_at: clock.now(),
      ...actor,
      resource_type: 'api_key',
      resource_id: String(id),
      action: 'revoke',
      changes: { revoked_at: { before: null, after: clock.now().toISOString() } },
    });
    expect(rotate).toEqual({
      id: expect.any(String),
      created_at: clock.now(),
      ...actor,
      resource_type: 'api_key',
      resource_id: String(newId),
      action: 'rotate',
      changes: {
        id: { before: null, after: newId },
        name: { before: null, after: 'ci' },
        key_hash: { before: null, after: '****' },
        prefix: { before: null, after: rotated.body.key.slice(0, 8) },
        expires_at: { before: null, after: '2030-01-01T00:00:00.000Z' },
        scopes: { before: null, after: ['monitors:read'] },
        created_at: { before: null, after: rotated.body.api_key.created_at },
        rotated_key_id: { before: null, after: id },
      },
    });
    // The answer's creation time is the row's.
    const one = await request(app).get(`/api/v1/api-keys/${newId}`).set(owner.auth);
    expect(one.body.api_key.created_at).toBe(rotated.body.api_key.created_at);

    clock.advance(1000);
    expect((await request(app).delete(`/api/v1/api-keys/${newId}`).set(owner.auth)).status).toBe(200);
    const [, revoked] = await entries(owner, 'api_key', newId);
    expect(revoked).toEqual({
      id: expect.any(String),
      created_at: clock.now(),
      ...actor,
      resource_type: 'api_key',
      resource_id: String(newId),
      action: 'revoke',
      changes: { revoked_at: { before: null, after: clock.now().toISOString() } },
    });
    // A second rotation of the revoked key: 409, nothing written.
    expect((await request(app).post(`/api/v1/api-keys/${id}/rotate`).set(owner.auth)).status).toBe(409);
    expect(await entries(owner, 'api_key', id)).toHaveLength(2);
  });
});

describe('entries of integration writes', () => {
  it('create, rotate-secret and delete: every field', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const actor = await who(owner);
    const created = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'webhook', name: 'hook', config: { url: 'https://hooks.example.com/x' }, events: ['monitor.down'] });
    expect(created.status).toBe(201);
    const id = created.body.integration.id as number;
    const [create] = await entries(owner, 'integration', id);
    expect(create).toEqual({
      id: expect.any(String),
      created_at: clock.now(),
      ...actor,
      resource_type: 'integration',
      resource_id: String(id),
      action: 'create',
      changes: {
        id: { before: null, after: id },
        accountId: { before: null, after: owner.account.id },
        type: { before: null, after: 'webhook' },
        name: { before: null, after: 'hook' },
        config: { before: null, after: { url: 'https://hooks.example.com/x' } },
        secrets: { before: null, after: '****' },
        events: { before: null, after: ['monitor.down'] },
        monitorIds: { before: null, after: [] },
        domainIds: { before: null, after: [] },
        isActive: { before: null, after: true },
        createdAt: { before: null, after: created.body.integration.created_at },
        updatedAt: { before: null, after: created.body.integration.updated_at },
      },
    });

    clock.advance(1000);
    const rotated = await request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({ overlap_seconds: 60 });
    expect(rotated.status).toBe(200);
    const [, rotate] = await entries(owner, 'integration', id);
    expect(rotate).toEqual({
      id: expect.any(String),
      created_at: clock.now(),
      ...actor,
      resource_type: 'integration',
      resource_id: String(id),
      action: 'rotate',
      changes: {
        secrets: { before: '****', after: '****' },
        previous_secret: { before: null, after: '****' },
        // Its name says secret: masked like the secrets.
        previous_secret_expires_at: { before: null, after: '****' },
      },
    });

    clock.advance(1000);
    expect((await request(app).delete(`/api/v1/integrations/${id}`).set(owner.auth)).status).toBe(200);
    const [, , deleted] = await entries(owner, 'integration', id);
    expect(deleted).toMatchObject({ created_at: clock.now(), action: 'delete', ...actor });
    expect(deleted.changes).toMatchObject({
      id: { before: id, after: null },
      name: { before: 'hook', after: null },
      secrets: { before: '****', after: null },
      previous_secret: { before: '****', after: null },
      events: { before: ['monitor.down'], after: null },
    });
    expect(Object.keys(deleted.changes).sort()).toEqual(
      ['config', 'created_at', 'domain_ids', 'events', 'id', 'is_active', 'monitor_ids', 'name', 'previous_secret', 'previous_secret_expires_at', 'secrets', 'type'].sort(),
    );
  });
});

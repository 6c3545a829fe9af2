import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

describe('/api/v1/api-keys', () => {
  it('creates a key whose secret is shown once and works at once', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/api-keys').set(auth).send({ name: 'ci', expires_at: shiftDates('2027-01-01T00:00:00Z') });
    expect(res.status).toBe(201);
    expect(res.body.api_key).toEqual({
      id: expect.any(Number),
      name: 'ci',
      prefix: res.body.key.slice(0, 8),
      scopes: ['*'],
      created_at: expect.any(String),
      expires_at: shiftDates('2027-01-01T00:00:00.000Z'),
    });
    expect(res.body.key).toMatch(/^vgl_/);
    expect((await request(app).get('/api/v1/usage').set('Authorization', `Bearer ${res.body.key}`)).status).toBe(200);
    const list = await request(app).get('/api/v1/api-keys').set(auth);
    expect(list.body.api_keys).toHaveLength(2);
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    const one = await request(app).get(`/api/v1/api-keys/${res.body.api_key.id}`).set(auth);
    expect(one.status).toBe(200);
    expect(one.body.api_key.name).toBe('ci');
    expect(JSON.stringify(one.body)).not.toContain(res.body.key);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name is not allowed to be empty'],
    [{ name: 5 }, 'name must be a string'],
    [{ name: 'x', expires_at: 'tomorrow' }, 'Invalid expires_at: must be an ISO 8601 timestamp'],
    [{ name: 'x', expires_at: shiftDates('2020-01-01T00:00:00Z') }, 'Invalid expires_at: must be in the future'],
    [{ name: 'x', expires_at: shiftDates('2027-02-30T00:00:00Z') }, 'Invalid expires_at: must be an ISO 8601 timestamp'],
    [{ name: 'x', expires_at: shiftDates('2027-04-31') }, 'Invalid expires_at: must be an ISO 8601 timestamp'],
    [{ name: '   ' }, 'name is not allowed to be empty'],
    [{ name: 'x'.repeat(101) }, 'name length must be less than or equal to 100 characters long'],
  ])('answers %p with 400 %p', async (body, message) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/api-keys').set(auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('trims the name and accepts a leap day', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/api-keys').set(auth).send({ name: '  deploy bot  ', expires_at: '2028-02-29T00:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.api_key.name).toBe('deploy bot');
    expect(res.body.api_key.expires_at).toBe('2028-02-29T00:00:00.000Z');
  });

  it('revokes a key: it fails on its next request and stays listed with revoked_at', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const created = await request(app).post('/api/v1/api-keys').set(auth).send({ name: 'temp' });
    const del = await request(app).delete(`/api/v1/api-keys/${created.body.api_key.id}`).set(auth);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('API key revoked');
    expect(del.body.revoked_key_id).toBe(created.body.api_key.id);
    const res = await request(app).get('/api/v1/usage').set('Authorization', `Bearer ${created.body.key}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
    const list = await request(app).get('/api/v1/api-keys').set(auth);
    expect(list.body.api_keys.find((k: { id: number }) => k.id === created.body.api_key.id).revoked_at).toBe(clock.now().toISOString());
  });

  it('rotates a key: new secret works, old one does not, a revoked key cannot be rotated', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const created = await request(app).post('/api/v1/api-keys').set(auth).send({ name: 'deploy' });
    const rotated = await request(app).post(`/api/v1/api-keys/${created.body.api_key.id}/rotate`).set(auth);
    expect(rotated.status).toBe(201);
    expect(rotated.body.key).not.toBe(created.body.key);
    expect(rotated.body.api_key.name).toBe('deploy');
    expect(rotated.body.rotated_key_id).toBe(created.body.api_key.id);
    expect((await request(app).get('/api/v1/usage').set('Authorization', `Bearer ${rotated.body.key}`)).status).toBe(200);
    expect((await request(app).get('/api/v1/usage').set('Authorization', `Bearer ${created.body.key}`)).status).toBe(401);
    const again = await request(app).post(`/api/v1/api-keys/${created.body.api_key.id}/rotate`).set(auth);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'API key is revoked' });
  });

  it('does not rotate an expired key into a new key that is born expired', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const created = await request(app).post('/api/v1/api-keys').set(auth).send({ name: 'old', expires_at: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(61_000);
    const res = await request(app).post(`/api/v1/api-keys/${created.body.api_key.id}/rotate`).set(auth);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'API key is expired' });
    const list = await request(app).get('/api/v1/api-keys').set(auth);
    expect(list.body.api_keys).toHaveLength(2);
  });

  it("answers another account's key, a missing key and a non-numeric id alike: 404 API key not found", async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const other = await createTestAccount(ctx, 'pro');
    const created = await request(app).post('/api/v1/api-keys').set(owner.auth).send({ name: 'mine' });
    for (const [method, path] of [
      ['get', `/api/v1/api-keys/${created.body.api_key.id}`],
      ['delete', `/api/v1/api-keys/${created.body.api_key.id}`],
      ['post', `/api/v1/api-keys/${created.body.api_key.id}/rotate`],
      ['get', '/api/v1/api-keys/999999'],
      ['get', '/api/v1/api-keys/abc'],
    ] as const) {
      const res = await request(app)[method](path).set(other.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'API key not found' });
    }
    expect((await request(app).get('/api/v1/usage').set('Authorization', `Bearer ${created.body.key}`)).status).toBe(200);
  });

  it('answers identical lists at once in full, apart per account, and a list sent after a create has answered includes the new key', async () => {
    const [a, b] = [await createTestAccount(ctx, 'pro'), await createTestAccount(ctx, 'pro')];
    const list = (auth: Record<string, string>) => request(app).get('/api/v1/api-keys').set(auth);
    // Lists in flight while the create runs; those sent after its answer must see the new key.
    const during = Array.from({ length: 12 }, (_, i) => list(i % 3 ? a.auth : b.auth));
    const created = await request(app).post('/api/v1/api-keys').set(a.auth).send({ name: 'second' });
    expect(created.status).toBe(201);
    const after = await Promise.all(Array.from({ length: 4 }, () => list(a.auth)));
    const answered = await Promise.all(during);
    for (const [i, res] of answered.entries()) {
      expect(res.status).toBe(200);
      const names = res.body.api_keys.map((k: { name: string }) => k.name);
      expect(names[0]).toBe('default');
      expect(names.length).toBe(res.body.total);
      if (i % 3 === 0) expect(names).toEqual(['default']);
    }
    for (const res of after) {
      expect(res.body.api_keys.map((k: { id: number; name: string }) => [k.id, k.name])).toEqual([[expect.any(Number), 'default'], [created.body.api_key.id, 'second']]);
      expect(res.body.total).toBe(2);
    }
  });
});

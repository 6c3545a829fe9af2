import request from 'supertest';
import { createApp } from '@vigil/api';
import { ApiKey, bumpAuthStamp, hashApiKeySecret, setAccountActive } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

describe('API-key authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['a bare key without scheme', 'vgl_abc'],
    ['Bearer with nothing after it', 'Bearer '],
  ])('answers 401 "API key required" for %s', async (_what, header) => {
    const req = request(app).get('/api/v1/usage');
    if (header !== undefined) req.set('Authorization', header);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key required' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers 401 "Invalid API key" when whatever follows Bearer is not a key', async () => {
    for (const header of ['Bearer vgl_a vgl_b', 'Bearer \u00e9t\u00e9', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await request(app).get('/api/v1/usage').set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid API key' });
    }
  });

  it('answers 401 "Invalid API key" for an unknown key', async () => {
    const res = await request(app).get('/api/v1/usage').set('Authorization', 'Bearer vgl_doesnotexist');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
  });

  it('accepts the scheme case-insensitively', async () => {
    const { key } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/api/v1/usage').set('Authorization', `bearer ${key}`)).status).toBe(200);
  });

  it('answers 401 "Invalid API key" for a revoked key, on the next request', async () => {
    const { key, account, auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/api/v1/usage').set(auth)).status).toBe(200);
    await ctx.db.getRepository(ApiKey).update({ keyHash: hashApiKeySecret(key) }, { revokedAt: clock.now() });
    // What every revocation path does after its change (api-key-gate.test.ts tests them).
    await bumpAuthStamp(ctx, account.id);
    const res = await request(app).get('/api/v1/usage').set(auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
  });

  it('answers 401 "API key expired" once the expiry has passed', async () => {
    const { key, auth } = await createTestAccount(ctx, 'pro');
    await ctx.db.getRepository(ApiKey).update({ keyHash: hashApiKeySecret(key) }, { expiresAt: new Date(clock.now().getTime() + 60_000) });
    expect((await request(app).get('/api/v1/usage').set(auth)).status).toBe(200);
    clock.advance(61_000);
    const res = await request(app).get('/api/v1/usage').set(auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key expired' });
  });

  it('answers 403 "Account inactive" for a valid key of a deactivated account', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await setAccountActive(ctx, account.id, false);
    const res = await request(app).get('/api/v1/api-keys').set(auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Account inactive' });
  });

  it('answers "Account inactive" with the rate-limit headers of an authenticated request, without counting it', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/api/v1/usage').set(auth)).headers['x-daily-remaining']).toBe('9999');
    await setAccountActive(ctx, account.id, false);
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get('/api/v1/usage').set(auth);
      expect(res.status).toBe(403);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe('58');
      expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
      expect(res.headers['x-daily-limit']).toBe('10000');
      expect(res.headers['x-daily-remaining']).toBe('9998');
    }
    await setAccountActive(ctx, account.id, true);
    expect((await request(app).get('/api/v1/usage').set(auth)).body.requests_today).toBe(2);
  });

  it('keeps answering "Account inactive" to a deactivated account on the public header check', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await setAccountActive(ctx, account.id, false);
    const res = await request(app).get('/headers/check').query({ q: 'example.com' }).set(auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Account inactive' });
  });

  it('stores only a hash of the secret', async () => {
    const { key, account } = await createTestAccount(ctx, 'pro');
    const rows = (await ctx.db.query('SELECT * FROM api_keys WHERE account_id = $1', [account.id])) as Record<string, unknown>[];
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].key_hash).toBe(hashApiKeySecret(key));
  });

  it('records when a key was last used', async () => {
    const { key, auth } = await createTestAccount(ctx, 'pro');
    await request(app).get('/api/v1/usage').set(auth);
    // Recorded in Redis, in PostgreSQL from the next flush (decisions: "Audit log", key use).
    await app.keyUse.flush();
    const stored = await ctx.db.getRepository(ApiKey).findOneByOrFail({ keyHash: hashApiKeySecret(key) });
    expect(stored.lastUsedAt?.toISOString()).toBe(clock.now().toISOString());
  });
});

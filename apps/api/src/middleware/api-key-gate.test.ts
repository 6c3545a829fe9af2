import express from 'express';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { ApiKey, authStampKey, createContext, createLogger, hashApiKeySecret, setAccountActive, setAccountTier, type Context } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { AccountQuota } from '../limits/account-quota.js';
import { RequestUsage } from '../usage/request-usage.js';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type pg from 'pg';
import { apiKeyGate, KEY_CACHE_TTL_MS, KEY_LINE_TTL_MS } from './api-key-gate.js';
import { errorHandler } from './error-handler.js';

// Two API "processes": two contexts (their own database pools and Redis connections) and two
// apps (their own key caches), sharing PostgreSQL and Redis.
const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let other: Context;
let a: ReturnType<typeof createApp>;
let b: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  other = await createContext(ctx.config, { clock, logger: createLogger({ level: 'error' }) });
  a = createApp(ctx);
  b = createApp(other);
});
afterAll(async () => {
  await other.close();
  await ctx.teardown();
});

const usage = (app: ReturnType<typeof createApp>, auth: Record<string, string>) => request(app).get('/api/v1/usage').set(auth);

describe('cached key lookups across two API processes', () => {
  it('serves a key from the cache: a change made in SQL alone is seen only when the entry expires', async () => {
    const { key, auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(b, auth)).status).toBe(200);
    await ctx.db.getRepository(ApiKey).update({ keyHash: hashApiKeySecret(key) }, { revokedAt: clock.now() });
    // No stamp change: process b still has the lookup, which proves it made no database lookup.
    expect((await usage(b, auth)).status).toBe(200);
    clock.advance(KEY_CACHE_TTL_MS);
    const res = await usage(b, auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
  });

  it('revokes a key through one process and the other refuses it on the next request', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(b, auth)).status).toBe(200);
    const [{ id }] = (await request(a).get('/api/v1/api-keys').set(auth)).body.api_keys as { id: number }[];
    expect((await request(a).delete(`/api/v1/api-keys/${id}`).set(auth)).status).toBe(200);
    const res = await usage(b, auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API key' });
    expect((await usage(a, auth)).status).toBe(401);
  });

  it('rotates a key through one process: the other refuses the old secret and takes the new one', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(b, auth)).status).toBe(200);
    const [{ id }] = (await request(a).get('/api/v1/api-keys').set(auth)).body.api_keys as { id: number }[];
    const rotated = await request(a).post(`/api/v1/api-keys/${id}/rotate`).set(auth);
    expect(rotated.status).toBe(201);
    expect((await usage(b, auth)).status).toBe(401);
    expect((await usage(b, { Authorization: `Bearer ${rotated.body.key as string}` })).status).toBe(200);
  });

  it('deactivates and reactivates an account (the admin functions) with effect on the next request in both', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(a, auth)).status).toBe(200);
    expect((await usage(b, auth)).status).toBe(200);
    await setAccountActive(ctx, account.id, false);
    for (const app of [a, b]) {
      const res = await request(app).get('/api/v1/api-keys').set(auth);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Account inactive' });
      expect(res.headers['x-ratelimit-limit']).toBe('60');
    }
    await setAccountActive(other, account.id, true);
    expect((await usage(a, auth)).status).toBe(200);
    expect((await usage(b, auth)).status).toBe(200);
  });

  it("applies a tier change to the next request's limits", async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(b, auth)).headers['x-ratelimit-limit']).toBe('60');
    await setAccountTier(ctx, account.id, 'business', clock.now());
    const res = await usage(b, auth);
    expect(res.headers['x-ratelimit-limit']).toBe('300');
    expect(res.body.tier).toBe('business');
  });

  it('looks keys up again when Redis lost the stamps (a missing stamp is created anew)', async () => {
    const { key, account, auth } = await createTestAccount(ctx, 'pro');
    expect((await usage(b, auth)).status).toBe(200);
    await ctx.db.getRepository(ApiKey).update({ keyHash: hashApiKeySecret(key) }, { revokedAt: clock.now() });
    await ctx.redis.del(authStampKey(ctx.config.redisPrefix, account.id));
    expect((await usage(b, auth)).status).toBe(401);
  });

  it('answers an unknown key 401 every time, caching nothing', async () => {
    const auth = { Authorization: 'Bearer vgl_not-a-key' };
    for (let i = 0; i < 2; i++) {
      const res = await usage(b, auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid API key' });
    }
  });

  it('answers a cached key that has expired since with 401 "API key expired"', async () => {
    const { key, auth } = await createTestAccount(ctx, 'pro');
    await ctx.db.getRepository(ApiKey).update({ keyHash: hashApiKeySecret(key) }, { expiresAt: new Date(clock.now().getTime() + 5_000) });
    expect((await usage(b, auth)).status).toBe(200);
    clock.advance(5_000);
    const res = await usage(b, auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key expired' });
  });
});

describe('the fair scheduler line of a key', () => {
  it("is its account's once the key is cached (every key of an account shares it), else the key's own", async () => {
    const gate = apiKeyGate(ctx, { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) });
    const app = express();
    app.get('/x', gate, (_req, res) => {
      res.json({});
    });
    app.use(errorHandler(ctx));
    const first = await createTestAccount(ctx, 'pro');
    const created = await request(a).post('/api/v1/api-keys').set(first.auth).send({ name: 'second' });
    expect(created.status).toBe(201);
    const secondKey = created.body.key as string;
    const other = await createTestAccount(ctx, 'pro');
    expect(gate.schedulingKey(first.key)).toBe(`key:${hashApiKeySecret(first.key)}`);
    for (const key of [first.key, secondKey, other.key]) expect((await request(app).get('/x').set({ Authorization: `Bearer ${key}` })).status).toBe(200);
    expect(gate.schedulingKey(first.key)).toBe(`account:${first.account.id}`);
    expect(gate.schedulingKey(secondKey)).toBe(`account:${first.account.id}`);
    expect(gate.schedulingKey(other.key)).toBe(`account:${other.account.id}`);
    expect(gate.schedulingKey('vgl_not-a-key')).toBe(`key:${hashApiKeySecret('vgl_not-a-key')}`);
  });

  it("keeps the account's line after the lookup expires, until the line's own, longer lifetime ends", async () => {
    const gate = apiKeyGate(ctx, { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) });
    const app = express();
    app.get('/x', gate, (_req, res) => {
      res.json({});
    });
    const { key, account } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/x').set({ Authorization: `Bearer ${key}` })).status).toBe(200);
    clock.advance(KEY_CACHE_TTL_MS);
    expect(gate.schedulingKey(key)).toBe(`account:${account.id}`);
    clock.advance(KEY_LINE_TTL_MS - KEY_CACHE_TTL_MS);
    expect(gate.schedulingKey(key)).toBe(`key:${hashApiKeySecret(key)}`);
  });
});

describe('concurrent requests of a key whose lookup expired', () => {
  it('make one lookup between them, and each is still answered on its own', async () => {
    const gate = apiKeyGate(ctx, { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) });
    const app = express();
    app.get('/x', gate, (_req, res) => {
      res.json({});
    });
    app.use(errorHandler(ctx));
    const { auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).get('/x').set(auth)).status).toBe(200);
    clock.advance(KEY_CACHE_TTL_MS);
    const driver = ctx.db.driver;
    if (!(driver instanceof PostgresDriver)) throw new Error('PostgreSQL expected');
    const pool = driver.master as pg.Pool;
    let checkouts = 0;
    const count = () => {
      checkouts += 1;
    };
    pool.on('acquire', count);
    try {
      const server = request(app);
      const answers = await Promise.all(Array.from({ length: 10 }, () => server.get('/x').set(auth)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    } finally {
      pool.off('acquire', count);
    }
    // A lookup is two checkouts (the key to learn its account, then again after the stamp read).
    // Each request gets a lookup started after it arrived, so the first runs one and those that
    // arrive meanwhile share the next: at most 4 checkouts, where one lookup each would be 20.
    expect(checkouts).toBeGreaterThanOrEqual(2);
    expect(checkouts).toBeLessThanOrEqual(4);
  });
});

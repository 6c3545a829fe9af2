import express from 'express';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { errorHandler } from './error-handler.js';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

describe('errors', () => {
  it('answers an unknown path under /api with 404 {"error":"Not found"}', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/usage', '/api', '/api/v1/api-keys/1/unknown']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    }
  });

  it('answers a wrong method on a known path with 405, an Allow header and an HTML body', async () => {
    const res = await request(app).delete('/api/v1/usage');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(/<h1>Method Not Allowed<\/h1>/);
    const keys = await request(app).put('/api/v1/api-keys');
    expect(keys.status).toBe(405);
    expect(keys.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const item = await request(app).patch('/api/v1/api-keys/5');
    expect(item.headers.allow).toBe('GET, HEAD, DELETE, OPTIONS');
  });

  it('answers OPTIONS with 204 and Allow', async () => {
    const res = await request(app).options('/api/v1/api-keys');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('answers invalid JSON with 400 and never a 500', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/api-keys').set(auth).set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON body' });
  });

  it('authenticates before reading the body: no key and invalid JSON is 401', async () => {
    const res = await request(app).post('/api/v1/api-keys').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key required' });
  });

  it('answers invalid JSON and oversized bodies of an authenticated request with the rate-limit headers', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const bad = await request(app).post('/api/v1/api-keys').set(auth).set('Content-Type', 'application/json').send('{"name": ');
    expect(bad.status).toBe(400);
    expect(bad.headers['x-ratelimit-remaining']).toBe('59');
    expect(bad.headers['x-daily-remaining']).toBe('9999');
    const big = await request(app)
      .post('/api/v1/api-keys')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(big.status).toBe(413);
    expect(big.headers['x-ratelimit-remaining']).toBe('58');
  });

  it.each([['[]'], ['[{"name":"a"}]'], ['"text"'], ['5'], ['null']])('answers a JSON body %s that is not an object with 400', async (body) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/api-keys').set(auth).set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid (JSON body|request body: must be a JSON object)$/);
    if (body.startsWith('[')) expect(res.body).toEqual({ error: 'Invalid request body: must be a JSON object' });
  });

  it('answers an oversized body with 413', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app)
      .post('/api/v1/api-keys')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body too large' });
  });

  it('answers the removed token endpoints with 410', async () => {
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/refresh']) {
      const res = await request(app).post(path).send({ username: 'a', password: 'b' });
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ error: 'Token authentication has been removed; use an API key' });
    }
  });

  it('answers the removed token endpoints with 410 whatever the method or body', async () => {
    const gone = { error: 'Token authentication has been removed; use an API key' };
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/refresh']) {
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const res = await request(app)[method](path);
        expect([method, res.status, res.body]).toEqual([method, 410, gone]);
      }
      const broken = await request(app).post(path).set('Content-Type', 'application/json').send('{"refresh_token": ');
      expect(broken.status).toBe(410);
      expect(broken.body).toEqual(gone);
    }
  });

  it('answers anything unexpected with 500 {"error":"Internal server error"} and no details', async () => {
    const mini = express();
    mini.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    mini.use(errorHandler(ctx));
    const res = await request(mini).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error' });
  });

  it('echoes a safe X-Request-Id and makes one up otherwise', async () => {
    const given = await request(app).get('/healthz').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(app).get('/healthz').set('X-Request-Id', 'bad id with spaces');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

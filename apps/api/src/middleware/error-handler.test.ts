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

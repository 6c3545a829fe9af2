import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('serves /api/v1/usage to a freshly created account', async () => {
  const app = createApp(ctx);
  const { auth } = await createTestAccount(ctx, 'free');
  const res = await request(app).get('/api/v1/usage').set(auth);
  expect(res.status).toBe(200);
  expect(res.body.requests_today).toBe(1);
  expect(res.headers['x-ratelimit-limit']).toBe('10');
  expect(res.headers['x-daily-remaining']).toBe('999');
});

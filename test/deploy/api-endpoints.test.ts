import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestContext, type TestContext } from '@vigil/testing';
import { DEFAULTS, servedEndpoints, servingPort } from './deploy-files.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('the API serves 200 at every port and path that compose, the probes and the scrape annotations request', async () => {
  const endpoints = servedEndpoints().filter((e) => e.app === 'api');
  // compose health check, liveness, readiness, prometheus scrape
  expect(endpoints.length).toBeGreaterThanOrEqual(4);
  const app = createApp(ctx);
  for (const e of endpoints) {
    expect({ where: e.where, port: e.port }).toEqual({ where: e.where, port: servingPort(DEFAULTS, 'api') });
    const res = await request(app).get(e.path);
    expect({ where: e.where, path: e.path, status: res.status }).toEqual({ where: e.where, path: e.path, status: 200 });
  }
});

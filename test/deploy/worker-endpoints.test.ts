import { HealthServer } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { DEFAULTS, WORKER_APPS, servedEndpoints, servingPort } from './deploy-files.js';

// The worker apps serve their probes with HealthServer (createWorkerApp starts one on
// config.healthPorts[app]); here a real one answers every request the manifests make.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe.each(WORKER_APPS)('%s worker', (app) => {
  it('serves 200 at every port and path that compose, the probes and the scrape annotations request', async () => {
    const endpoints = servedEndpoints().filter((e) => e.app === app);
    // compose health check, liveness, readiness, prometheus scrape
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    const server = new HealthServer(ctx, app, 0);
    const port = await server.listen();
    try {
      for (const e of endpoints) {
        expect({ where: e.where, port: e.port }).toEqual({ where: e.where, port: servingPort(DEFAULTS, app) });
        const res = await fetch(`http://127.0.0.1:${port}${e.path}`);
        await res.arrayBuffer();
        expect({ where: e.where, path: e.path, status: res.status }).toEqual({ where: e.where, path: e.path, status: 200 });
      }
    } finally {
      await server.close();
    }
  });
});

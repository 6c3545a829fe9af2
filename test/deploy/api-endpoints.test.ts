import request from 'supertest';
import { createApp, createOpsApp, mountBullBoard } from '@vigil/api';
import { loadConfig } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { APPS, containerEnv, deploymentOf, podSpec, probePort, servedEndpoints, servingPort } from './deploy-files.js';

// The manifests' API configuration: its public port and the ops port probes and scrapes use.
const apiConfig = loadConfig(containerEnv(podSpec(deploymentOf('api')[0]).containers[0]));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_OPS_PORT: String(probePort(apiConfig, 'api')) } });
});
afterAll(() => ctx.teardown());

it('the API serves 200 at every port and path that compose, the probes and the scrape annotations request', async () => {
  expect(APPS).toContain('api');
  const endpoints = servedEndpoints().filter((e) => e.app === 'api');
  // compose health check, liveness, readiness, prometheus scrape
  expect(endpoints.length).toBeGreaterThanOrEqual(4);
  const apps = new Map([
    [servingPort(apiConfig, 'api'), createApp(ctx)],
    [probePort(apiConfig, 'api'), createOpsApp(ctx, mountBullBoard)],
  ]);
  for (const e of endpoints) {
    const app = apps.get(e.port);
    expect({ where: e.where, port: e.port, served: app !== undefined }).toEqual({ where: e.where, port: e.port, served: true });
    const res = await request(app!).get(e.path);
    expect({ where: e.where, path: e.path, status: res.status }).toEqual({ where: e.where, path: e.path, status: 200 });
  }
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { routeGroup } from './register-routes.js';

describe('routeGroup', () => {
  it('groups /api/v1/<literal segment> paths, lower-cased, and nothing else', () => {
    expect(routeGroup('/api/v1/integrations')).toBe('integrations');
    expect(routeGroup('/api/v1/integrations/:id/deliveries')).toBe('integrations');
    expect(routeGroup('/api/v1/openapi.json')).toBe('openapi.json');
    expect(routeGroup('/api/v1/Uptime/monitors')).toBe('uptime');
    expect(routeGroup('/api/v1/:kind')).toBeNull();
    expect(routeGroup('/api/v1')).toBeNull();
    expect(routeGroup('/healthz')).toBeNull();
    expect(routeGroup('/status/:slug')).toBeNull();
  });
});

describe('routes in groups answer as the app router answered them', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000' } });
  });
  afterAll(() => ctx.teardown());

  it('matches case-insensitively and with a trailing slash, keeps params, 405s and 404s, and labels metrics with the route', async () => {
    const app = createApp(ctx);
    const { auth } = await createTestAccount(ctx, 'business');
    expect((await request(app).get('/api/v1/integrations/types').set(auth)).status).toBe(200);
    expect((await request(app).get('/API/V1/Integrations/Types/').set(auth)).status).toBe(200);
    const missing = await request(app).get('/api/v1/integrations/999999').set(auth);
    expect([missing.status, missing.body]).toEqual([404, { error: 'Integration not found' }]);
    const notAllowed = await request(app).put('/api/v1/integrations/types').set(auth);
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.allow).toBe('GET, HEAD, OPTIONS');
    // A path of a group that no route of it answers, and one of no group: the not-found answer.
    const inGroup = await request(app).get('/api/v1/integrations/1/nothing-here').set(auth);
    const noGroup = await request(app).get('/api/v1/nothing-here').set(auth);
    expect([inGroup.status, inGroup.body]).toEqual([noGroup.status, noGroup.body]);
    expect(noGroup.status).toBe(404);
    // Paths outside the groups are routed as before.
    expect((await request(app).get('/healthz')).status).toBe(200);
    const metrics = await ctx.metrics.registry.getSingleMetricAsString('vigil_http_requests_total');
    expect(metrics).toContain('route="/api/v1/integrations/types"');
    expect(metrics).toContain('route="/api/v1/integrations/:id"');
  });
});

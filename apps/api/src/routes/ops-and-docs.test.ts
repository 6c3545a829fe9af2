import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestContext, type TestContext } from '@vigil/testing';
import { openApiPath } from '../http/openapi.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ADMIN_TOKEN: 'admin-token-0123456789' } });
});
afterAll(() => ctx.teardown());

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { routers?: { stack: Layer[] }[] };
}

describe('operations', () => {
  it('serves liveness, readiness and metrics', async () => {
    const app = createApp(ctx);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    await request(app).get('/api/v1/nope');
    const metrics = await request(app).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/vigil_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
    expect(metrics.text).toMatch(/vigil_http_request_duration_seconds_bucket/);
    expect(metrics.text).toMatch(/vigil_queue_waiting_jobs\{queue="checks"\} 0/);
  });
});

describe('OpenAPI document', () => {
  it('documents every mounted route and method', async () => {
    const app = createApp(ctx);
    const doc = (await request(app).get('/api/v1/openapi.json')).body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    // Routes sit in the app's stack or in the routers of its shape dispatch (registerRoutes).
    const layers = (stack: Layer[]): Layer[] => stack.flatMap((l) => [l, ...(l.handle.routers ?? []).flatMap((r) => layers(r.stack))]);
    const mounted = layers((app.router as unknown as { stack: Layer[] }).stack)
      .filter((l) => l.route)
      .flatMap((l) => Object.keys(l.route!.methods).filter((m) => m !== '_all').map((m) => [m, openApiPath(l.route!.path)] as const));
    expect(mounted.length).toBeGreaterThan(10);
    // And every declared route is mounted.
    const mountedKeys = new Set(mounted.map(([method, path]) => `${method} ${path}`));
    for (const r of app.routes) expect(mountedKeys).toContain(`${r.method} ${openApiPath(r.path)}`);
    for (const [method, path] of mounted) {
      expect(doc.paths[path]?.[method]).toBeDefined();
    }
  });

  it('serves a docs page', async () => {
    const res = await request(createApp(ctx)).get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger-ui/i);
  });
});

describe('queue dashboard', () => {
  it('requires the admin token (Bearer or Basic password)', async () => {
    const app = createApp(ctx);
    expect((await request(app).get('/admin/queues')).status).toBe(401);
    expect((await request(app).get('/admin/queues').set('Authorization', 'Bearer wrong-token-xxxxxxxx')).status).toBe(401);
    const ok = await request(app).get('/admin/queues').set('Authorization', 'Bearer admin-token-0123456789');
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/<html/i);
    const basic = Buffer.from('ops:admin-token-0123456789').toString('base64');
    expect((await request(app).get('/admin/queues/api/queues').set('Authorization', `Basic ${basic}`)).status).toBe(200);
  });

  it("carries Vigil's name and loads nothing from another origin (no web fonts)", async () => {
    const page = await request(createApp(ctx)).get('/admin/queues').set('Authorization', 'Bearer admin-token-0123456789');
    expect(page.text).toContain('<title>Vigil queues</title>');
    expect(page.text).not.toMatch(/(?:href|src)="(?:https?:)?\/\//i);
    const assets = [...page.text.matchAll(/(?:href|src)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const res = await request(createApp(ctx)).get(`/admin/queues/${asset}`).set('Authorization', 'Bearer admin-token-0123456789');
      expect(res.status).toBe(200);
    }
  });

  it('is off when no admin token is configured', async () => {
    const plain = await createTestContext();
    try {
      expect((await request(createApp(plain)).get('/admin/queues').set('Authorization', 'Bearer anything')).status).toBe(404);
    } finally {
      await plain.teardown();
    }
  });
});

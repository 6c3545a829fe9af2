import request from 'supertest';
import { createTestAccount, createTestContext, seedStatusFixture, type TestContext } from '@vigil/testing';
import { createApp } from './app.js';
import { createPublicApp } from './public-app.js';
import type { RouteDef } from './http/route.js';
import { createPublicProcess } from './main.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', PORT: '0' } });
});
afterAll(() => ctx.teardown());

describe('the public app (vigil start public)', () => {
  it('serves status pages (each form), badges and the probes like the API does, and no API route', async () => {
    const api = createApp(ctx);
    const pub = createPublicApp(ctx);
    const owner = await createTestAccount(ctx, 'pro');
    const fixture = await seedStatusFixture(ctx, owner.account.id, ctx.clock.now());
    const slug = `pub-${process.pid}`;
    expect((await request(api).post('/api/v1/status-pages').set(owner.auth).send({ slug, title: 'Pub', sections: [{ title: 'All', monitor_ids: fixture.monitorIds }] })).status).toBe(201);
    for (const path of [`/status/${slug}`, `/status/${slug}.json`, `/status/${slug}/feed.atom`]) {
      const fromPublic = await request(pub).get(path);
      expect(fromPublic.status).toBe(200);
      // Each process builds its own copy (its own "Updated" time): the same kind of answer, with the page in it.
      const fromApi = await request(api).get(path);
      expect(fromPublic.headers['content-type']).toBe(fromApi.headers['content-type']);
      expect(fromPublic.text).toContain(slug);
    }
    const links = (await request(api).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set(owner.auth)).body.badge.badges.status;
    const badge = await request(pub).get((links.svg_url as string).replace(ctx.config.baseUrl, ''));
    expect(badge.status).toBe(200);
    expect(badge.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await request(pub).get('/healthz')).status).toBe(200);
    // No API route, not even with a valid key: the plain 404.
    expect(pub.routes.every((r: RouteDef) => r.auth === 'none')).toBe(true);
    expect((await request(pub).get('/api/v1/monitors').set(owner.auth)).status).toBe(404);
    expect((await request(pub).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set(owner.auth)).status).toBe(404);
    expect((await request(pub).get('/status/no-such-page-here')).status).toBe(404);
  });

  it('runs as its own process on PORT and stops cleanly', async () => {
    const proc = createPublicProcess(ctx);
    expect(proc.name).toBe('public');
    await proc.start();
    try {
      const res = await fetch(`http://127.0.0.1:${proc.port()}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      await proc.stop();
    }
    expect(proc.port()).toBeUndefined();
  });
});

import { performance } from 'node:perf_hooks';
import express from 'express';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, seedStatusFixture, type TestContext } from '@vigil/testing';
import { BadgeService } from '../badges/badge-service.js';
import { PublicFaceGate } from '../public-status/public-face-gate.js';
import { PublicLane } from '../public-status/public-lane.js';
import { StatusPageService } from '../public-status/status-page-service.js';
import { publicFace } from './public-face.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000}}' } });
});
afterAll(async () => {
  await ctx.teardown();
});

const timers = {
  now: () => performance.now(),
  schedule: (fn: () => void, ms: number) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** The body as text (supertest leaves an SVG as a Buffer in `body`). */
const bodyOf = (res: request.Response) => res.text ?? String(res.body);

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

describe('publicFace', () => {
  it('answers a cached page (each form) or badge from memory exactly as the route does (headers, gzip, 304)', async () => {
    const app = createApp(ctx);
    const owner = await createTestAccount(ctx, 'pro');
    const fixture = await seedStatusFixture(ctx, owner.account.id, ctx.clock.now());
    const created = await request(app)
      .post('/api/v1/status-pages')
      .set(owner.auth)
      .send({ slug: `face-${process.pid}`, title: 'Face', sections: [{ title: 'All', monitor_ids: fixture.monitorIds }] });
    expect(created.status).toBe(201);
    for (const path of [`/status/face-${process.pid}`, `/status/face-${process.pid}.json`, `/status/face-${process.pid}/feed.atom`]) {
      const first = await request(app).get(path); // builds the page through the route
      const second = await request(app).get(path); // fresh copy, known version: answered by publicFace
      expect(second.status).toBe(200);
      expect(second.text).toBe(first.text);
      for (const h of ['etag', 'content-type', 'cache-control', 'content-security-policy', 'vary', 'x-content-type-options']) expect(second.headers[h]).toBe(first.headers[h]);
      expect(second.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
      expect((await request(app).get(path).set('If-None-Match', first.headers.etag)).status).toBe(304);
      const zipped = await request(app).get(path).set('Accept-Encoding', 'gzip');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.text).toBe(first.text);
    }
    const head = await request(app).head(`/status/face-${process.pid}`);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    const links = (await request(app).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set(owner.auth)).body.badge.badges.status;
    for (const url of [links.svg_url, `${links.svg_url}?label=Core%20API`, links.json_url] as string[]) {
      const path = url.replace(ctx.config.baseUrl, '');
      const first = await request(app).get(path);
      const second = await request(app).get(path);
      expect(second.status).toBe(200);
      expect(bodyOf(second)).toBe(bodyOf(first));
      expect(bodyOf(second)).toMatch(/^(<svg|\{"schemaVersion")/);
      for (const h of ['etag', 'content-type', 'cache-control']) expect(second.headers[h]).toBe(first.headers[h]);
    }
    expect(bodyOf(await request(app).get(`${links.svg_url.replace(ctx.config.baseUrl, '')}?label=Core%20API`))).toContain('Core API');
    // Answers from memory are labelled as the routes' would be, never as unmatched paths.
    const counted = (await ctx.metrics.httpRequests.get()).values.filter((v) => /^\/(status|badges)\//.test(String(v.labels.route)) || v.labels.route === 'unmatched');
    expect([...new Set(counted.map((v) => String(v.labels.route)))].sort()).toEqual(['/badges/:token/:badge', '/status/:slug', '/status/:slug.json', '/status/:slug/feed.atom']);
  });

  it('while API requests are in flight, admits public requests at the busy rate, makes the rest wait and sheds them with 503 and Retry-After', async () => {
    const gate = new PublicFaceGate({ busyRate: 0.01, burst: 1, idleBatch: 4, maxQueue: 10, maxWaitMs: 200, holdMs: 0, ...timers });
    const app = express();
    app.use(publicFace(ctx, new StatusPageService(ctx), new BadgeService(ctx), gate));
    const slowApi: { release?: () => void } = {};
    app.get('/api/v1/slow', (_req, res) => {
      slowApi.release = () => res.json({ ok: true });
    });
    app.get('/api/v1/fast', (_req, res) => res.json({ ok: true }));
    app.get('/', (_req, res) => res.json({ index: true }));
    app.get('/badges/:token/:name', (_req, res) => res.type('image/svg+xml').send('<svg/>'));
    const server = app.listen(0, '127.0.0.1');
    try {
      const slow = request(server).get('/api/v1/slow').then((r) => r.status);
      await until(() => slowApi.release !== undefined); // the slow API request is in flight
      expect(gate.waiting).toBe(0);
      // The burst token: admitted at once.
      expect((await request(server).get('/badges/t/status.svg')).status).toBe(200);
      // No token left: waits, then is shed.
      const shed = await request(server).get('/badges/t/status.svg');
      expect(shed.status).toBe(503);
      expect(shed.body).toEqual({ error: 'Too many requests for public pages; retry shortly' });
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.headers['cache-control']).toBe('no-store');
      // Other API requests are never held by the gate, nor the service's own root.
      expect((await request(server).get('/api/v1/fast')).status).toBe(200);
      expect((await request(server).get('/').set('Host', new URL(ctx.config.baseUrl).host)).status).toBe(200);
      // A custom hostname's root is public: it waits like a badge.
      expect((await request(server).get('/').set('Host', 'status.acme.example')).status).toBe(503);
      // A public request waiting when the API falls idle goes then.
      const waiting = request(server).get('/badges/t/status.svg').then((r) => r.status);
      await until(() => gate.waiting === 1);
      slowApi.release?.();
      expect(await slow).toBe(200);
      expect(await waiting).toBe(200);
    } finally {
      server.close();
    }
  });
  it('public requests have their own in-flight budget: a crowd held on one page fills it and the rest are shed with 503 and Retry-After, while API requests go on', async () => {
    const gate = new PublicFaceGate({ busyRate: 1_000, burst: 1_000, idleBatch: 16, maxQueue: 1_000, maxWaitMs: 2_000, holdMs: 0, ...timers });
    const lane = new PublicLane({ limit: 2, maxQueue: 1, maxWaitMs: 200, ...timers });
    const app = express();
    app.use(publicFace(ctx, new StatusPageService(ctx), new BadgeService(ctx), gate, lane));
    const held: (() => void)[] = [];
    app.get('/badges/:token/:name', (req, res) => {
      if (req.params.token === 'crowd') held.push(() => res.type('image/svg+xml').send('<svg/>'));
      else res.type('image/svg+xml').send('<svg/>');
    });
    app.get('/api/v1/fast', (_req, res) => res.json({ ok: true }));
    const server = app.listen(0, '127.0.0.1');
    try {
      const crowd = [request(server).get('/badges/crowd/a.svg'), request(server).get('/badges/crowd/b.svg')].map((r) => r.then((x) => x.status));
      await until(() => held.length === 2);
      expect(lane.inFlight).toBe(2);
      // One more waits (the line holds one), then is shed after maxWaitMs; another finds the line full.
      const waiting = request(server).get('/badges/quiet/a.svg').then((r) => r);
      await until(() => lane.queued === 1);
      const full = await request(server).get('/badges/quiet/b.svg');
      expect(full.status).toBe(503);
      expect(full.body).toEqual({ error: 'Too many requests for public pages; retry shortly' });
      expect(full.headers['retry-after']).toBe('5');
      const late = await waiting;
      expect(late.status).toBe(503);
      expect(late.headers['retry-after']).toBe('5');
      // The API is not held by the public budget.
      expect((await request(server).get('/api/v1/fast')).status).toBe(200);
      // Slots come back when the crowd's answers are sent.
      held.splice(0).forEach((send) => send());
      expect(await Promise.all(crowd)).toEqual([200, 200]);
      await until(() => lane.inFlight === 0);
      expect((await request(server).get('/badges/quiet/a.svg')).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('an answer from memory gives its lane slot back once written, before its client has read it', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const fixture = await seedStatusFixture(ctx, owner.account.id, ctx.clock.now());
    const slug = `lane-${process.pid}`;
    const created = await request(createApp(ctx))
      .post('/api/v1/status-pages')
      .set(owner.auth)
      .send({ slug, title: 'Lane', sections: [{ title: 'All', monitor_ids: fixture.monitorIds }] });
    expect(created.status).toBe(201);
    const pages = new StatusPageService(ctx);
    // Built, with its owner's version read: the next request is answered from memory.
    expect(await pages.get({ slug }, 'html')).not.toBeNull();
    const lane = new PublicLane({ limit: 1, maxQueue: 10, maxWaitMs: 2_000, ...timers });
    const atFinish: number[] = [];
    const app = express();
    app.use((_req, res, next) => {
      res.on('finish', () => atFinish.push(lane.inFlight));
      next();
    });
    app.use(publicFace(ctx, pages, new BadgeService(ctx), undefined, lane));
    app.get('/status/:slug', (_req, res) => res.status(500).end());
    const answers = await Promise.all(Array.from({ length: 3 }, () => request(app).get(`/status/${slug}`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(atFinish).toEqual([0, 0, 0]);
  });
});

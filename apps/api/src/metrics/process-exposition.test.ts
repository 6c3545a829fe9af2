import request from 'supertest';
import express from 'express';
import { createApp } from '@vigil/api';
import { createTestContext, testClock, type TestContext } from '@vigil/testing';
import { PROCESS_METRICS_MAX_AGE_MS, ProcessExposition } from './process-exposition.js';

const clock = testClock('2026-11-27T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

const healthzCount = (text: string) => Number(/vigil_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);

describe('/metrics', () => {
  it('is never older than PROCESS_METRICS_MAX_AGE_MS of the clock; concurrent scrapes share a render', async () => {
    const app = createApp(ctx);
    await request(app).get('/healthz');
    const first = await request(app).get('/metrics');
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^text\/plain/);
    expect(healthzCount(first.text)).toBe(1);

    await request(app).get('/healthz');
    clock.advance(PROCESS_METRICS_MAX_AGE_MS / 2 - 1);
    // Still the first render: the second /healthz is not in it yet (and no render behind it before half the age).
    const [a, b] = await Promise.all([request(app).get('/metrics'), request(app).get('/metrics')]);
    expect(a.text).toBe(first.text);
    expect(b.text).toBe(first.text);

    clock.advance(PROCESS_METRICS_MAX_AGE_MS / 2 + 1);
    expect(healthzCount((await request(app).get('/metrics')).text)).toBe(2);
  });

  it('answers a scrape past half the age from memory and renders the next text behind it', async () => {
    const app = createApp(ctx);
    clock.advance(PROCESS_METRICS_MAX_AGE_MS);
    const first = await request(app).get('/metrics');
    await request(app).get('/healthz');
    const before = healthzCount(first.text);
    clock.advance(PROCESS_METRICS_MAX_AGE_MS / 2);
    // Served at once from the text rendered before the /healthz; the render behind it has it.
    expect((await request(app).get('/metrics')).text).toBe(first.text);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(healthzCount((await request(app).get('/metrics')).text)).toBe(before + 1);
  });
});

describe('/metrics answer', () => {
  it('has the headers and bytes res.send gives its text, the ETag hashed once per render', async () => {
    const app = createApp(ctx);
    clock.advance(PROCESS_METRICS_MAX_AGE_MS);
    const ours = await request(app).get('/metrics');
    const plain = express();
    plain.get('/metrics', (_req, res) => {
      res.type(ctx.metrics.registry.contentType).send(ours.text);
    });
    const theirs = await request(plain).get('/metrics');
    const shape = (r: request.Response) => ({
      status: r.status,
      body: r.text,
      headers: Object.fromEntries(['content-type', 'content-length', 'etag'].map((h) => [h, r.headers[h]])),
      // Header order, from Content-Type on (the middleware's headers come before).
      order: Object.keys(r.headers).filter((h) => ['content-type', 'content-length', 'etag'].includes(h)),
    });
    expect(shape(ours)).toEqual(shape(theirs));
    const again = await request(app).get('/metrics').set('If-None-Match', String(ours.headers.etag));
    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('asks the app for the ETag of a render once, whatever the scrapes', async () => {
    const app = createApp(ctx);
    const hashed: number[] = [];
    app.set('etag', (body: Buffer) => {
      hashed.push(body.length);
      return `"${body.length}"`;
    });
    clock.advance(PROCESS_METRICS_MAX_AGE_MS);
    const first = await request(app).get('/metrics');
    const second = await request(app).get('/metrics');
    expect([first.headers.etag, second.headers.etag]).toEqual([`"${Buffer.byteLength(first.text)}"`, `"${Buffer.byteLength(first.text)}"`]);
    expect(hashed).toEqual([Buffer.byteLength(first.text)]);
  });

  it('encodes a render once: every scrape of it is answered with the same bytes', async () => {
    const exposition = new ProcessExposition(ctx);
    clock.advance(PROCESS_METRICS_MAX_AGE_MS);
    const first = await exposition.current();
    const again = await exposition.current();
    expect(again.body).toBe(first.body);
    expect(first.body.toString()).toMatch(/^# HELP /);
    expect(first.byteLength).toBe(first.body.length);
  });
});

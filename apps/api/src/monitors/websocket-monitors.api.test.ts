import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { WebSocketServer } from 'ws';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { WEBSOCKET_CONFIG_MESSAGES as W } from '@vigil/core';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

/**
 * The websocket type end to end: the API validates and stores it from its spec alone, and the
 * checker (in-process) probes a loopback WebSocket server through its prober.
 */

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let checker: ReturnType<typeof createCheckerApp>;
let account: TestAccount;
let server: http.Server;
let wss: WebSocketServer;
let base: string;

beforeAll(async () => {
  server = http.createServer();
  wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (m) => socket.send(`pong ${m.toString()}`)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
  checker = createCheckerApp(ctx);
  await checker.start();
  account = await createTestAccount(ctx, 'pro');
});
afterAll(async () => {
  await checker.stop();
  await ctx.teardown();
  wss.close();
  server.close();
});

const post = (body: Record<string, unknown>) => request(app).post('/api/v1/uptime/monitors').set(account.auth).send(body);

describe('websocket monitors', () => {
  it('creates with defaults; url is the canonical URL; a manual check probes the server', async () => {
    const res = await post({ name: 'Feed', type: 'websocket', config: { url: `${base}/feed`, message: 'ping', expected_reply: 'pong ping' }, timeout: 5 });
    expect(res.status).toBe(201);
    expect(res.body.monitor).toMatchObject({
      type: 'websocket',
      url: `${base}/feed`,
      config: { url: `${base}/feed`, message: 'ping', expected_reply: 'pong ping', match: 'contains', verify_tls: true },
    });
    const check = await request(app).post(`/api/v1/uptime/monitors/${res.body.monitor.id}/check`).set(account.auth);
    expect(check.status).toBe(200);
    expect(check.body.check).toMatchObject({
      status: 'success',
      status_code: 101,
      response_time_ms: expect.any(Number),
      details: { kind: 'websocket', reply: 'pong ping', truncated: false, messages: 1 },
    });
  });

  it('a reply that does not match fails the check, naming what was expected and what came', async () => {
    const res = await post({ name: 'Feed 2', type: 'websocket', config: { url: `${base}/other`, message: 'ping', expected_reply: '^ok$', match: 'matches' }, timeout: 1 });
    expect(res.status).toBe(201);
    const check = await request(app).post(`/api/v1/uptime/monitors/${res.body.monitor.id}/check`).set(account.auth);
    expect(check.body.check).toMatchObject({ status: 'failure', error: 'No reply matching "^ok$" within 1 s (last reply: "pong ping")' });
  });

  it('is unique per account on its URL', async () => {
    const first = await post({ name: 'a', type: 'websocket', config: { url: `${base}/unique` } });
    expect(first.status).toBe(201);
    const again = await post({ name: 'b', type: 'websocket', config: { url: `${base.toUpperCase().replace('WS://', 'ws://')}/unique` } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'WebSocket URL already monitored', monitor_id: first.body.monitor.id });
  });

  it('answers 400 with the field named', async () => {
    for (const [config, error] of [
      [undefined, W.config],
      [{ url: 'https://example.com/' }, W.url],
      [{ url: 'ws://example.com/', expected_reply: '(?=x)', match: 'matches' }, W.pattern],
    ] as const) {
      const res = await post({ name: 'bad', type: 'websocket', config });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
    const foreign = await post({ name: 'bad', type: 'websocket', config: { url: 'ws://example.com/' }, method: 'POST' });
    expect(foreign.body).toEqual({ error: 'Invalid method: not a field of websocket monitors (configure them in config)' });
  });
});

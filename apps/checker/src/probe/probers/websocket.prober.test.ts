import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { createGuardedAgents, systemClock, type GuardedAgents, type OutboundPolicy } from '@vigil/core';
import { selfSignedCertificate } from '../../testing/self-signed.js';
import type { ProbeTargetOf } from '../probe-target.js';
import { probeWebsocket, WEBSOCKET_PROBE_BOUNDS, websocketProber } from './websocket.prober.js';

const OPEN: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const GUARDED: OutboundPolicy = { allowPrivate: false, dnsServers: [] };

const closers: (() => void)[] = [];
afterAll(() => closers.forEach((close) => close()));

/** A loopback WebSocket server answering each text message with `reply(message)` (nothing when it returns null). */
async function wsServer(onConnection: (socket: WebSocket) => void, secure?: { cert: string; key: string }): Promise<{ port: number; connections: () => number }> {
  const server = secure ? https.createServer(secure) : http.createServer();
  const wss = new WebSocketServer({ server });
  let connections = 0;
  wss.on('connection', (socket) => {
    connections++;
    onConnection(socket);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    wss.clients.forEach((c) => c.terminate());
    wss.close();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

function target(url: string, extra: Partial<ProbeTargetOf<'websocket'>> = {}): ProbeTargetOf<'websocket'> {
  return { type: 'websocket', url, message: null, expected_reply: null, match: 'contains', verify_tls: true, timeoutSeconds: 5, ...extra };
}

let open: GuardedAgents;
let guarded: GuardedAgents;
let echo: string;
let greeter: string;
let closer: string;
let silent: string;
let flood: string;
let chatty: string;
let secureUrl: string;

beforeAll(async () => {
  open = createGuardedAgents(OPEN);
  guarded = createGuardedAgents(GUARDED);
  closers.push(() => [open, guarded].forEach((a) => (a.http.destroy(), a.https.destroy())));
  echo = `ws://127.0.0.1:${(await wsServer((s) => s.on('message', (m, binary) => s.send(binary ? m : `echo: ${m.toString()}`)))).port}/echo`;
  greeter = `ws://127.0.0.1:${(await wsServer((s) => (s.send('hello'), s.send(Buffer.from([1, 2, 3])), s.send('status: ok')))).port}/`;
  closer = `ws://127.0.0.1:${(await wsServer((s) => (s.send('bye'), s.close(4001)))).port}/`;
  silent = `ws://127.0.0.1:${(await wsServer(() => undefined)).port}/`;
  flood = `ws://127.0.0.1:${(await wsServer((s) => s.send('x'.repeat(WEBSOCKET_PROBE_BOUNDS.replyBytes + 1)))).port}/`;
  chatty = `ws://127.0.0.1:${(await wsServer((s) => Array.from({ length: WEBSOCKET_PROBE_BOUNDS.replies + 5 }, (_, i) => s.send(`tick ${i}`)))).port}/`;
  secureUrl = `wss://localhost:${(await wsServer((s) => s.on('message', () => s.send('secure pong')), await selfSignedCertificate())).port}/`;
});

describe('websocket checks against loopback WebSocket servers', () => {
  it('an opening handshake alone is a success: 101, its time, no messages', async () => {
    const r = await probeWebsocket(target(silent), systemClock, open);
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'success',
      response_time_ms: expect.any(Number),
      status_code: 101,
      details: { kind: 'websocket', reply: null, truncated: false, messages: 0 },
    });
    expect(r.response_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends the message and waits for a reply containing the expected text', async () => {
    const r = await probeWebsocket(target(echo, { message: 'ping', expected_reply: 'echo: ping' }), systemClock, open);
    expect(r).toMatchObject({ status: 'success', status_code: 101, details: { kind: 'websocket', reply: 'echo: ping', truncated: false, messages: 1 } });
  });

  it('judges text replies until one matches the pattern, skipping binary ones', async () => {
    const r = await probeWebsocket(target(greeter, { expected_reply: '^status: (ok|fine)$', match: 'matches' }), systemClock, open);
    expect(r).toMatchObject({ status: 'success', details: { reply: 'status: ok', messages: 3 } });
  });

  it('no matching reply within the timeout fails, showing the last reply', async () => {
    const r = await probeWebsocket(target(echo, { message: 'ping', expected_reply: 'pong', timeoutSeconds: 1 }), systemClock, open);
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'failure',
      response_time_ms: null,
      status_code: null,
      error: 'No reply containing "pong" within 1 s (last reply: "echo: ping")',
    });
  });

  it('a server that closes before the expected reply fails with its close code', async () => {
    const r = await probeWebsocket(target(closer, { expected_reply: 'welcome' }), systemClock, open);
    expect(r.error).toBe('WebSocket closed by the server (code 4001) before a reply containing "welcome" (last reply: "bye")');
  });

  it('judges at most 20 messages', async () => {
    const r = await probeWebsocket(target(chatty, { expected_reply: 'tock' }), systemClock, open);
    expect(r.error).toBe('No reply containing "tock" in the first 20 messages (last reply: "tick 19")');
  });

  it('a reply over the size bound fails without reading it', async () => {
    const r = await probeWebsocket(target(flood, { expected_reply: 'y' }), systemClock, open);
    expect(r).toMatchObject({ status: 'failure', error: `WebSocket reply larger than ${WEBSOCKET_PROBE_BOUNDS.replyBytes} bytes` });
  });

  it('an HTTP answer instead of an upgrade fails with its status code', async () => {
    const plain = http.createServer((_req, res) => res.writeHead(404).end('no sockets here'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    closers.push(() => plain.close());
    const r = await probeWebsocket(target(`ws://127.0.0.1:${(plain.address() as AddressInfo).port}/`), systemClock, open);
    expect(r).toMatchObject({ status: 'failure', status_code: 404, error: 'WebSocket handshake refused: Unexpected status code 404 Not Found (expected 101 Switching Protocols)' });
  });

  it('a server that never completes the handshake times out', async () => {
    const mute = http.createServer(() => undefined);
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    closers.push(() => mute.closeAllConnections());
    closers.push(() => mute.close());
    const r = await probeWebsocket(target(`ws://127.0.0.1:${(mute.address() as AddressInfo).port}/`, { timeoutSeconds: 1 }), systemClock, open);
    expect(r).toMatchObject({ status: 'failure', error: 'Timeout after 1 s' });
  });

  it('wss: verifies the certificate unless verify_tls is off', async () => {
    const verified = await probeWebsocket(target(secureUrl, { message: 'ping', expected_reply: 'pong' }), systemClock, open);
    expect(verified).toMatchObject({ status: 'failure', error: expect.stringMatching(/^TLS verification failed: /) });
    const unverified = await probeWebsocket(target(secureUrl, { message: 'ping', expected_reply: 'pong', verify_tls: false }), systemClock, open);
    expect(unverified).toMatchObject({ status: 'success', details: { reply: 'secure pong' } });
  });

  it('the outbound guard refuses a private target before connecting', async () => {
    const server = await wsServer(() => undefined);
    const r = await probeWebsocket(target(`ws://127.0.0.1:${server.port}/`), systemClock, guarded);
    expect(r).toMatchObject({ status: 'failure', status_code: null, error: expect.stringMatching(/^Blocked private address: 127\.0\.0\.1 /) });
    const named = await probeWebsocket(target(`ws://localhost:${server.port}/`), systemClock, guarded);
    expect(named.error).toMatch(/^Blocked private address: localhost resolves to a non-public address/);
    expect(server.connections()).toBe(0);
  });

  it('a refused port is named', async () => {
    const gone = http.createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const r = await probeWebsocket(target(`ws://127.0.0.1:${port}/`), systemClock, open);
    expect(r.error).toBe(`Connection refused by 127.0.0.1:${port}`);
  });

  it('is the prober of the websocket type', async () => {
    const prober = websocketProber(OPEN);
    if (prober.kind !== 'pull') throw new Error('websocket is probed');
    const r = await prober.probe(target(echo, { message: 'hi', expected_reply: 'echo: hi' }), systemClock);
    prober.close();
    expect(r.status).toBe('success');
  });
});

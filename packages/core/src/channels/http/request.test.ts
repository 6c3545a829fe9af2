import net from 'node:net';
import { startReceiver, type Receiver } from '@vigil/testing';
import { BlockedAddressError, createGuardedAgents } from '../../net/outbound-guard.js';
import { classifyNetworkError, classifyStatus, postJson } from './request.js';

describe('classifyStatus', () => {
  it.each([
    [200, true, false, null],
    [204, true, false, null],
    [301, false, false, 'HTTP 301 Moved Permanently'],
    [400, false, false, 'HTTP 400 Bad Request'],
    [404, false, false, 'HTTP 404 Not Found'],
    [408, false, false, 'HTTP 408 Request Timeout'],
    [429, false, true, 'HTTP 429 Too Many Requests'],
    [500, false, true, 'HTTP 500 Internal Server Error'],
    [503, false, true, 'HTTP 503 Service Unavailable'],
    [599, false, true, 'HTTP 599'],
  ])('%p -> ok %p, retryable %p', (status, ok, retryable, error) => {
    expect(classifyStatus(status)).toEqual({ ok, retryable, error });
  });
});

describe('classifyNetworkError', () => {
  const e = (code: string, message = code) => Object.assign(new Error(message), { code });
  it('names the cause; everything but a blocked address is retried', () => {
    expect(classifyNetworkError(e('ETIMEDOUT'), 5000)).toEqual({ retryable: true, error: 'Timed out after 5000 ms' });
    expect(classifyNetworkError(e('ECONNREFUSED'), 1)).toEqual({ retryable: true, error: 'Connection refused' });
    expect(classifyNetworkError(e('ECONNRESET'), 1)).toEqual({ retryable: true, error: 'Connection reset' });
    expect(classifyNetworkError(e('ENOTFOUND'), 1)).toEqual({ retryable: true, error: 'DNS lookup failed (ENOTFOUND)' });
    expect(classifyNetworkError(e('ERR_TLS_CERT_ALTNAME_INVALID', 'bad name'), 1)).toEqual({ retryable: true, error: 'TLS error: bad name' });
    expect(classifyNetworkError(new BlockedAddressError('127.0.0.1', '127.0.0.1', 'loopback'), 1)).toEqual({
      retryable: false,
      error: 'Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets',
    });
  });
});

describe('postJson on loopback', () => {
  let receiver: Receiver;
  const allowed = createGuardedAgents({ allowPrivate: true, dnsServers: [] });
  const guarded = createGuardedAgents({ allowPrivate: false, dnsServers: [] });
  beforeAll(async () => {
    receiver = await startReceiver((n, req) => (req.path === '/slow' ? { status: 200, delayMs: 2_000 } : { status: n === 0 ? 201 : 500 }));
  });
  afterAll(() => receiver.close());

  it('posts the body with JSON content type and reports the status', async () => {
    const out = await postJson(`${receiver.url}/hook`, '{"a":1}', { 'X-Test': 'yes' }, { agents: allowed, timeoutMs: 2_000 });
    expect(out).toMatchObject({ ok: true, responseCode: 201, error: null, retryable: false });
    const req = receiver.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-test']).toBe('yes');
    expect(req.raw.toString()).toBe('{"a":1}');
  });

  it('reports a 500 as retryable', async () => {
    const out = await postJson(`${receiver.url}/hook`, '{}', {}, { agents: allowed, timeoutMs: 2_000 });
    expect(out).toMatchObject({ ok: false, responseCode: 500, error: 'HTTP 500 Internal Server Error', retryable: true });
  });

  it('times out', async () => {
    const out = await postJson(`${receiver.url}/slow`, '{}', {}, { agents: allowed, timeoutMs: 200 });
    expect(out).toMatchObject({ ok: false, responseCode: null, error: 'Timed out after 200 ms', retryable: true });
  });

  it('a tarpit (accepts, then sends its headers a byte at a time and never ends them) holds the attempt no longer than its timeout: the connection is closed', async () => {
    let connections = 0;
    let closeSeen = () => {};
    const socketClosed = new Promise<void>((resolve) => (closeSeen = resolve));
    const tarpit = net.createServer((socket) => {
      connections++;
      socket.on('error', () => undefined);
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => socket.write('a'), 20);
      socket.on('close', () => {
        clearInterval(drip);
        closeSeen();
      });
    });
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    try {
      const out = await postJson(`http://127.0.0.1:${(tarpit.address() as net.AddressInfo).port}/hook`, '{}', {}, { agents: allowed, timeoutMs: 300 });
      expect(out).toMatchObject({ ok: false, responseCode: null, error: 'Timed out after 300 ms', retryable: true });
      await socketClosed;
      expect(connections).toBe(1);
    } finally {
      await new Promise((resolve) => tarpit.close(resolve));
    }
  });

  it('refuses a loopback target unless private targets are allowed, without sending anything', async () => {
    const before = receiver.requests.length;
    const out = await postJson(`${receiver.url}/hook`, '{}', {}, { agents: guarded, timeoutMs: 2_000 });
    expect(out.ok).toBe(false);
    expect(out.retryable).toBe(false);
    expect(out.error).toMatch(/^Blocked private address: 127\.0\.0\.1/);
    const viaName = await postJson(`${receiver.url.replace('127.0.0.1', 'localhost')}/hook`, '{}', {}, { agents: guarded, timeoutMs: 2_000 });
    expect(viaName.error).toMatch(/^Blocked private address: localhost resolves to/);
    expect(receiver.requests.length).toBe(before);
  });

  it('rejects URLs that are not http(s)', async () => {
    expect(await postJson('ftp://example.com/x', '{}', {}, { agents: allowed, timeoutMs: 100 })).toMatchObject({ ok: false, error: 'Invalid URL', retryable: false });
    expect(await postJson('not a url', '{}', {}, { agents: allowed, timeoutMs: 100 })).toMatchObject({ ok: false, error: 'Invalid URL' });
  });
});

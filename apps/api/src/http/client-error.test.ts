import net from 'node:net';
import { createApiProcess } from '@vigil/api';
import { createTestContext, type TestContext } from '@vigil/testing';
import { clientErrorResponse } from './client-error.js';

function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  const [status, ...headers] = head.split('\r\n');
  return { status, headers: headers.map((h) => h.toLowerCase()), body };
}

describe('clientErrorResponse', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 'HTTP/1.1 431 Request Header Fields Too Large', 'Request header fields too large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout', 'Request timeout'],
    ['HPE_INVALID_METHOD', 'HTTP/1.1 400 Bad Request', 'Bad request'],
    ['HPE_INVALID_HEADER_TOKEN', 'HTTP/1.1 400 Bad Request', 'Bad request'],
    [undefined, 'HTTP/1.1 400 Bad Request', 'Bad request'],
  ])('%s -> %s with a JSON body', (code, status, message) => {
    const r = parse(clientErrorResponse(code));
    expect(r.status).toBe(status);
    expect(JSON.parse(r.body)).toEqual({ error: message });
    expect(r.headers).toEqual(
      expect.arrayContaining(['content-type: application/json; charset=utf-8', `content-length: ${Buffer.byteLength(r.body)}`, 'connection: close']),
    );
  });
});

describe('the API server', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof createApiProcess>;
  beforeAll(async () => {
    ctx = await createTestContext();
    api = createApiProcess(ctx);
    await api.start();
  });
  afterAll(async () => {
    await api.stop();
    await ctx.teardown();
  });

  const exchange = (raw: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(api.port()!, '127.0.0.1', () => socket.write(raw));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });

  it('answers oversized headers 431 with a JSON body', async () => {
    const r = parse(await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(r.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(r.body)).toEqual({ error: 'Request header fields too large' });
  });

  it('answers a malformed request 400 with a JSON body', async () => {
    const r = parse(await exchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(r.status).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(r.body)).toEqual({ error: 'Bad request' });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { readBoundedBody } from './bounded-body.js';

type Handler = (res: http.ServerResponse) => void;

let server: http.Server;
let handler: Handler;
let url: string;
beforeAll(async () => {
  server = http.createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** GETs the loopback server with `handler` and returns the response stream (a real socket). */
function get(h: Handler): Promise<http.IncomingMessage> {
  handler = h;
  return new Promise((resolve, reject) => http.get(url, resolve).on('error', reject));
}

/** `mib` MiB of zeros as a multi-member gzip stream (about 1 KB per MiB). */
function bomb(mib: number): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: mib }, () => member));
}

/** Writes `total` bytes with backpressure, unless the client goes away. */
function stream(res: http.ServerResponse, total: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const write = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  write();
}

const LIMITS = { maxBytes: 1024 * 1024, maxDecodedBytes: 256 * 1024 };

describe('readBoundedBody', () => {
  it('reads a small identity body whole', async () => {
    const res = await get((r) => r.end('hello'));
    expect(await readBoundedBody(res, LIMITS)).toEqual({ body: Buffer.from('hello'), truncated: false, bytesRead: 5, decoded: true });
  });

  it('keeps a body of exactly maxDecodedBytes untruncated', async () => {
    const res = await get((r) => r.end(Buffer.alloc(LIMITS.maxDecodedBytes, 1)));
    const out = await readBoundedBody(res, LIMITS);
    expect(out.truncated).toBe(false);
    expect(out.body.length).toBe(LIMITS.maxDecodedBytes);
  });

  it('stops a gzip bomb at maxDecodedBytes, having read only its start', async () => {
    const res = await get((r) => {
      r.writeHead(200, { 'content-encoding': 'gzip' });
      r.end(bomb(1024));
    });
    const before = process.memoryUsage().rss;
    const out = await readBoundedBody(res, { ...LIMITS, contentEncoding: 'gzip' });
    expect(out.truncated).toBe(true);
    expect(out.body).toEqual(Buffer.alloc(LIMITS.maxDecodedBytes));
    expect(out.bytesRead).toBeLessThan(LIMITS.maxBytes);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('stops a 100 MB body at maxBytes off the wire', async () => {
    const res = await get((r) => stream(r, 100 * 1024 * 1024));
    const out = await readBoundedBody(res, { maxBytes: 300 * 1024, maxDecodedBytes: 10 * 1024 * 1024 });
    expect(out).toMatchObject({ truncated: true, bytesRead: 300 * 1024 });
    expect(out.body.length).toBe(300 * 1024);
  });

  it('decodes what arrived within maxBytes of a compressed body, and says it was cut', async () => {
    const big = zlib.gzipSync(Array.from({ length: 200_000 }, (_, i) => `xxxxxxxxxx${i}`).join(','));
    const res = await get((r) => {
      r.writeHead(200, { 'content-encoding': 'gzip' });
      r.end(big);
    });
    const out = await readBoundedBody(res, { maxBytes: 4096, maxDecodedBytes: 10 * 1024 * 1024, contentEncoding: 'gzip' });
    expect(out.truncated).toBe(true);
    expect(out.bytesRead).toBe(4096);
    expect(out.body.toString().startsWith('xxxxxxxxxx0,xxxxxxxxxx1,')).toBe(true);
  });

  it('decodes br and deflate, and hands back an unknown encoding as sent', async () => {
    const br = await get((r) => r.end(zlib.brotliCompressSync('brotli body')));
    expect((await readBoundedBody(br, { ...LIMITS, contentEncoding: 'br' })).body.toString()).toBe('brotli body');
    const deflate = await get((r) => r.end(zlib.deflateSync('deflate body')));
    expect((await readBoundedBody(deflate, { ...LIMITS, contentEncoding: 'Deflate' })).body.toString()).toBe('deflate body');
    const zstd = await get((r) => r.end('opaque'));
    expect(await readBoundedBody(zstd, { ...LIMITS, contentEncoding: 'zstd' })).toEqual({
      body: Buffer.from('opaque'),
      truncated: false,
      bytesRead: 6,
      decoded: false,
    });
  });

  it('rejects a body whose encoding is broken', async () => {
    const res = await get((r) => r.end('not gzip at all'));
    await expect(readBoundedBody(res, { ...LIMITS, contentEncoding: 'gzip' })).rejects.toThrow(/incorrect header check/);
  });

  it('rejects with the signal’s reason when a body never ends', async () => {
    const res = await get((r) => r.write('start'));
    const signal = AbortSignal.timeout(300);
    await expect(readBoundedBody(res, { ...LIMITS, signal })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(res.destroyed).toBe(true);
  });

  it('with keepPartialOnAbort, a body that never ends gives what came, truncated', async () => {
    const res = await get((r) => r.write('start'));
    const signal = AbortSignal.timeout(300);
    const read = await readBoundedBody(res, { ...LIMITS, signal, keepPartialOnAbort: true });
    expect(read).toMatchObject({ truncated: true, bytesRead: 5 });
    expect(read.body.toString()).toBe('start');
    expect(res.destroyed).toBe(true);
  });
});

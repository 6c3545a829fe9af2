import { PassThrough } from 'node:stream';
import { readPingBody } from './read-ping-body.js';

describe('readPingBody', () => {
  it('reads a small body whole', async () => {
    const s = new PassThrough();
    const read = readPingBody(s, 100);
    s.end('disk full');
    await expect(read).resolves.toEqual({ bytes: Buffer.from('disk full'), truncated: false, abandoned: false });
  });

  it('keeps one byte more than the limit of a larger body and drains the rest', async () => {
    const s = new PassThrough();
    const read = readPingBody(s, 10);
    s.write('0123456789');
    s.write('abcdef');
    s.end('ghi');
    const body = await read;
    expect(body.bytes.toString()).toBe('0123456789a');
    expect(body.truncated).toBe(true);
    expect(body.abandoned).toBe(false);
  });

  it('abandons a body past the drain limit without buffering it', async () => {
    const s = new PassThrough();
    const read = readPingBody(s, 10);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let i = 0; i < 20; i++) s.write(chunk);
    const body = await read;
    expect(body.bytes).toHaveLength(11);
    expect(body).toMatchObject({ truncated: true, abandoned: true });
  });

  it('an empty body is empty', async () => {
    const s = new PassThrough();
    const read = readPingBody(s, 10);
    s.end();
    await expect(read).resolves.toEqual({ bytes: Buffer.alloc(0), truncated: false, abandoned: false });
  });
});

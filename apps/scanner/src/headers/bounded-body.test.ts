import { PassThrough } from 'node:stream';
import { readBoundedBody } from './bounded-body.js';

function collect() {
  const chunks: Buffer[] = [];
  return { chunks, onChunk: (c: Buffer) => chunks.push(c) };
}

describe('readBoundedBody', () => {
  it('reads a body to its end', async () => {
    const s = new PassThrough();
    const { chunks, onChunk } = collect();
    const read = readBoundedBody(s, { maxBytes: 100, timeoutMs: 5_000 }, onChunk);
    s.end('hello');
    expect(await read).toEqual({ bytes: 5, truncated: false });
    expect(Buffer.concat(chunks).toString()).toBe('hello');
  });

  it('stops at the byte cap, cutting the last chunk, and destroys the stream', async () => {
    const s = new PassThrough();
    const { chunks, onChunk } = collect();
    const read = readBoundedBody(s, { maxBytes: 4, timeoutMs: 5_000 }, onChunk);
    s.write('abc');
    s.write('defgh');
    expect(await read).toEqual({ bytes: 4, truncated: true });
    expect(Buffer.concat(chunks).toString()).toBe('abcd');
    expect(s.destroyed).toBe(true);
  });

  it('stops at the time limit with what came', async () => {
    const s = new PassThrough();
    const { chunks, onChunk } = collect();
    const read = readBoundedBody(s, { maxBytes: 100, timeoutMs: 20 }, onChunk);
    s.write('ab'); // and never ends
    expect(await read).toEqual({ bytes: 2, truncated: true });
    expect(Buffer.concat(chunks).toString()).toBe('ab');
    expect(s.destroyed).toBe(true);
  });

  it('ends on an error like on the cap', async () => {
    const s = new PassThrough();
    const read = readBoundedBody(s, { maxBytes: 100, timeoutMs: 5_000 }, () => undefined);
    s.write('ab');
    s.destroy(new Error('reset'));
    expect(await read).toEqual({ bytes: 2, truncated: true });
  });
});

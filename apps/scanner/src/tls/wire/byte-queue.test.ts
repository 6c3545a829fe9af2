import { ByteQueue } from './byte-queue.js';

describe('ByteQueue', () => {
  it('peeks and takes across chunk boundaries, keeping order', () => {
    const q = new ByteQueue();
    for (const b of [[1], [2, 3], [], [4, 5, 6], [7]]) q.push(Buffer.from(b));
    expect(q.length).toBe(7);
    expect([...q.peek(2)]).toEqual([1, 2]);
    expect(q.length).toBe(7);
    expect([...q.take(4)]).toEqual([1, 2, 3, 4]);
    expect([...q.take(1)]).toEqual([5]);
    expect([...q.peek(2)]).toEqual([6, 7]);
    expect([...q.take(2)]).toEqual([6, 7]);
    expect(q.length).toBe(0);
  });

  it('hands back a slice of a chunk without copying when one chunk holds the bytes', () => {
    const q = new ByteQueue();
    const chunk = Buffer.from([9, 8, 7]);
    q.push(chunk);
    const head = q.take(2);
    chunk[0] = 1;
    expect([...head]).toEqual([1, 8]);
  });

  it('refuses to read more than it holds, and empties on clear', () => {
    const q = new ByteQueue();
    q.push(Buffer.from([1, 2]));
    expect(() => q.take(3)).toThrow(RangeError);
    expect(() => q.peek(3)).toThrow('need 3 bytes, have 2');
    q.clear();
    expect(q.length).toBe(0);
    expect(() => q.peek(1)).toThrow(RangeError);
  });
});

import { ReadCoalescer } from './read-coalescer.js';

/** A read whose completion the test controls; `started` counts executions, `version` is what each saw. */
function controlledReads() {
  let version = 0;
  const runs: { saw: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const run = () =>
    new Promise<number>((resolve, reject) => {
      const saw = version;
      runs.push({ saw, finish: () => resolve(saw), fail: reject });
    });
  return {
    run,
    runs,
    write: () => {
      version += 1;
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('ReadCoalescer', () => {
  it('runs a lone read once and answers its value, then forgets the key', async () => {
    const c = new ReadCoalescer<number>();
    const reads = controlledReads();
    const answer = c.read('a', reads.run);
    await flush();
    expect(reads.runs).toHaveLength(1);
    expect(c.inFlight).toBe(1);
    reads.runs[0].finish();
    await expect(answer).resolves.toBe(0);
    await flush();
    expect(c.inFlight).toBe(0);
  });

  it('serves every caller that arrived during a read with ONE next read, started after they all asked', async () => {
    const c = new ReadCoalescer<number>();
    const reads = controlledReads();
    const first = c.read('a', reads.run);
    await flush();
    // A write completes, then three identical reads arrive while the first read still runs.
    reads.write();
    const later = [c.read('a', reads.run), c.read('a', reads.run), c.read('a', reads.run)];
    await flush();
    expect(reads.runs).toHaveLength(1);
    reads.runs[0].finish();
    await expect(first).resolves.toBe(0);
    await flush();
    expect(reads.runs).toHaveLength(2);
    reads.runs[1].finish();
    // None of them gets the read that started before the write: read your writes.
    await expect(Promise.all(later)).resolves.toEqual([1, 1, 1]);
    await flush();
    expect(reads.runs).toHaveLength(2);
    expect(c.inFlight).toBe(0);
  });

  it('keeps rounds apart: a caller arriving during the second read waits for a third', async () => {
    const c = new ReadCoalescer<number>();
    const reads = controlledReads();
    const first = c.read('a', reads.run);
    await flush();
    const second = c.read('a', reads.run);
    reads.runs[0].finish();
    await first;
    await flush();
    reads.write();
    const third = c.read('a', reads.run);
    reads.runs[1].finish();
    await expect(second).resolves.toBe(0);
    await flush();
    expect(reads.runs).toHaveLength(3);
    reads.runs[2].finish();
    await expect(third).resolves.toBe(1);
  });

  it('runs reads of different keys independently and at once', async () => {
    const c = new ReadCoalescer<number>();
    const reads = controlledReads();
    const a = c.read('a', reads.run);
    const b = c.read('b', reads.run);
    await flush();
    expect(reads.runs).toHaveLength(2);
    expect(c.inFlight).toBe(2);
    reads.runs[1].finish();
    await expect(b).resolves.toBe(0);
    reads.runs[0].finish();
    await expect(a).resolves.toBe(0);
  });

  it('rejects every caller of a failed read, and the next round still runs', async () => {
    const c = new ReadCoalescer<number>();
    const reads = controlledReads();
    const first = c.read('a', reads.run);
    await flush();
    const waiting = [c.read('a', reads.run), c.read('a', reads.run)];
    reads.runs[0].finish();
    await first;
    await flush();
    reads.runs[1].fail(new Error('database gone'));
    await expect(Promise.all(waiting.map((w) => w.then(() => 'ok', (e: Error) => e.message)))).resolves.toEqual(['database gone', 'database gone']);
    await flush();
    expect(c.inFlight).toBe(0);
    const after = c.read('a', reads.run);
    await flush();
    reads.runs[2].finish();
    await expect(after).resolves.toBe(0);
  });

  it('settles a read that throws before returning a promise, and forgets the key', async () => {
    const c = new ReadCoalescer<number>();
    await expect(
      c.read('a', () => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    await flush();
    expect(c.inFlight).toBe(0);
  });
});

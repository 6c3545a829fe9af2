import { waitFor } from '@vigil/testing';
import { GroupCommit } from './group-commit.js';

function recorder(opts: { fail?: (items: number[]) => boolean; rejectItem?: number } = {}) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const run = async (items: number[]): Promise<PromiseSettledResult<string>[]> => {
    batches.push(items);
    if (hold) await new Promise<void>((r) => (release = r));
    if (opts.fail?.(items)) throw new Error('batch failed');
    return items.map((i) =>
      i === opts.rejectItem ? { status: 'rejected', reason: new Error(`item ${i}`) } : { status: 'fulfilled', value: `done ${i}` },
    );
  };
  return {
    run,
    batches,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('GroupCommit', () => {
  it('runs items submitted together as one batch and gives each its own outcome', async () => {
    const r = recorder();
    const g = new GroupCommit(r.run, { maxBatch: 100, maxDelayMs: 5, maxInFlight: 1 });
    const outs = await Promise.all([1, 2, 3].map((i) => g.submit(i)));
    expect(outs).toEqual(['done 1', 'done 2', 'done 3']);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('runs at once when maxBatch items wait, without waiting for the delay', async () => {
    const r = recorder();
    const g = new GroupCommit(r.run, { maxBatch: 2, maxDelayMs: 60_000, maxInFlight: 4 });
    expect(await Promise.all([g.submit(1), g.submit(2)])).toEqual(['done 1', 'done 2']);
    expect(r.batches).toEqual([[1, 2]]);
  });

  it('items arriving while a batch runs go together in the next one', async () => {
    const r = recorder();
    const g = new GroupCommit(r.run, { maxBatch: 100, maxDelayMs: 1, maxInFlight: 1 });
    r.holdNext();
    const first = g.submit(1);
    // The first batch starts after maxDelayMs (later on a busy host): wait for it, then hold it.
    await waitFor(() => r.batches.length === 1, { what: 'the first batch' });
    expect(r.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((i) => g.submit(i));
    await new Promise((res) => setTimeout(res, 20));
    expect(r.batches).toHaveLength(1);
    r.release();
    expect(await Promise.all([first, ...later])).toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('a batch never exceeds maxBatch', async () => {
    const r = recorder();
    const g = new GroupCommit(r.run, { maxBatch: 3, maxDelayMs: 1, maxInFlight: 1 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => g.submit(i)));
    expect(r.batches.every((b) => b.length <= 3)).toBe(true);
    expect(r.batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a failing batch rejects each of its items; the next batch is unaffected', async () => {
    const r = recorder({ fail: (items) => items.includes(1) });
    const g = new GroupCommit(r.run, { maxBatch: 2, maxDelayMs: 1, maxInFlight: 1 });
    const results = await Promise.allSettled([g.submit(1), g.submit(2), g.submit(3)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('a rejected outcome rejects its item alone', async () => {
    const r = recorder({ rejectItem: 2 });
    const g = new GroupCommit(r.run, { maxBatch: 10, maxDelayMs: 1, maxInFlight: 1 });
    const results = await Promise.allSettled([g.submit(1), g.submit(2), g.submit(3)]);
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('item 2');
  });

  it('drain waits for running and waiting items', async () => {
    const r = recorder();
    const g = new GroupCommit(r.run, { maxBatch: 100, maxDelayMs: 60_000, maxInFlight: 1 });
    const p = g.submit(1);
    expect(g.size).toBe(1);
    await g.drain();
    expect(g.size).toBe(0);
    expect(await p).toBe('done 1');
    await g.drain();
  });
});

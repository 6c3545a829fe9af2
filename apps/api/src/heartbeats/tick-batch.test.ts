import { TickBatch } from './tick-batch.js';

describe('TickBatch', () => {
  it('runs the items added in one turn of the event loop together and answers each its own result', async () => {
    const runs: number[][] = [];
    const batch = new TickBatch<number, number>(async (items) => {
      runs.push(items);
      return items.map((i) => i * 10);
    });
    expect(await Promise.all([batch.add(1), batch.add(2), batch.add(3)])).toEqual([10, 20, 30]);
    expect(await batch.add(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('an item added while a run is under way waits for a run of its own', async () => {
    const runs: string[][] = [];
    let release: (() => void) | undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const batch = new TickBatch<string, string>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await blocked;
      return items;
    });
    const first = batch.add('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = batch.add('b');
    release?.();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('a failed run (or one that answers the wrong number of results) fails every item of its batch', async () => {
    const failing = new TickBatch<number, number>(() => Promise.reject(new Error('down')));
    const answers = await Promise.allSettled([failing.add(1), failing.add(2)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    const short = new TickBatch<number, number>(async () => [1]);
    await expect(Promise.all([short.add(1), short.add(2)])).rejects.toThrow('TickBatch: 1 results for 2 items');
  });
});

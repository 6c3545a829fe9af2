import { GroupApply } from './group-apply.js';

describe('GroupApply', () => {
  it('items added while a run goes are handled together by the next run, each after its own add, at most `most` a run', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const group = new GroupApply<number>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await new Promise<void>((r) => (release = r));
    }, 3);
    const first = group.add(1);
    const done: number[] = [];
    void first.then(() => done.push(1));
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    // Added while the first run goes: not answered by it.
    const later = [2, 3, 4, 5].map((i) => group.add(i).then(() => done.push(i)));
    await new Promise((r) => setImmediate(r));
    expect(runs).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it('items of one turn share a run', async () => {
    const runs: string[][] = [];
    const group = new GroupApply<string>(async (items) => {
      runs.push(items);
    }, 10);
    await Promise.all(['a', 'b', 'c'].map((i) => group.add(i)));
    expect(runs).toEqual([['a', 'b', 'c']]);
  });
});

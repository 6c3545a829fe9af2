import { createLimiter, runInLanes } from './limiter.js';

describe('createLimiter', () => {
  it('runs at most the limit at once and passes results and errors through', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const task = (n: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise<void>((resolve) => gates.push(resolve));
      active--;
      if (n === 3) throw new Error('task 3 failed');
      return n;
    };
    const runs = [1, 2, 3, 4].map((n) => limit(task(n)));
    const settled = Promise.allSettled(runs);
    while (gates.length || active) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    const results = await settled;
    expect(peak).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 2, 'task 3 failed', 4]);
  });
});

describe('runInLanes', () => {
  it('runs every task in order with at most the lanes in flight', async () => {
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) => async () => {
      started.push(i);
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 1));
      active--;
    });
    await runInLanes(tasks, 3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(3);
    await expect(runInLanes([() => Promise.reject(new Error('boom'))], 2)).rejects.toThrow('boom');
    await runInLanes([], 4);
  });
});

import { createLimiter } from './limiter.js';

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

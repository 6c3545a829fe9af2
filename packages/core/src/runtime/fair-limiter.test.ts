import { createFairLimiter } from './fair-limiter.js';

/** A task that runs until `release()`; `started` tells whether the limiter started it. */
function gated() {
  let release = () => {};
  const state = { started: false };
  const task = () => {
    state.started = true;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { task, state, release: () => release() };
}

/** Lets queued promise callbacks run (the limiter starts the next task in a `finally`). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createFairLimiter', () => {
  it('a key whose tasks all hang holds at most perKey slots: another key starts at once', async () => {
    const limit = createFairLimiter({ limit: 4, perKey: 2 });
    const order: string[] = [];
    const hanging = Array.from({ length: 6 }, () => gated());
    hanging.forEach((h, i) => void limit('a', () => (order.push(`a${i}`), h.task())));
    const quiet = gated();
    const done = limit('b', () => (order.push('b'), quiet.task()));
    expect(order).toEqual(['a0', 'a1', 'b']);
    quiet.release();
    await done;
    // b is done, a stays at its cap.
    await settle();
    expect(hanging.filter((h) => h.state.started)).toHaveLength(2);
    hanging[0].release();
    await settle();
    expect(order).toEqual(['a0', 'a1', 'b', 'a2']);
  });

  it('freed slots go to the key with the fewest running, round robin among equals, first come first served within a key', async () => {
    const limit = createFairLimiter({ limit: 2, perKey: 2 });
    const order: string[] = [];
    const tasks = new Map<string, ReturnType<typeof gated>>();
    const add = (key: string, name: string) => {
      const g = gated();
      tasks.set(name, g);
      void limit(key, () => (order.push(name), g.task()));
    };
    add('a', 'a1');
    add('a', 'a2');
    add('a', 'a3');
    add('b', 'b1');
    add('c', 'c1');
    add('b', 'b2');
    expect(order).toEqual(['a1', 'a2']);
    tasks.get('a1')?.release();
    await settle();
    // b and c run nothing; b waited longest.
    expect(order).toEqual(['a1', 'a2', 'b1']);
    tasks.get('a2')?.release();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1']);
    tasks.get('b1')?.release();
    await settle();
    // a (nothing running) before b's second.
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
    tasks.get('c1')?.release();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it('passes results and failures through, and a task that throws frees its slot', async () => {
    const limit = createFairLimiter({ limit: 1, perKey: 1 });
    await expect(
      limit('a', () => {
        throw new Error('sync failure');
      }),
    ).rejects.toThrow('sync failure');
    await expect(limit('a', () => Promise.reject(new Error('async failure')))).rejects.toThrow('async failure');
    expect(await limit('b', () => Promise.resolve(42))).toBe(42);
  });

  it('refuses limits that are not positive integers', () => {
    expect(() => createFairLimiter({ limit: 0, perKey: 1 })).toThrow(RangeError);
    expect(() => createFairLimiter({ limit: 2, perKey: 1.5 })).toThrow(RangeError);
  });
});

describe('saturated', () => {
  it('tells whether a new task of a key would wait for its own cap, not for the shared limit', async () => {
    const limit = createFairLimiter({ limit: 3, perKey: 2 });
    const releases: (() => void)[] = [];
    const held = () => new Promise<void>((resolve) => releases.push(resolve));
    expect(limit.saturated('a')).toBe(false);
    const a1 = limit('a', held);
    expect(limit.saturated('a')).toBe(false);
    const a2 = limit('a', held);
    expect(limit.saturated('a')).toBe(true);
    const b1 = limit('b', held);
    // The shared limit is full now, yet b is under its own cap.
    expect(limit.saturated('b')).toBe(false);
    releases.splice(0).forEach((release) => release());
    await Promise.all([a1, a2, b1]);
    expect(limit.saturated('a')).toBe(false);
  });
});

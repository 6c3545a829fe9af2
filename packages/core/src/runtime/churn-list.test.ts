import { ChurnList } from './churn-list.js';

/** A tiny deterministic generator (xorshift32): the same sequences on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

describe('ChurnList', () => {
  it('keeps insertion order through adds, removals and shifts (against an array model, 200 random sequences)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const list = new ChurnList<number>();
      const model: number[] = [];
      const removals = new Map<number, () => void>();
      for (let step = 0, id = 0; step < 300; step++) {
        const r = next();
        if (r < 0.45) {
          removals.set(id, list.add(id));
          model.push(id++);
        } else if (r < 0.75) {
          // Remove some value ever added (possibly gone already: a no-op then).
          const victim = Math.floor(next() * Math.max(1, id));
          removals.get(victim)?.();
          const at = model.indexOf(victim);
          if (at >= 0) model.splice(at, 1);
        } else {
          expect(list.shift()).toBe(model.shift());
        }
        expect(list.size).toBe(model.length);
      }
      expect(list.values()).toEqual(model);
    }
  });

  it('does nothing on a second removal, or on a removal after the value was shifted out', () => {
    const list = new ChurnList<string>();
    const removeA = list.add('a');
    const removeB = list.add('b');
    list.add('c');
    removeB();
    removeB();
    expect(list.values()).toEqual(['a', 'c']);
    expect(list.shift()).toBe('a');
    removeA();
    expect(list.values()).toEqual(['c']);
    expect(list.size).toBe(1);
  });

  it('empties and fills again: shift on an empty list answers undefined', () => {
    const list = new ChurnList<number>();
    expect(list.shift()).toBeUndefined();
    const remove = list.add(1);
    remove();
    expect(list.size).toBe(0);
    expect(list.shift()).toBeUndefined();
    list.add(2);
    list.add(3);
    expect(list.values()).toEqual([2, 3]);
  });

  it('hands out a copy: a walk over values() sees every value even when each removes the next', () => {
    const list = new ChurnList<number>();
    const removals: (() => void)[] = [];
    for (let i = 0; i < 5; i++) removals.push(list.add(i));
    const seen: number[] = [];
    for (const v of list.values()) {
      seen.push(v);
      removals[v + 1]?.();
    }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(list.values()).toEqual([0]);
  });
});

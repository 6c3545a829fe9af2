import { BoundedTtlCache } from './key-cache.js';

describe('BoundedTtlCache', () => {
  it('answers a stored value until its time is up, then forgets it', () => {
    const cache = new BoundedTtlCache<string>(10, 1_000);
    cache.set('a', 'A', 5_000);
    expect(cache.get('a', 5_000)).toBe('A');
    expect(cache.get('a', 5_999)).toBe('A');
    expect(cache.get('a', 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not extend an entry’s life when it is read', () => {
    const cache = new BoundedTtlCache<string>(10, 1_000);
    cache.set('a', 'A', 0);
    expect(cache.get('a', 900)).toBe('A');
    expect(cache.get('a', 1_000)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new BoundedTtlCache<number>(2, 60_000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 3, 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBe(1);
    expect(cache.get('c', 3)).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces a value stored again, with a new lifetime', () => {
    const cache = new BoundedTtlCache<number>(2, 1_000);
    cache.set('a', 1, 0);
    cache.set('a', 2, 800);
    expect(cache.get('a', 1_500)).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('forgets a deleted entry', () => {
    const cache = new BoundedTtlCache<number>(2, 1_000);
    cache.set('a', 1, 0);
    cache.delete('a');
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('refuses a useless configuration', () => {
    expect(() => new BoundedTtlCache(0, 1_000)).toThrow(/maxEntries/);
    expect(() => new BoundedTtlCache(1, 0)).toThrow(/ttlMs/);
  });
});

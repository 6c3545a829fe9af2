/**
 * A bounded, short-lived map: at most `maxEntries` (the least recently used goes first), each
 * entry forgotten `ttlMs` after it was stored. Time is passed in, so tests need no clock.
 */
export class BoundedTtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {
    if (maxEntries < 1 || ttlMs <= 0) throw new Error('BoundedTtlCache needs maxEntries >= 1 and ttlMs > 0');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, nowMs: number): V | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    if (found.expiresAt <= nowMs) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently used.
    this.entries.set(key, found);
    return found.value;
  }

  set(key: string, value: V, nowMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: nowMs + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

import type { CheckRecord } from './record-checks.js';

/**
 * Check results waiting for PostgreSQL, oldest check first, at most `limit`. Results arrive
 * nearly in time order; one that arrives late (from a batch that failed slowly) is slotted in
 * by its check time, so each monitor's results are applied in the order they were taken.
 */
export class CheckBuffer {
  private readonly items: { record: CheckRecord; at: number }[] = [];

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.items.length;
  }

  /** Adds a result; false when the buffer is full. */
  add(record: CheckRecord): boolean {
    if (this.items.length >= this.limit) return false;
    const at = Date.parse(record.result.timestamp);
    let i = this.items.length;
    while (i > 0 && this.items[i - 1].at > at) i--;
    this.items.splice(i, 0, { record, at });
    return true;
  }

  /** The oldest `n` results, left in the buffer. */
  peek(n: number): CheckRecord[] {
    return this.items.slice(0, n).map((x) => x.record);
  }

  /** Removes the oldest `n` results (the ones just written). */
  take(n: number): void {
    this.items.splice(0, n);
  }
}

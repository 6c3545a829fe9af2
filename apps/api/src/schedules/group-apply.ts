/**
 * Group commit for after-commit work: items added while a run is going are handled together by
 * the next run, one run at a time; the first item after a quiet spell waits only for the next
 * setImmediate (every request finishing in the same turn joins it). Each item is handled by a run
 * that started after it was added (its own write is committed before it adds itself, so that run
 * sees it), and `add` resolves when that run has ended. `run` never rejects: it handles its own
 * failures (the schedule outbox keeps what a failed run did not apply).
 */
export class GroupApply<I> {
  private pending: { item: I; done: () => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: I[]) => Promise<void>,
    /** Items per run at most: the rest wait for the next run. */
    private readonly most: number,
  ) {}

  add(item: I): Promise<void> {
    return new Promise<void>((done) => {
      this.pending.push({ item, done });
      if (!this.running && this.pending.length === 1) setImmediate(() => void this.next());
    });
  }

  private async next(): Promise<void> {
    if (this.running || !this.pending.length) return;
    this.running = true;
    const batch = this.pending.slice(0, this.most);
    this.pending = this.pending.slice(batch.length);
    try {
      await this.run(batch.map((b) => b.item));
    } finally {
      this.running = false;
      batch.forEach((b) => b.done());
      if (this.pending.length) void this.next();
    }
  }
}

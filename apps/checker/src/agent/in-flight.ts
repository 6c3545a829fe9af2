/**
 * Work under way, counted: how much, a wait for the next to end, a wait for all. Instead of a
 * Set of the promises raced on every wait, which added a reaction to each one still running per
 * wait (a probe that runs to its timeout collected one per probe finished meanwhile) and one
 * entry per probe in a collection that lives as long as the agent.
 */
export class InFlight {
  private count = 0;
  private waiting: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  /** Counts `work` until it settles; `work` must handle its own failure (a rejection is not reported here). */
  track(work: Promise<void>): void {
    this.count++;
    const settled = () => {
      this.count--;
      const woken = this.waiting;
      this.waiting = [];
      woken.forEach((wake) => wake());
    };
    work.then(settled, settled);
  }

  /** Resolves when a tracked work settles; at once when none is under way. */
  next(): Promise<void> {
    if (!this.count) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Resolves once nothing is under way (work tracked meanwhile included). */
  async drained(): Promise<void> {
    while (this.count) await this.next();
  }
}

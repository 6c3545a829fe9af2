/**
 * Runs a flush every `everyMs` and on demand, one at a time: a flush asked for while one runs
 * follows it. A failed flush is reported and the next one retries (what it took stays in Redis).
 * The API's request counts and its key use both flush this way.
 */
export class SerialFlusher {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly opts: { everyMs: number; flushOnce: () => Promise<void>; onError: (e: Error) => void }) {}

  /** Starts the timer; `first` (recovery of what an earlier process left) runs before any flush. */
  start(first?: () => Promise<void>): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.opts.everyMs);
    this.timer.unref();
    if (first) this.chain = this.chain.then(first);
  }

  /** Stops the timer and flushes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.opts.flushOnce().catch(this.opts.onError));
    return this.chain;
  }
}

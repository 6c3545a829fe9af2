export interface GroupCommitOptions {
  /** A batch runs as soon as this many items wait. */
  maxBatch: number;
  /** ...or this long after the first of them arrived. */
  maxDelayMs: number;
  /** Batches running at once; items arriving meanwhile wait and go together in the next. */
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: callers submit one item each and await its own outcome, while the items of
 * many callers run together as one batch (one transaction, one multi-row statement). A batch
 * runs when `maxBatch` items wait, after `maxDelayMs`, or as soon as a running batch finishes
 * and items queued up behind it. `run` settles one outcome per item, in order; if it throws,
 * every item of that batch gets the error; a rejected outcome rejects its item alone.
 */
export class GroupCommit<I, O> {
  private pending: Waiting<I, O>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly run: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
    private readonly opts: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.opts.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.maxDelayMs);
    });
  }

  /** Items waiting or running. */
  get size(): number {
    return this.pending.length + this.inFlight;
  }

  /** Runs what waits now and resolves when nothing waits or runs. */
  async drain(): Promise<void> {
    this.flush();
    if (!this.pending.length && !this.inFlight) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.pending.length && this.inFlight < this.opts.maxInFlight) {
      const batch = this.pending.splice(0, this.opts.maxBatch);
      this.inFlight++;
      this.run(batch.map((w) => w.item))
        .then(
          (outs) =>
            batch.forEach((w, i) => {
              const out = outs[i];
              if (out?.status === 'fulfilled') w.resolve(out.value);
              else w.reject(out ? out.reason : new Error('No outcome for a batched item'));
            }),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          // Whatever queued up while this batch ran has waited long enough.
          if (this.pending.length) this.flush();
          else if (!this.inFlight) this.idle.splice(0).forEach((r) => r());
        });
    }
  }
}

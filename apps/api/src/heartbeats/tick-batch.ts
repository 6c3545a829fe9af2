/**
 * Items asked for during one turn of the event loop, handled together: `add` queues an item and
 * the whole batch runs on the next setImmediate (after the I/O callbacks of this turn, so every
 * request that arrived with it joins), one call of `run` for all of them. `run` answers one
 * result per item, in order; when it fails, every item of its batch fails with its error. Each
 * item is handled by a run that started after it was added: nothing is answered from a past run.
 */
export class TickBatch<I, O> {
  private pending: { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void }[] = [];

  constructor(private readonly run: (items: I[]) => Promise<O[]>) {}

  add(item: I): Promise<O> {
    if (!this.pending.length) setImmediate(() => this.flush());
    return new Promise<O>((resolve, reject) => this.pending.push({ item, resolve, reject }));
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const fail = (e: unknown) => batch.forEach((b) => b.reject(e));
    let ran: Promise<O[]>;
    try {
      ran = this.run(batch.map((b) => b.item));
    } catch (e) {
      return fail(e);
    }
    ran.then((results) => {
      if (results.length !== batch.length) return fail(new Error(`TickBatch: ${results.length} results for ${batch.length} items`));
      batch.forEach((b, i) => b.resolve(results[i]));
    }, fail);
  }
}

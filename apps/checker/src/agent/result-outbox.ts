import type { AgentResult } from './agent-api.js';

/** At most this many results are posted in one request (the API's own bound). */
export const RESULTS_PER_POST = 100;

/**
 * The results an agent has not delivered yet, oldest first, bounded: while the API is
 * unreachable they wait here and are posted again (idempotent by lease id) once it answers.
 * Past `limit`, the oldest are dropped (their rounds were judged without them long ago).
 */
export class ResultOutbox {
  private readonly items: AgentResult[] = [];
  dropped = 0;

  constructor(private readonly limit: number) {}

  add(result: AgentResult): void {
    this.items.push(result);
    if (this.items.length > this.limit) {
      this.items.shift();
      this.dropped++;
    }
  }

  get size(): number {
    return this.items.length;
  }

  /** The next batch to post (still kept until `delivered`). */
  peek(): AgentResult[] {
    return this.items.slice(0, RESULTS_PER_POST);
  }

  /** The API took these (a batch from peek): they leave the outbox. */
  delivered(batch: readonly AgentResult[]): void {
    const done = new Set(batch);
    const kept = this.items.filter((r) => !done.has(r));
    this.items.splice(0, this.items.length, ...kept);
  }
}

import { ChurnList } from '@vigil/core';

interface Lane {
  running: number;
  /** Waiting starts, first come first served; a waiter that gives up leaves in O(1). A ChurnList, not a Set: one entry per waiting request (see ChurnList). */
  waiting: ChurnList<() => void>;
}

export interface FairSchedulerOptions {
  /** Slots while one key alone has asked for any within `holdMs`. */
  limit: number;
  /** Slots while two keys or more have (at most `limit`). */
  sharedLimit: number;
  holdMs: number;
  /** Milliseconds, monotonic. */
  now: () => number;
}

const positiveInteger = (name: string, n: number) => {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got ${n}`);
};

/**
 * A work-conserving fair scheduler: a bounded number of pieces of work run at a time, over all
 * keys.
 * - While a slot is free, work starts at once, whatever its key.
 * - When all slots are taken, work waits in its key's line (first come, first served), and each
 *   slot freed goes to the waiting key with the fewest pieces running; among equals, the key
 *   served longest ago (round robin). A key that runs nothing goes first, so another key's
 *   request takes the next free slot however many requests a busy key has waiting, and keys
 *   that all have work waiting share the slots equally.
 * - The number of slots: `limit` while a single key has asked for any in the last `holdMs`, so a
 *   lone key gets the whole capacity; `sharedLimit` (fewer) while two keys or more have, so the
 *   work running beside another key's request stays little (each piece running beside it slows
 *   it down: they share the CPU and the database).
 * Pure bookkeeping: no timers, no I/O; `start` is called synchronously from `enter` or from the
 * `leave` that freed the slot.
 */
export class FairScheduler {
  private running = 0;
  private waitingCount = 0;
  /** Lanes of keys with work running or waiting. */
  private readonly lanes = new Map<string, Lane>();
  /** Keys with work waiting, least recently served first. */
  private readonly rotation = new Map<string, Lane>();
  /** The key that asked last, and the last other key that asked before it: enough to tell whether two keys asked within holdMs. */
  private latest: { key: string; at: number } | null = null;
  private previous: { key: string; at: number } | null = null;

  constructor(private readonly opts: FairSchedulerOptions) {
    positiveInteger('limit', opts.limit);
    positiveInteger('sharedLimit', opts.sharedLimit);
    if (opts.sharedLimit > opts.limit) throw new RangeError(`sharedLimit (${opts.sharedLimit}) must not exceed limit (${opts.limit})`);
  }

  /** Slots now: fewer while two keys or more asked within holdMs. */
  get limit(): number {
    const shared = this.previous !== null && this.opts.now() - this.previous.at < this.opts.holdMs;
    return shared ? this.opts.sharedLimit : this.opts.limit;
  }

  /** Work running now. */
  get inFlight(): number {
    return this.running;
  }

  /** Work waiting for a slot. */
  get queued(): number {
    return this.waitingCount;
  }

  /**
   * Asks to run `start` for `key`: at once when a slot is free, else when its turn comes. Returns
   * `leave`: call it when the work ends (its slot goes to the next in turn) or when the caller
   * stops waiting (`start` will then never be called). Calls after the first do nothing.
   */
  enter(key: string, start: () => void): () => void {
    const at = this.opts.now();
    if (this.latest && this.latest.key !== key) this.previous = this.latest;
    this.latest = { key, at };
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: new ChurnList() };
      this.lanes.set(key, lane);
    }
    const own = lane;
    let state: 'waiting' | 'running' | 'left' = 'waiting';
    let stopWaiting = () => {};
    const run = () => {
      state = 'running';
      start();
    };
    const leave = () => {
      if (state === 'left') return;
      if (state === 'waiting') {
        stopWaiting();
        this.waitingCount--;
        if (!own.waiting.size) this.rotation.delete(key);
      } else {
        own.running--;
        this.running--;
      }
      state = 'left';
      if (!own.running && !own.waiting.size) this.lanes.delete(key);
      this.dispatch();
    };
    if (!this.waitingCount && this.running < this.limit) {
      this.begin(own, run);
    } else {
      stopWaiting = own.waiting.add(run);
      this.waitingCount++;
      if (!this.rotation.has(key)) this.rotation.set(key, own);
      // Slots may have been added since the last dispatch (the other keys went quiet).
      this.dispatch();
    }
    return leave;
  }

  private begin(lane: Lane, run: () => void): void {
    lane.running++;
    this.running++;
    run();
  }

  /** Hands free slots to waiting work, in turn. */
  private dispatch(): void {
    const limit = this.limit;
    while (this.running < limit && this.rotation.size) {
      let chosenKey = '';
      let chosen: Lane | undefined;
      for (const [key, lane] of this.rotation) {
        if (!chosen || lane.running < chosen.running) {
          chosenKey = key;
          chosen = lane;
          if (!lane.running) break;
        }
      }
      if (!chosen) return;
      const run = chosen.waiting.shift();
      if (!run) return;
      this.waitingCount--;
      // Served: to the back of the rotation, or out of it when nothing of it waits any more. A
      // lone key waiting is already at the back: left in place, not deleted and added again on
      // every slot freed under one busy key (each a new entry for V8's hash table to drop).
      if (!chosen.waiting.size) this.rotation.delete(chosenKey);
      else if (this.rotation.size > 1) {
        this.rotation.delete(chosenKey);
        this.rotation.set(chosenKey, chosen);
      }
      this.begin(chosen, run);
    }
  }
}

import { FairScheduler } from '../limits/fair-scheduler.js';

export interface PublicLaneOptions {
  /** Public requests worked on at once (VIGIL_PUBLIC_IN_FLIGHT). */
  limit: number;
  /** Requests waiting beyond this many are shed at once. */
  maxQueue: number;
  /** A request that waited this long is shed. */
  maxWaitMs: number;
  /** Milliseconds (monotonic in the API: performance.now). */
  now: () => number;
  /** Runs `fn` after `ms`; returns a cancel. */
  schedule: (fn: () => void, ms: number) => () => void;
}

/**
 * The public face's own concurrency budget, apart from the API's (the API's FairScheduler, with
 * its own slots): at most `limit` public requests are worked on at once, a freed slot going to the
 * waiting target (page, custom hostname, badge) with the fewest running, so a crowd on one page
 * leaves slots to the others. Beyond `maxQueue` waiting, or after `maxWaitMs` of waiting, a
 * request is shed (the caller answers 503 with Retry-After).
 */
export class PublicLane {
  private readonly scheduler: FairScheduler;

  constructor(private readonly opts: PublicLaneOptions) {
    this.scheduler = new FairScheduler({ limit: opts.limit, sharedLimit: opts.limit, holdMs: 0, now: opts.now });
  }

  /** Public requests worked on now. */
  get inFlight(): number {
    return this.scheduler.inFlight;
  }

  /** Public requests waiting for a slot. */
  get queued(): number {
    return this.scheduler.queued;
  }

  /**
   * Runs `start` when `key` gets a slot, or `shed` when the line is full or the wait too long.
   * Returns `leave`: call it when the response closed (frees the slot or the place in line; calls
   * after the first, and after a shed, do nothing).
   */
  enter(key: string, start: () => void, shed: () => void): () => void {
    if (this.scheduler.queued >= this.opts.maxQueue) {
      shed();
      return () => undefined;
    }
    let started = false;
    let cancelWait: (() => void) | undefined;
    const leave = this.scheduler.enter(key, () => {
      started = true;
      cancelWait?.();
      start();
    });
    if (!started) {
      cancelWait = this.opts.schedule(() => {
        leave();
        shed();
      }, this.opts.maxWaitMs);
    }
    return () => {
      cancelWait?.();
      leave();
    };
  }
}

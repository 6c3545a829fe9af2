/** Runs a task of `key` when a slot is free and the key is under its own cap. */
export type FairLimiter = (<T>(key: string, task: () => Promise<T>) => Promise<T>) & {
  /** Whether a task of `key` given now would wait for the key's own cap (it runs `perKey` already). */
  saturated(key: string): boolean;
};

export interface FairLimiterOptions {
  /** Tasks running at once over all keys. */
  limit: number;
  /** Tasks of one key running at once (at most `limit`). */
  perKey: number;
}

interface Lane {
  running: number;
  waiting: (() => void)[];
  /** When the key last had a task started (a sequence number; 0: never). */
  servedAt: number;
}

/**
 * A bounded-parallelism gate shared fairly between keys (tenants): at most `limit` tasks run at
 * once, at most `perKey` of one key. A freed slot goes to the waiting key with the fewest tasks
 * running that is under its cap; among equals, the key served longest ago (round robin). So a key
 * whose tasks all hang holds `perKey` slots, never the whole gate, and another key's task starts
 * as soon as a slot is free however many tasks the busy key has waiting. Within a key, first come
 * first served. Pure bookkeeping (no timers).
 */
export function createFairLimiter(opts: FairLimiterOptions): FairLimiter {
  if (!Number.isInteger(opts.limit) || opts.limit < 1) throw new RangeError(`limit must be a positive integer, got ${opts.limit}`);
  if (!Number.isInteger(opts.perKey) || opts.perKey < 1) throw new RangeError(`perKey must be a positive integer, got ${opts.perKey}`);
  const perKey = Math.min(opts.perKey, opts.limit);
  let running = 0;
  let starts = 0;
  const lanes = new Map<string, Lane>();
  /** Keys with tasks waiting. */
  const waiting = new Map<string, Lane>();

  const dispatch = () => {
    while (running < opts.limit) {
      let chosenKey = '';
      let chosen: Lane | undefined;
      for (const [key, lane] of waiting) {
        if (lane.running >= perKey) continue;
        if (!chosen || lane.running < chosen.running || (lane.running === chosen.running && lane.servedAt < chosen.servedAt)) {
          chosenKey = key;
          chosen = lane;
        }
      }
      const start = chosen?.waiting.shift();
      if (!chosen || !start) return;
      if (!chosen.waiting.length) waiting.delete(chosenKey);
      chosen.running++;
      chosen.servedAt = ++starts;
      running++;
      start();
    }
  };

  const run = <T>(key: string, task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const lane = lanes.get(key) ?? { running: 0, waiting: [], servedAt: 0 };
      lanes.set(key, lane);
      lane.waiting.push(() => {
        new Promise<T>((run) => run(task()))
          .then(resolve, reject)
          .finally(() => {
            lane.running--;
            running--;
            if (!lane.running && !lane.waiting.length) lanes.delete(key);
            dispatch();
          });
      });
      waiting.set(key, lane);
      dispatch();
    });
  return Object.assign(run, { saturated: (key: string) => (lanes.get(key)?.running ?? 0) >= perKey });
}

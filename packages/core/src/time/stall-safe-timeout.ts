/** A deadline started by stallSafeTimeout. */
export interface StallSafeTimer {
  /** Cancels it, whether its timer has fired or not (then its callback does not run). */
  clear(): void;
  /** Lets the process exit while it waits (as Timeout#unref). */
  unref(): StallSafeTimer;
}

/**
 * setTimeout for a deadline on I/O: `fn` runs at the first check phase after `ms`, not in the
 * timers phase. After an event-loop stall past the deadline (a long garbage collection, a starved
 * CPU) the timer is due together with an answer that arrived in time, and timers run before the
 * poll phase that reads it: the deadline won and a target that answered, a Redis command or a
 * webhook delivery failed as timed out. Here the poll phase comes first, so the answer is read
 * and the work settles before `fn` runs; callers whose work settled clear the timer (or `fn`
 * finds it settled).
 */
export function stallSafeTimeout(fn: () => void, ms: number): StallSafeTimer {
  let immediate: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(fn);
  }, ms);
  const handle: StallSafeTimer = {
    clear() {
      clearTimeout(timer);
      if (immediate !== undefined) clearImmediate(immediate);
    },
    unref() {
      timer.unref();
      return handle;
    },
  };
  return handle;
}

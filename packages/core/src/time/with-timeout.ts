import { stallSafeTimeout, type StallSafeTimer } from './stall-safe-timeout.js';

/**
 * Rejects with `message` when `work` has not settled within `ms` (the work itself runs on). The
 * deadline is stall-safe (stallSafeTimeout): after an event-loop stall an answer that arrived in
 * time wins.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  let timer: StallSafeTimer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = stallSafeTimeout(() => reject(new Error(message)), ms).unref();
  });
  return Promise.race([work, deadline]).finally(() => timer?.clear());
}

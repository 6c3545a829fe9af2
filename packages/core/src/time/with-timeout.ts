/**
 * Rejects with `message` when `work` has not settled within `ms` (the work itself runs on).
 * The rejection waits for the next check phase: after an event-loop stall the timer is due
 * together with the answer, and the answer (read in the poll phase before it) must win.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message = 'timed out'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new Error(message))), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Runs a task when one of its slots is free. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** A bounded-parallelism gate: at most `limit` tasks run at once. */
export function createLimiter(limit: number): Limiter {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start) {
      active++;
      start();
    }
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}

/** Runs the tasks in order with at most `lanes` in flight; rejects on the first failure. */
export async function runInLanes(tasks: readonly (() => Promise<unknown>)[], lanes: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

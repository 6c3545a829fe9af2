/**
 * Monitors whose write at the row version (monitorColumnsUpdateAtVersion) found the row changed
 * lately, in this process: many writers of one monitor at once (a script pausing and resuming it
 * in a loop) make nearly every such write miss and then take the locked way too, six round trips
 * where the locked way alone takes four. Their writes go the locked way straight away for a
 * while; a monitor written by one caller at a time keeps the one statement.
 */
export interface WriteContention {
  /** Whether writes of `id` should go the locked way now. */
  isContended(id: number): boolean;
  /** A write of `id` at the version it read found the row changed. */
  missed(id: number): void;
}

/** How long a monitor stays contended after a miss. */
const HOLD_MS = 2_000;
/** Past this many monitors the map starts empty (a miss costs two round trips, not correctness). */
const MAX_MONITORS = 10_000;

export function createWriteContention(now: () => number = Date.now): WriteContention {
  const until = new Map<number, number>();
  return {
    isContended(id) {
      const end = until.get(id);
      if (end === undefined) return false;
      if (end > now()) return true;
      until.delete(id);
      return false;
    },
    missed(id) {
      if (until.size >= MAX_MONITORS) until.clear();
      until.set(id, now() + HOLD_MS);
    },
  };
}

/** The API process's (one per process, as its row locks are PostgreSQL's). */
export const monitorWriteContention = createWriteContention();

/**
 * Writes of one key taken one at a time in this process (issue 35, s9-monwrites): concurrent
 * writers of one monitor in a process wait for each other here instead of missing the row
 * version and queueing on PostgreSQL's row lock (BEGIN, FOR UPDATE, write, COMMIT: four round
 * trips), so each still writes at the version it read in two. Other processes and the check
 * writer can still change the row in between: the write at the version then misses and goes the
 * locked way, as before. A turn ends when its write settles, thrown or not.
 */
export interface WriteTurns {
  run<T>(key: string, write: () => Promise<T>): Promise<T>;
  /** Keys with a write running or waiting (for tests). */
  size(): number;
}

export function createWriteTurns(): WriteTurns {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, write: () => Promise<T>): Promise<T> {
      const before = tails.get(key);
      const done: Promise<T> = before ? before.then(write, write) : write();
      const tail = done.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return done;
    },
    size: () => tails.size,
  };
}

/** The API process's monitor write turns. */
export const monitorWriteTurns = createWriteTurns();

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

import { isMonitorOfAccount, NotFoundError, readMonitorOfAccount, readMonitorVersionOfAccount, type Monitor, type Queryable } from '@vigil/core';
import { parseId } from '../http/validate.js';

export const MONITOR_NOT_FOUND = 'Monitor not found';

/**
 * The caller's monitor, or 404 Monitor not found: for a missing id, a malformed id and another
 * account's monitor alike. `lock` takes the row lock (inside a transaction) so that changes of
 * one monitor, and their schedule changes, happen one after another.
 */
export async function findOwnMonitor(db: Queryable, accountId: number, rawId: string | string[] | undefined, opts: { lock?: boolean } = {}): Promise<Monitor> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const monitor = await readMonitorOfAccount(db, id, accountId, opts.lock ?? false);
  if (!monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
  return monitor;
}

/** The caller's monitor's id, or 404 as findOwnMonitor: for the reads that need nothing else of its row (one column read, not the row's 38). */
export async function findOwnMonitorId(db: Queryable, accountId: number, rawId: string | string[] | undefined): Promise<number> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  if (!(await isMonitorOfAccount(db, accountId, id))) throw new NotFoundError(MONITOR_NOT_FOUND);
  return id;
}

/**
 * findOwnMonitor without the lock, with the row's version: for a write sent as one statement at
 * that version (monitorColumnsUpdateAtVersion), where a transaction read the row under its lock.
 */
export async function findOwnMonitorVersion(db: Queryable, accountId: number, rawId: string | string[] | undefined): Promise<{ monitor: Monitor; version: string }> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const found = await readMonitorVersionOfAccount(db, id, accountId);
  if (!found) throw new NotFoundError(MONITOR_NOT_FOUND);
  return found;
}

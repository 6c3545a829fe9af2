import type { EntityManager, ObjectLiteral } from 'typeorm';
import { writeAuditedWith, type AuditActor, type Monitor, type Queryable, type Statement } from '@vigil/core';
import { findOwnMonitorVersion, MONITOR_NOT_FOUND } from './find-own-monitor.js';
import { parseId } from '../http/validate.js';
import { monitorWriteContention, monitorWriteTurns } from './write-contention.js';

/**
 * The caller's monitor and its row version, for a write sent as one statement at that version;
 * null when the monitor is contended in this process (its writes go the locked way a while).
 * 404 as findOwnMonitor.
 */
export async function ownMonitorForWriteAtVersion(db: Queryable, accountId: number, rawId: string | string[] | undefined): Promise<{ monitor: Monitor; version: string } | null> {
  if (monitorWriteContention.isContended(parseId(rawId, MONITOR_NOT_FOUND))) return null;
  return findOwnMonitorVersion(db, accountId, rawId);
}

/**
 * `update` (a write at the version read) with its entry (`action`, `before` → the monitor as
 * changed) and the `along` statements, in ONE statement: the monitor with its new updated_at, or
 * null when the row changed since it was read (nothing written; the monitor is contended a
 * while, and the caller writes the locked way).
 */
export async function writeMonitorAtVersion(
  m: EntityManager,
  actor: AuditActor,
  monitor: Monitor,
  action: 'update' | 'pause' | 'resume',
  before: ObjectLiteral,
  update: Statement,
  along: readonly Statement[],
): Promise<Monitor | null> {
  const [row] = await writeAuditedWith<{ updated_at: Date }>(m, actor, { resource: 'monitor', id: monitor.id, action, before, after: monitor }, update, along);
  if (!row) {
    monitorWriteContention.missed(monitor.id);
    return null;
  }
  monitor.updatedAt = row.updated_at;
  return monitor;
}

/**
 * `write` in the monitor's write turn of this process (one write of a monitor at a time here:
 * monitorWriteTurns); an id that does not parse runs at once (its 404 as before). The turn is the
 * caller's account's: requests of another account naming the id (each a 404) never wait in
 * front of the owner's writes.
 */
export function inMonitorWriteTurn<T>(accountId: number, rawId: string | string[] | undefined, write: () => Promise<T>): Promise<T> {
  let id: number;
  try {
    id = parseId(rawId, MONITOR_NOT_FOUND);
  } catch {
    return write();
  }
  return monitorWriteTurns.run(`${accountId}:${id}`, write);
}

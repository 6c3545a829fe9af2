import { lockCheckWriters, lockWriterMonitors, readWriterMonitors, type WriterMonitorRows } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { regionOf, type CheckRecord } from './check-record.js';

/** A batch's monitors, and which of them its transaction holds locked (their checks' rounds are judged in it). */
export interface LockedBatch {
  monitors: WriterMonitorRows;
  locked: ReadonlySet<number>;
}

/**
 * Pure: the monitors a batch locks at once: those of every record, except records whose round's
 * deadline Redis keeps (deadlineTracked) and that no other record of the batch locks: those are
 * `loose`, inserted without the monitor's lock.
 */
export function planLocks(records: readonly CheckRecord[]): { locked: Set<number>; loose: CheckRecord[] } {
  const locked = new Set(records.filter((r) => r.deadlineTracked !== true).map((r) => r.monitorId));
  return { locked, loose: records.filter((r) => !locked.has(r.monitorId)) };
}

/**
 * Takes a batch's locks and reads its monitors. The checks of a monitor's regions answer one
 * round at about the same time: if each writer locked the monitor row they would queue behind
 * each other (measured: it halved the checks/s of 3-region monitors, docs/benchmarks.md). So a
 * loose record (planLocks) takes an advisory lock per monitor and region instead (what the
 * duplicate check needs), and its round is judged after the commit (judge-after-commit.ts);
 * unless its monitor turns out to be in one region (changed since the checker loaded it): a
 * round of one is judged at once, under the monitor's lock like every other.
 *
 * Order: unlocked reads, advisory locks, then row locks in id order; no writer waits for an
 * advisory lock while it holds a row lock, so no deadlock.
 */
export async function lockBatch(em: EntityManager, records: readonly CheckRecord[]): Promise<LockedBatch> {
  const { locked, loose } = planLocks(records);
  if (!loose.length) return { monitors: await lockWriterMonitors(em, [...locked]), locked };
  const seen = await readWriterMonitors(em, loose.map((r) => r.monitorId), false);
  for (const r of loose) if ((seen.get(r.monitorId)?.regions.length ?? 1) <= 1) locked.add(r.monitorId);
  await lockCheckWriters(em, loose.filter((r) => !locked.has(r.monitorId)).map((r) => ({ monitorId: r.monitorId, region: regionOf(r) })));
  const held = await lockWriterMonitors(em, [...locked]);
  return { monitors: new Map([...seen, ...held]), locked };
}

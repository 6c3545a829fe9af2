import { checkKey, checkResultOf, insertChecks, openAlertIncident, storedChecks, type AlertIncident, type CheckResult } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { recordKey, regionOf, type CheckRecord } from './check-record.js';
import { duplicateWindow } from './duplicate-window.js';

/** A record inserted now, with its check's id. */
export interface InsertedRecord {
  index: number;
  record: CheckRecord;
  checkId: string;
  maintenance: boolean;
}

export interface InsertedRecords {
  inserted: InsertedRecord[];
  /** Records found recorded by an earlier delivery of their job, by index: the stored record. */
  duplicates: Map<number, CheckResult>;
  /** The open incident of each of the batch's monitors that has one. */
  openIncidents: Map<number, AlertIncident>;
}

const windowOf = (records: readonly CheckRecord[]) => duplicateWindow(records.map((r) => new Date(r.result.timestamp)));

/**
 * Inserts the records `candidates` (indexes into records) in one statement, skipping any
 * recorded within the duplicate window already (duplicate-window.ts): only a check really
 * inserted moves its monitor, so a job delivered twice records one check and applies it once.
 * The callers' locks (lock-batch.ts) make the skip race-free.
 */
export async function insertRecords(em: EntityManager, records: readonly CheckRecord[], candidates: readonly number[], inMaintenance: readonly boolean[]): Promise<InsertedRecords> {
  const batch = candidates.map((i) => records[i]);
  const out: InsertedRecords = { inserted: [], duplicates: new Map(), openIncidents: new Map() };
  if (!batch.length) return out;
  const rows = candidates.map((i) => ({ monitorId: records[i].monitorId, jobKey: records[i].jobKey, region: regionOf(records[i]), inMaintenance: inMaintenance[i], result: records[i].result }));
  const { ids, openIncidents } = await insertChecks(em, rows, windowOf(batch));
  for (const r of openIncidents) out.openIncidents.set(r.monitor_id, openAlertIncident(r));
  const conflicted: number[] = [];
  for (const i of candidates) {
    const checkId = ids.get(recordKey(records[i]));
    if (checkId === undefined) conflicted.push(i);
    else out.inserted.push({ index: i, record: records[i], checkId, maintenance: inMaintenance[i] });
  }
  if (conflicted.length) {
    const again = conflicted.map((i) => records[i]);
    const stored = await storedChecks(em, again.map((r) => ({ monitorId: r.monitorId, jobKey: r.jobKey, region: regionOf(r) })), windowOf(again));
    const byKey = new Map(stored.map((s) => [checkKey(s.monitor_id, s.job_key, s.region), s]));
    // A stored row always exists for a conflict; the fallback only guards a concurrent prune.
    for (const i of conflicted) {
      const s = byKey.get(recordKey(records[i]));
      out.duplicates.set(i, s ? checkResultOf(s) : records[i].result);
    }
  }
  return out;
}

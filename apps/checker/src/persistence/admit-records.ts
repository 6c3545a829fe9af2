import type { CheckResult, WriterMonitorRow } from '@vigil/core';
import { recordKey, type CheckRecord, type RecordOutcome, type SkipReason } from './check-record.js';

/** Which records of a batch go in. */
export interface Admission {
  /** Records not recorded, by index: their monitor is gone, inactive or (for a scheduled check) paused. */
  skipped: Map<number, SkipReason>;
  /** Indexes of the records to insert: the first of each check key among the others. */
  candidates: number[];
  /** A later record of a key the batch has already → the index of the first. */
  sameAs: Map<number, number>;
}

/** Pure: admits the records whose monitor may be checked, one per check key (monitor, job key, region). */
export function admitRecords(records: readonly CheckRecord[], monitors: ReadonlyMap<number, Pick<WriterMonitorRow, 'is_active' | 'status'>>): Admission {
  const admission: Admission = { skipped: new Map(), candidates: [], sameAs: new Map() };
  const firstOfKey = new Map<string, number>();
  records.forEach((r, i) => {
    const m = monitors.get(r.monitorId);
    if (!m) admission.skipped.set(i, 'deleted');
    else if (!m.is_active) admission.skipped.set(i, 'inactive');
    else if (m.status === 'paused' && !r.manual) admission.skipped.set(i, 'paused');
    else {
      const key = recordKey(r);
      const first = firstOfKey.get(key);
      if (first === undefined) {
        firstOfKey.set(key, i);
        admission.candidates.push(i);
      } else admission.sameAs.set(i, first);
    }
  });
  return admission;
}

/**
 * Pure: the outcome of each record, in order: skipped, a duplicate of a check stored before
 * (`duplicates`: its stored record, by index), recorded, or like the record earlier in the batch
 * with its key.
 */
export function batchOutcomes(records: readonly CheckRecord[], admission: Admission, duplicates: ReadonlyMap<number, CheckResult>): RecordOutcome[] {
  const outcomes = new Array<RecordOutcome>(records.length);
  for (const [i, reason] of admission.skipped) outcomes[i] = { kind: 'skipped', reason };
  for (const i of admission.candidates) {
    const stored = duplicates.get(i);
    outcomes[i] = stored ? { kind: 'duplicate', check: stored } : { kind: 'recorded', check: records[i].result };
  }
  for (const [i, first] of admission.sameAs) {
    const o = outcomes[first];
    outcomes[i] = o.kind === 'skipped' ? o : { kind: 'duplicate', check: o.check };
  }
  return outcomes;
}

import type { MaintenanceLookup, WriterMonitorRow, WriterMonitorRows } from '@vigil/core';
import type { JudgedRound } from '../rounds/judge-rounds.js';
import type { CheckRecord } from './check-record.js';

/** One result to run through a monitor's state machine: a judged round (a round of one: its check). */
export interface StateEntry {
  record: CheckRecord;
  /** The stored check that stands for it (alerts name it). */
  checkId: string;
  maintenance: boolean;
  /** The failing regions of a round of many (an incident it opens carries them). */
  regions?: readonly string[];
}

/**
 * Pure: per record, whether a maintenance window of its account covered its monitor when it
 * ran, from the lookup made before the transaction (no rule is evaluated here).
 */
export function maintenanceFlags(records: readonly CheckRecord[], monitors: ReadonlyMap<number, Pick<WriterMonitorRow, 'account_id'>>, maintenance: MaintenanceLookup): boolean[] {
  return records.map((r) => {
    const m = monitors.get(r.monitorId);
    return m !== undefined && maintenance.covers(m.account_id, r.monitorId, new Date(r.result.timestamp));
  });
}

/** Pure: what judged rounds of many regions mean to the state machine: one result each, standing for all its regions. */
export function roundEntries(rounds: readonly JudgedRound[], monitors: WriterMonitorRows, maintenance: MaintenanceLookup): StateEntry[] {
  const records: CheckRecord[] = rounds.map((r) => ({ monitorId: r.monitorId, jobKey: r.jobKey, manual: false, result: r.verdict.result }));
  const flags = maintenanceFlags(records, monitors, maintenance);
  return rounds.map((r, i) => ({
    record: records[i],
    checkId: r.verdict.checkId,
    maintenance: flags[i],
    regions: r.verdict.failed ? r.verdict.failingRegions : [],
  }));
}

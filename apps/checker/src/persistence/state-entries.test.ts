import type { CheckResult, MaintenanceLookup, WriterMonitorRow } from '@vigil/core';
import { entriesByMonitor } from './apply-states.js';
import { maintenanceFlags, roundEntries, type StateEntry } from './state-entries.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const ok = (s: number): CheckResult => ({ timestamp: at(s), status: 'success', response_time_ms: 10, status_code: 200 });
const monitor = (id: number, accountId: number): WriterMonitorRow => ({
  id,
  account_id: accountId,
  regions: ['eu', 'us', 'ap'],
  min_failing_regions: null,
  timeout: 5,
  name: 'm',
  url: 'https://a.example/',
  status: 'up',
  consecutive_failures: 0,
  consecutive_successes: 0,
  alert_threshold: 1,
  recovery_threshold: 1,
  degraded_threshold_ms: 1000,
  is_active: true,
  last_checked_at: null,
  rollup_hour: null,
});
/** Covers account 7's monitors from second 10 on. */
const window: MaintenanceLookup = { covers: (accountId, _monitorId, when) => accountId === 7 && when.getTime() >= Date.parse(at(10)) };

describe('maintenanceFlags', () => {
  it('flags a record when a window of its monitor account covered its time; an unknown monitor never', () => {
    const monitors = new Map([
      [1, monitor(1, 7)],
      [2, monitor(2, 8)],
    ]);
    const records = [1, 1, 2, 3].map((id, n) => ({ monitorId: id, jobKey: `j${n}`, manual: false, result: ok(n === 0 ? 0 : 20) }));
    expect(maintenanceFlags(records, monitors, window)).toEqual([false, true, false, false]);
  });
});

describe('roundEntries', () => {
  it('one entry per judged round: its verdict, the check standing for it, the failing regions of a failed round', () => {
    const monitors = new Map([[1, monitor(1, 7)]]);
    const failed: CheckResult = { timestamp: at(20), status: 'failure', response_time_ms: null, status_code: 503, error: 'Failed in 2 of 3 regions' };
    const entries = roundEntries(
      [
        { monitorId: 1, jobKey: 'a', verdict: { failed: true, failingRegions: ['eu', 'us'], skippedRegions: [], result: failed, checkId: '11' } },
        { monitorId: 1, jobKey: 'b', verdict: { failed: false, failingRegions: ['ap'], skippedRegions: ['us'], result: ok(5), checkId: '12' } },
      ],
      monitors,
      window,
    );
    expect(entries).toEqual([
      { record: { monitorId: 1, jobKey: 'a', manual: false, result: failed }, checkId: '11', maintenance: true, regions: ['eu', 'us'] },
      { record: { monitorId: 1, jobKey: 'b', manual: false, result: ok(5) }, checkId: '12', maintenance: false, regions: [] },
    ]);
  });
});

describe('entriesByMonitor', () => {
  it('groups entries by monitor in id order, each in check-time order', () => {
    const entry = (monitorId: number, s: number): StateEntry => ({ record: { monitorId, jobKey: `${monitorId}-${s}`, manual: false, result: ok(s) }, checkId: `${s}`, maintenance: false });
    const grouped = entriesByMonitor([entry(5, 30), entry(2, 10), entry(5, 1), entry(2, 5)]);
    expect(grouped.map(([id, list]) => [id, list.map((e) => e.checkId)])).toEqual([
      [2, ['5', '10']],
      [5, ['1', '30']],
    ]);
  });
});

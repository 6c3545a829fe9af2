import { maintenanceWindowsOfAccount, monitorSlaFactsOf, monitorSlaFactsOfAccount, monitorSlaPeriodReads, scheduleOf, windowCovers, type Context, type MonitorSlaFacts } from '@vigil/core';
import type { Interval } from './intervals.js';
import { periodIntervals } from './period-occurrences.js';
import type { SlaRow } from './sla-csv.js';
import type { SlaPeriod } from './sla-period.js';
import { slaReport } from './sla-report.js';
import { periodSplit, type SettledCounts } from '../monitors/settled-counts.js';

const NO_PERIOD_READ = { incidents: { count: 0, downtimeMs: 0, inMaintenanceMs: 0, mttrMs: null }, live: { total: 0, successful: 0 } };

/**
 * The SLA rows of the account's monitors (or only `monitorId`: none when it is not the
 * account's) over a period: the monitors and the account's maintenance windows from the primary
 * side by side (so a monitor or window created a moment ago already counts), then the monitors'
 * incidents, summed against each one's maintenance, and live hours' checks in one statement
 * from the read database (it may lag: a report), beside the settled hours' checks from memory
 * (`counts`, read in one more statement only for monitors not seen yet). Raw checks and single
 * incidents never reach the process.
 */
export async function slaRows(ctx: Context, counts: SettledCounts, accountId: number, period: SlaPeriod, monitorId?: number): Promise<SlaRow[]> {
  const now = ctx.clock.now();
  const { live } = periodSplit(period.from, period.to, now);
  const [facts, windows] = await Promise.all([
    monitorId === undefined ? monitorSlaFactsOfAccount(ctx.db, accountId) : monitorSlaFactsOf(ctx.db, accountId, monitorId),
    maintenanceWindowsOfAccount(ctx.db, accountId),
  ]);
  const monitors: MonitorSlaFacts[] = Array.isArray(facts) ? facts : facts ? [facts] : [];
  if (!monitors.length) return [];
  const occurrences = windows.map((w) => ({ window: w, intervals: periodIntervals(scheduleOf(w), period.from, period.to) }));
  // Windows for all monitors give every monitor the same intervals: gathered once, not per monitor.
  const forAll = occurrences.filter((o) => o.window.appliesToAll).flatMap((o) => o.intervals);
  const forSome = occurrences.filter((o) => !o.window.appliesToAll);
  const someOf = (id: number): Interval[] => forSome.filter((o) => windowCovers(o.window, { monitorId: id })).flatMap((o) => o.intervals);
  const bySome = new Map(forSome.length ? monitors.map((m) => [m.id, someOf(m.id)] as const).filter(([, spans]) => spans.length) : []);
  const maintenanceOf = (id: number): Interval[] => {
    const own = bySome.get(id);
    return own ? [...forAll, ...own] : forAll;
  };
  // The incidents are summed by PostgreSQL against each monitor's maintenance: read once the windows are known.
  const [reads, settled] = await Promise.all([
    monitorSlaPeriodReads(ctx.readDb, accountId, { ...period, now, live, maintenance: { all: forAll, byMonitor: bySome } }, monitorId),
    counts.settledOf(ctx.readDb, monitors.map((m) => m.id), period.from, period.to, now),
  ]);
  return monitors.map((m) => {
    const past = settled.get(m.id);
    const read = reads.get(m.id) ?? NO_PERIOD_READ;
    return {
      monitor_id: m.id,
      monitor_name: m.name,
      report: slaReport({
        ...period,
        now,
        monitorCreatedAt: m.createdAt,
        incidents: read.incidents,
        maintenance: maintenanceOf(m.id),
        checks: past ? { total: past.total + read.live.total, successful: past.successful + read.live.successful } : read.live,
        sloTarget: m.sloTarget,
      }),
    };
  });
}

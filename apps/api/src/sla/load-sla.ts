import { incidentsOverlapping, maintenanceWindowsOfAccount, type Monitor, scheduleOf, windowCovers, type Context } from '@vigil/core';
import type { Interval } from './intervals.js';
import { periodIntervals } from './period-occurrences.js';
import type { SlaRow } from './sla-csv.js';
import type { SlaPeriod } from './sla-period.js';
import { slaReport } from './sla-report.js';
import type { SettledCounts } from '../monitors/settled-counts.js';

/** What a report needs of a monitor (the account report loads only these columns: monitorSlaFactsOfAccount). */
export type SlaMonitor = Pick<Monitor, 'id' | 'name' | 'createdAt' | 'sloTarget'>;

/**
 * The SLA rows of some of an account's monitors over a period, in three queries whatever their
 * number: incidents overlapping the period, rollup sums of the period's hours (settled hours
 * cached: `counts`), the account's
 * maintenance windows (their occurrences computed here). Raw checks are never read. Incidents
 * are grouped by monitor once (not filtered again for each monitor).
 */
export async function slaRows(ctx: Context, counts: SettledCounts, accountId: number, monitors: readonly SlaMonitor[], period: SlaPeriod): Promise<SlaRow[]> {
  if (!monitors.length) return [];
  const ids = monitors.map((m) => m.id);
  // Incidents and rollups may lag (a report); the windows come from the primary, so a window
  // created a moment ago already counts.
  const now = ctx.clock.now();
  const [incidents, checks, windows] = await Promise.all([
    incidentsOverlapping(ctx.readDb, ids, period.from, period.to),
    counts.between(ctx.readDb, ids, period.from, period.to, now),
    maintenanceWindowsOfAccount(ctx.db, accountId),
  ]);
  const occurrences = windows.map((w) => ({
    window: w,
    intervals: periodIntervals(scheduleOf(w), period.from, period.to),
  }));
  // Windows for all monitors give every monitor the same intervals: gathered once, not per monitor.
  const forAll = occurrences.filter((o) => o.window.appliesToAll).flatMap((o) => o.intervals);
  const forSome = occurrences.filter((o) => !o.window.appliesToAll);
  const maintenanceOf = (monitorId: number): Interval[] =>
    forSome.length ? [...forAll, ...forSome.filter((o) => windowCovers(o.window, { monitorId })).flatMap((o) => o.intervals)] : forAll;
  const incidentsOf = new Map<number, { startedAt: Date; resolvedAt: Date | null }[]>();
  for (const i of incidents) {
    const list = incidentsOf.get(i.monitor_id) ?? [];
    list.push({ startedAt: i.started_at, resolvedAt: i.resolved_at });
    incidentsOf.set(i.monitor_id, list);
  }
  return monitors.map((m) => ({
    monitor_id: m.id,
    monitor_name: m.name,
    report: slaReport({
      ...period,
      now,
      monitorCreatedAt: m.createdAt,
      incidents: incidentsOf.get(m.id) ?? [],
      maintenance: maintenanceOf(m.id),
      checks: checks.get(m.id) ?? { total: 0, successful: 0 },
      sloTarget: m.sloTarget,
    }),
  }));
}

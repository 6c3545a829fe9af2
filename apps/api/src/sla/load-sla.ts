import {
  incidentSlaDays,
  maintenanceWindowsOfAccount,
  monitorSlaFactsOf,
  monitorSlaFactsOfAccount,
  monitorSlaPeriodReads,
  periodIncidents,
  scheduleOf,
  windowCovers,
  type Context,
  type EpochSpan,
  type IncidentSlaDay,
  type MonitorPeriodRead,
  type MonitorSlaFacts,
} from '@vigil/core';
import type { Interval } from './intervals.js';
import { daySpan, interiorDays } from './interior-days.js';
import { periodIntervals } from './period-occurrences.js';
import type { SlaRow } from './sla-csv.js';
import type { SlaPeriod } from './sla-period.js';
import { slaReport } from './sla-report.js';
import { FINISHED_DAYS_TTL_MS, FinishedDays, type DayRange } from '../monitors/finished-days.js';
import { periodSplit, type SettledCounts } from '../monitors/settled-counts.js';

const NO_PERIOD_READ: MonitorPeriodRead = { incidents: { count: 0, downtimeMs: 0, resolved: 0, resolvedMs: 0 }, inMaintenanceMs: 0, live: { total: 0, successful: 0 } };

/** What SLA reports keep in the process: the settled hours' checks, and finished days' incident sums. */
export interface SlaSources {
  counts: SettledCounts;
  incidentDays: FinishedDays<IncidentSlaDay>;
}

/** Bounds the finished days held: a year of a monitor with incidents every day is 366 rows. */
const MAX_INCIDENT_DAY_ROWS = 500_000;

export function slaSources(ctx: Context, counts: SettledCounts): SlaSources {
  return { counts, incidentDays: new FinishedDays<IncidentSlaDay>({ ttlMs: FINISHED_DAYS_TTL_MS, maxMonitors: 20_000, maxRows: MAX_INCIDENT_DAY_ROWS, now: () => ctx.clock.now().getTime() }) };
}

/**
 * The finished interior days of each monitor's monitored part (interiorDays), and their
 * incident sums by monitor: held ones from memory, the others in one statement from the read
 * database. All monitors' days end on the same day (the period's last finished one), so an
 * account's report reads them together.
 */
async function interiorSums(ctx: Context, days: FinishedDays<IncidentSlaDay>, interiors: ReadonlyMap<number, DayRange>, now: Date): Promise<Map<number, IncidentSlaDay[]>> {
  const byMonitor = new Map<number, IncidentSlaDay[]>();
  if (!interiors.size) return byMonitor;
  let from = Infinity;
  let until = -Infinity;
  for (const r of interiors.values()) {
    from = Math.min(from, r.from);
    until = Math.max(until, r.until);
  }
  const rows = await days.rows([...interiors.keys()], from, until, (ids, f, u) => incidentSlaDays(ctx.readDb, ids, f, u, now));
  for (const row of rows) {
    const range = interiors.get(row.monitor_id);
    if (!range || row.day < range.from || row.day >= range.until) continue;
    const list = byMonitor.get(row.monitor_id);
    if (list) list.push(row);
    else byMonitor.set(row.monitor_id, [row]);
  }
  return byMonitor;
}

/**
 * The SLA rows of the account's monitors (or only `monitorId`: none when it is not the
 * account's) over a period: the monitors and the account's maintenance windows from the primary
 * side by side (so a monitor or window created a moment ago already counts), then the monitors'
 * incidents, summed against each one's maintenance, and live hours' checks in one statement
 * from the read database (it may lag: a report), beside the settled hours' checks and the
 * finished interior days' incident sums from memory (`sources`, each read in one more
 * statement only for monitors not held). So a report's work on incidents is its first and last
 * days' and its maintenance's, not the period's (issue 35: a year of a monitor down a minute in
 * every two was 263,520 incidents read on every report). Raw checks and single incidents never
 * reach the process.
 */
export async function slaRows(ctx: Context, sources: SlaSources, accountId: number, period: SlaPeriod, monitorId?: number): Promise<SlaRow[]> {
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
  const interiors = new Map<number, DayRange>();
  for (const m of monitors) {
    const range = interiorDays(period, now, m.createdAt);
    if (range) interiors.set(m.id, range);
  }
  const interior = new Map<number, EpochSpan>([...interiors].map(([id, range]) => [id, daySpan(range)]));
  // The incidents are summed by PostgreSQL against each monitor's maintenance: read once the windows are known.
  const [reads, settled, days] = await Promise.all([
    monitorSlaPeriodReads(ctx.readDb, accountId, { ...period, now, live, maintenance: { all: forAll, byMonitor: bySome }, interior }, monitorId),
    sources.counts.settledOf(ctx.readDb, monitors.map((m) => m.id), period.from, period.to, now),
    interiorSums(ctx, sources.incidentDays, interiors, now),
  ]);
  return monitors.map((m) => {
    const past = settled.get(m.id);
    const read = reads.get(m.id) ?? NO_PERIOD_READ;
    const incidents = periodIncidents([read.incidents, ...(days.get(m.id) ?? [])], read.inMaintenanceMs);
    return {
      monitor_id: m.id,
      monitor_name: m.name,
      report: slaReport({
        ...period,
        now,
        monitorCreatedAt: m.createdAt,
        incidents,
        maintenance: maintenanceOf(m.id),
        checks: past ? { total: past.total + read.live.total, successful: past.successful + read.live.successful } : read.live,
        sloTarget: m.sloTarget,
      }),
    };
  });
}

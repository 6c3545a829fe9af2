import {
  activeMaintenance,
  domainsForPage,
  firstOccurrencesBetween,
  incidentDaysForPage,
  incidentsForPage,
  maintenanceWindowsOfAccount,
  monitorsForPage,
  recentPageNotices,
  rollupDaySums,
  scheduleOf,
  updatesOfIncidents,
  windowCovers,
  type Context,
  type IncidentDayRow,
  type PublicPageRow,
} from '@vigil/core';
import { BAR_DAYS, barDays, RECENT_DAYS, utcDay, type MaintenanceView, type PageRows } from './page-model.js';
import { firstUnfinishedDay, type FinishedDays, type ReadDays } from '../monitors/finished-days.js';

/** What page builds keep of finished days: their rollup sums and their incident counts. */
export interface FinishedPageDays {
  rollups: FinishedDays;
  incidents: FinishedDays<IncidentDayRow>;
}

const DAY_MS = 86_400_000;

/** Maintenance is announced this many days ahead. */
export const MAINTENANCE_AHEAD_DAYS = 14;
const MAX_MAINTENANCE_SHOWN = 20;
/** A page (its HTML, JSON and feed) shows each incident's newest updates, at most this many. */
export const PAGE_UPDATES_PER_INCIDENT = 25;
/** A page lists at most this many resolved incidents (the newest started); open ones are at most one per monitor. */
export const PAGE_RECENT_INCIDENTS = 50;

/**
 * The account's maintenance windows (issue 15) that cover a monitor or domain of the page:
 * their occurrences under way or starting in the next MAINTENANCE_AHEAD_DAYS days (at most 3 per
 * window), and the page's monitors under maintenance now.
 */
async function loadMaintenance(
  ctx: Context,
  accountId: number,
  monitorIds: number[],
  domainIds: number[],
  now: Date,
): Promise<{ maintenance: MaintenanceView[]; underMaintenance: number[] }> {
  const windows = await maintenanceWindowsOfAccount(ctx.db, accountId);
  const covering = windows.filter((w) => monitorIds.some((id) => windowCovers(w, { monitorId: id })) || domainIds.some((id) => windowCovers(w, { domainId: id })));
  const until = new Date(now.getTime() + MAINTENANCE_AHEAD_DAYS * DAY_MS);
  const maintenance = covering
    .flatMap((w) => firstOccurrencesBetween(scheduleOf(w), now, until, 3).map((o) => ({ title: w.title, startsAt: o.start, endsAt: o.end, message: w.description ?? '' })))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .slice(0, MAX_MAINTENANCE_SHOWN);
  const underMaintenance = monitorIds.filter((id) => activeMaintenance(covering, { monitorId: id }, now).length > 0);
  return { maintenance, underMaintenance };
}

/** Daily sums of hourly rollups of `monitorIds` over days `from` to `until` (exclusive). */
function readDays(ctx: Context): ReadDays {
  return (monitorIds, from, until) => (from >= until || !monitorIds.length ? Promise.resolve([]) : rollupDaySums(ctx.db, monitorIds, from, until));
}

/** How many incidents of `monitorIds` touched each of days `from` to `until` (exclusive), as of now. */
function readIncidentDays(ctx: Context, now: Date): ReadDays<IncidentDayRow> {
  return (monitorIds, from, until) => (from >= until || !monitorIds.length ? Promise.resolve([]) : incidentDaysForPage(ctx.db, monitorIds, from, until, now));
}

/**
 * Everything a public page shows, read from the account's own rows only: monitor names and
 * states (never URLs, headers or check errors), daily sums of the hourly rollups, incidents and
 * their updates, domain grades and certificate expiry, and the page's notices. Finished days of
 * the bars (their rollups and their incident counts) come from `finished` when it holds them
 * (see FinishedDays).
 */
export async function loadPageRows(ctx: Context, page: PublicPageRow, finished: FinishedPageDays): Promise<PageRows> {
  const now = ctx.clock.now();
  const read = readDays(ctx);
  const readIncidentCounts = readIncidentDays(ctx, now);
  const monitorIds = [...new Set(page.sections.flatMap((s) => s.monitor_ids))];
  const domainIds = [...new Set(page.sections.flatMap((s) => s.domain_ids))];
  const firstDay = new Date(`${barDays(now)[0]}T00:00:00Z`);
  const firstDayNumber = Math.floor(firstDay.getTime() / DAY_MS);
  // Days from here on may still be written to: read live; those before from `finished`.
  const liveFrom = Math.max(firstDayNumber, firstUnfinishedDay(now));
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const monitors = await monitorsForPage(ctx.db, page.account_id, monitorIds);
  const own = monitors.map((m) => m.id);
  const [days, incidents, incidentDays, domains, notices, planned] = await Promise.all([
    Promise.all([finished.rollups.rows(own, firstDayNumber, liveFrom, read), read(own, liveFrom, firstDayNumber + BAR_DAYS)]).then(([done, live]) => done.concat(live)),
    own.length ? incidentsForPage(ctx.db, own, recentFrom, now, PAGE_RECENT_INCIDENTS) : [],
    Promise.all([finished.incidents.rows(own, firstDayNumber, liveFrom, readIncidentCounts), readIncidentCounts(own, liveFrom, firstDayNumber + BAR_DAYS)]).then(([done, live]) => done.concat(live)),
    domainsForPage(ctx.db, page.account_id, domainIds),
    recentPageNotices(ctx.db, page.id, recentFrom),
    loadMaintenance(ctx, page.account_id, own, domainIds, now),
  ]);
  const updates = incidents.length ? await updatesOfIncidents(ctx.db, incidents.map((i) => i.id), PAGE_UPDATES_PER_INCIDENT) : [];
  return {
    page: { slug: page.slug, title: page.title, description: page.description, theme: page.theme, showUptimeBars: page.show_uptime_bars, sections: page.sections },
    monitors: monitors.map((m) => ({ id: m.id, name: m.name, status: m.status, isActive: m.is_active })),
    days: days.map((d) => ({ monitorId: d.monitor_id, day: utcDay(new Date(d.day * DAY_MS)), total: d.total, successful: d.successful })),
    incidents: incidents.map((i) => ({ id: i.id, monitorId: i.monitor_id, status: i.status, startedAt: i.started_at, resolvedAt: i.resolved_at, durationSeconds: i.duration_seconds })),
    incidentDays: incidentDays.map((d) => ({ monitorId: d.monitor_id, day: utcDay(new Date(d.day * DAY_MS)), incidents: d.incidents })),
    updates: updates.map((u) => ({ incidentId: u.incident_id, status: u.status, message: u.message, createdAt: u.created_at })),
    domains: domains.map((d) => ({ id: d.id, hostname: d.hostname, port: d.port, isActive: d.is_active, sslGrade: d.ssl_grade, certValidTo: d.cert_valid_to, trusted: d.trusted })),
    notices: notices.map((n) => ({ id: n.id, title: n.title, status: n.status, message: n.message, createdAt: n.created_at, updatedAt: n.updated_at })),
    maintenance: planned.maintenance,
    underMaintenance: planned.underMaintenance,
  };
}

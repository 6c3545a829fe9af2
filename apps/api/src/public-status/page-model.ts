import type { IncidentUpdateStatus, MonitorStatus, StatusPageTheme } from '@vigil/core';
import { aggregateStatus, uptimePercent, type AggregateStatus } from '../monitors/uptime-math.js';
import { domainState, type DomainState } from '../domains/domain-state.js';

export const BAR_DAYS = 90;
/** Screens narrower than 600 px show only the last this many days of the bar (page-style.ts). */
export const NARROW_BAR_DAYS = 30;
/** Resolved incidents and notices stay on the page (and in the feed) this long. */
export const RECENT_DAYS = 14;
const DAY_MS = 86_400_000;

/** What the loader reads; nothing else reaches the renderers (no URL, header, cause or config). */
export interface PageRows {
  page: { slug: string; title: string; description: string | null; theme: StatusPageTheme; showUptimeBars: boolean; sections: { title: string; monitor_ids: number[]; domain_ids: number[] }[] };
  monitors: { id: number; name: string; status: MonitorStatus; isActive: boolean }[];
  /** Rollup sums per monitor and UTC day (YYYY-MM-DD) over the bar window. */
  days: { monitorId: number; day: string; total: number; successful: number }[];
  /** The incidents the page lists: open ones, and the newest resolved in the last RECENT_DAYS days (at most PAGE_RECENT_INCIDENTS). */
  incidents: { id: number; monitorId: number; status: 'open' | 'resolved'; startedAt: Date; resolvedAt: Date | null; durationSeconds: number | null }[];
  /** How many incidents touched each monitor's UTC day (YYYY-MM-DD) of the bar window; days without any are absent. */
  incidentDays: { monitorId: number; day: string; incidents: number }[];
  updates: { incidentId: number; status: IncidentUpdateStatus; message: string; createdAt: Date }[];
  domains: { id: number; hostname: string; port: number; isActive: boolean; sslGrade: string | null; certValidTo: Date | null; trusted: boolean | null }[];
  notices: { id: number; title: string; status: IncidentUpdateStatus; message: string; createdAt: Date; updatedAt: Date }[];
  /** Maintenance under way or coming up, from the account's maintenance windows. */
  maintenance: MaintenanceView[];
  /** Monitors of the page inside a maintenance window now. */
  underMaintenance: number[];
}

export interface MaintenanceView {
  title: string;
  startsAt: Date;
  endsAt: Date;
  message: string;
}

export type DayLevel = 'none' | 'up' | 'partial' | 'down';

export interface DayView {
  date: string;
  uptime: number | null;
  incidents: number;
  level: DayLevel;
}

export type PublicMonitorState = 'operational' | 'degraded' | 'down' | 'maintenance' | 'paused' | 'pending';

export interface MonitorView {
  name: string;
  state: PublicMonitorState;
  uptime90d: number | null;
  /** Over the last NARROW_BAR_DAYS days: what narrow screens show next to their shorter bar. */
  uptime30d: number | null;
  days: DayView[];
}

export interface DomainView {
  name: string;
  sslGrade: string | null;
  daysToExpiry: number | null;
  trusted: boolean | null;
  /** The one judgement badges use too (domain-state.ts). */
  state: DomainState;
}

export interface UpdateView {
  status: IncidentUpdateStatus;
  message: string;
  at: Date;
}

export interface IncidentView {
  id: string;
  title: string;
  /** What people were last told: the latest update's status, else investigating or resolved. */
  status: IncidentUpdateStatus;
  open: boolean;
  startedAt: Date;
  resolvedAt: Date | null;
  durationSeconds: number | null;
  updatedAt: Date;
  updates: UpdateView[];
}

export interface PageModel {
  slug: string;
  title: string;
  description: string | null;
  theme: StatusPageTheme;
  showUptimeBars: boolean;
  overall: AggregateStatus;
  overallText: string;
  generatedAt: Date;
  sections: { title: string; monitors: MonitorView[]; domains: DomainView[] }[];
  /** Open incidents and unresolved notices, newest first. */
  active: IncidentView[];
  /** Resolved in the last RECENT_DAYS days, newest first. */
  recent: IncidentView[];
  maintenance: MaintenanceView[];
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The BAR_DAYS UTC days ending with today, oldest first. */
export function barDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: BAR_DAYS }, (_, i) => utcDay(new Date(today - (BAR_DAYS - 1 - i) * DAY_MS)));
}

/**
 * A day's colour: no checks, all (≥ 99.9 %) up, partly down (≥ 95 %), or mostly down. A day
 * an incident touched is never shown all up, however short the incident.
 */
export function dayLevel(uptime: number | null, incidents: number): DayLevel {
  if (uptime === null) return incidents ? 'partial' : 'none';
  if (uptime >= 99.9) return incidents ? 'partial' : 'up';
  if (uptime >= 95) return 'partial';
  return 'down';
}

export function monitorState(status: MonitorStatus, isActive: boolean, inMaintenance = false): PublicMonitorState {
  if (!isActive || status === 'paused') return 'paused';
  if (inMaintenance) return 'maintenance';
  if (status === 'up') return 'operational';
  return status;
}

/** Whole days until a certificate expires (negative once expired), null before any scan. */
export function daysToExpiry(validTo: Date | null, now: Date): number | null {
  if (!validTo) return null;
  return Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
}

const OVERALL_TEXT: Record<AggregateStatus, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems are degraded',
  outage: 'Some systems are down',
};

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function monitorDays(dayRows: PageRows['days'], incidentDays: PageRows['incidentDays'], days: string[]): { days: DayView[]; uptime: number | null; uptime30d: number | null } {
  const byDay = new Map(dayRows.map((d) => [d.day, d]));
  const incidentsOn = new Map(incidentDays.map((d) => [d.day, d.incidents]));
  const narrowFrom = days.length - NARROW_BAR_DAYS;
  const sums = { total: 0, successful: 0, total30: 0, successful30: 0 };
  const views = days.map((date, i) => {
    const r = byDay.get(date);
    sums.total += r?.total ?? 0;
    sums.successful += r?.successful ?? 0;
    if (i >= narrowFrom) {
      sums.total30 += r?.total ?? 0;
      sums.successful30 += r?.successful ?? 0;
    }
    const uptime = r ? uptimePercent(r.successful, r.total) : null;
    const touching = incidentsOn.get(date) ?? 0;
    return { date, uptime, incidents: touching, level: dayLevel(uptime, touching) };
  });
  return { days: views, uptime: uptimePercent(sums.successful, sums.total), uptime30d: uptimePercent(sums.successful30, sums.total30) };
}

function incidentViews(rows: PageRows, names: Map<number, string>): IncidentView[] {
  const updates = new Map<number, UpdateView[]>();
  for (const u of [...rows.updates].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const list = updates.get(u.incidentId) ?? [];
    list.push({ status: u.status, message: u.message, at: u.createdAt });
    updates.set(u.incidentId, list);
  }
  return rows.incidents.map((i) => {
    const list = updates.get(i.id) ?? [];
    const last = list[list.length - 1];
    const status = last?.status ?? (i.status === 'open' ? 'investigating' : 'resolved');
    const times = [i.startedAt, i.resolvedAt, last?.at].filter((t): t is Date => t instanceof Date);
    return {
      id: `incident-${i.id}`,
      title: `${names.get(i.monitorId) ?? 'A service'} ${i.status === 'open' ? 'is down' : 'was down'}`,
      status,
      open: i.status === 'open',
      startedAt: i.startedAt,
      resolvedAt: i.resolvedAt,
      durationSeconds: i.durationSeconds,
      updatedAt: new Date(Math.max(...times.map((t) => t.getTime()))),
      updates: list,
    };
  });
}

function noticeViews(rows: PageRows): IncidentView[] {
  return rows.notices.map((n) => ({
    id: `notice-${n.id}`,
    title: n.title,
    status: n.status,
    open: n.status !== 'resolved',
    startedAt: n.createdAt,
    resolvedAt: n.status === 'resolved' ? n.updatedAt : null,
    durationSeconds: null,
    updatedAt: n.updatedAt,
    updates: [{ status: n.status, message: n.message, at: n.updatedAt }],
  }));
}

const newestFirst = (a: IncidentView, b: IncidentView) => b.startedAt.getTime() - a.startedAt.getTime();

/** The page as people see it, from the loader's rows. Pure. */
export function buildPageModel(rows: PageRows, now: Date): PageModel {
  const monitors = new Map(rows.monitors.map((m) => [m.id, m]));
  const domains = new Map(rows.domains.map((d) => [d.id, d]));
  const days = barDays(now);
  const daysOf = groupBy(rows.days, (d) => d.monitorId);
  const maintained = new Set(rows.underMaintenance);
  const incidentDaysOf = groupBy(rows.incidentDays, (d) => d.monitorId);
  const sections = rows.page.sections.map((s) => ({
    title: s.title,
    monitors: s.monitor_ids.flatMap((id) => {
      const m = monitors.get(id);
      if (!m) return [];
      const history = monitorDays(daysOf.get(id) ?? [], incidentDaysOf.get(id) ?? [], days);
      return [{ name: m.name, state: monitorState(m.status, m.isActive, maintained.has(id)), uptime90d: history.uptime, uptime30d: history.uptime30d, days: history.days }];
    }),
    domains: s.domain_ids.flatMap((id) => {
      const d = domains.get(id);
      if (!d) return [];
      const left = daysToExpiry(d.certValidTo, now);
      const state = domainState({ sslGrade: d.sslGrade, daysToExpiry: left, trusted: d.trusted });
      return [{ name: d.port === 443 ? d.hostname : `${d.hostname}:${d.port}`, sslGrade: d.sslGrade, daysToExpiry: left, trusted: d.trusted, state }];
    }),
  }));
  // A monitor under maintenance is expected to be down: it does not make the page's state.
  const shown = [...new Set(rows.page.sections.flatMap((s) => s.monitor_ids))].filter((id) => !maintained.has(id)).flatMap((id) => monitors.get(id) ?? []);
  let overall = aggregateStatus(shown);
  if (overall === 'operational' && sections.some((s) => s.domains.some((d) => d.state.expiry === 'expired'))) overall = 'degraded';
  const recentFrom = now.getTime() - RECENT_DAYS * DAY_MS;
  const all = [...incidentViews(rows, new Map(rows.monitors.map((m) => [m.id, m.name]))), ...noticeViews(rows)];
  return {
    slug: rows.page.slug,
    title: rows.page.title,
    description: rows.page.description,
    theme: rows.page.theme,
    showUptimeBars: rows.page.showUptimeBars,
    overall,
    overallText: OVERALL_TEXT[overall],
    generatedAt: now,
    sections,
    active: all.filter((i) => i.open).sort(newestFirst),
    recent: all.filter((i) => !i.open && i.updatedAt.getTime() >= recentFrom).sort(newestFirst),
    maintenance: rows.maintenance,
  };
}

import { MaintenanceWindow, type Monitor, occurrencesBetween, scheduleOf, windowCovers, type Context } from '@vigil/core';
import type { Interval } from './intervals.js';
import type { SlaRow } from './sla-csv.js';
import type { SlaPeriod } from './sla-period.js';
import { slaReport } from './sla-report.js';

/** What a report needs of a monitor (the account report loads only these columns). */
export type SlaMonitor = Pick<Monitor, 'id' | 'name' | 'createdAt' | 'sloTarget'>;
export const SLA_MONITOR_COLUMNS = { id: true, name: true, createdAt: true, sloTarget: true } as const;

/**
 * The SLA rows of some of an account's monitors over a period, in three queries whatever their
 * number: incidents overlapping the period, rollup sums of the period's hours, the account's
 * maintenance windows (their occurrences computed here). Raw checks are never read. Incidents
 * are grouped by monitor once (not filtered again for each monitor).
 */
export async function slaRows(ctx: Context, accountId: number, monitors: readonly SlaMonitor[], period: SlaPeriod): Promise<SlaRow[]> {
  if (!monitors.length) return [];
  const ids = monitors.map((m) => m.id);
  // Incidents and rollups may lag (a report); the windows come from the primary, so a window
  // created a moment ago already counts.
  const [incidents, rollups, windows] = await Promise.all([
    ctx.readDb.query(
      `SELECT monitor_id, started_at, resolved_at FROM incidents
        WHERE monitor_id = ANY($1::int[]) AND started_at < $3 AND (resolved_at IS NULL OR resolved_at > $2)`,
      [ids, period.from, period.to],
    ) as Promise<{ monitor_id: number; started_at: Date; resolved_at: Date | null }[]>,
    ctx.readDb.query(
      `SELECT monitor_id, sum(total)::bigint AS total, sum(successful)::bigint AS successful FROM monitor_rollups
        WHERE monitor_id = ANY($1::int[]) AND hour >= date_trunc('hour', $2::timestamptz) AND hour < $3
        GROUP BY monitor_id`,
      [ids, period.from, period.to],
    ) as Promise<{ monitor_id: number; total: string; successful: string }[]>,
    ctx.db.getRepository(MaintenanceWindow).findBy({ accountId }),
  ]);
  const occurrences = windows.map((w) => ({
    window: w,
    intervals: occurrencesBetween(scheduleOf(w), period.from, period.to).map((o): Interval => ({ start: o.start.getTime(), end: o.end.getTime() })),
  }));
  const checks = new Map(rollups.map((r) => [r.monitor_id, { total: Number(r.total), successful: Number(r.successful) }]));
  const incidentsOf = new Map<number, { startedAt: Date; resolvedAt: Date | null }[]>();
  for (const i of incidents) {
    const list = incidentsOf.get(i.monitor_id) ?? [];
    list.push({ startedAt: i.started_at, resolvedAt: i.resolved_at });
    incidentsOf.set(i.monitor_id, list);
  }
  const now = ctx.clock.now();
  return monitors.map((m) => ({
    monitor_id: m.id,
    monitor_name: m.name,
    report: slaReport({
      ...period,
      now,
      monitorCreatedAt: m.createdAt,
      incidents: incidentsOf.get(m.id) ?? [],
      maintenance: occurrences.filter((o) => windowCovers(o.window, { monitorId: m.id })).flatMap((o) => o.intervals),
      checks: checks.get(m.id) ?? { total: 0, successful: 0 },
      sloTarget: m.sloTarget,
    }),
  }));
}

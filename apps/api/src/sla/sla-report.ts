import type { PeriodIncidents } from '@vigil/core';
import type { SlaReport } from './sla.schema.js';
import { clipAll, coveredMs, type Interval } from './intervals.js';

export interface SlaInput {
  /** The requested period, [from, to); its part past now counts for the error budget only. */
  from: Date;
  to: Date;
  now: Date;
  /** Nothing before the monitor existed counts, nor anything after now. */
  monitorCreatedAt: Date;
  /** The monitor's incidents over its monitored part of the period (open ones run until now), summed where they are stored (monitorSlaPeriodReads). */
  incidents: PeriodIncidents;
  /** Maintenance occurrences covering the monitor that may overlap the period. */
  maintenance: readonly Interval[];
  /** Checks in the period, from the hourly rollups. */
  checks: { total: number; successful: number };
  /** e.g. 99.9; null when the monitor has no objective. */
  sloTarget: number | null;
}

export type { SlaReport };

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * An instant's ISO text, the last few kept: the reports of an account's monitors share their
 * bounds (the period's start, now), and writing the text was most of a report's time.
 */
const isoTexts = new Map<number, string>();
const MAX_ISO_TEXTS = 64;
function isoAt(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= MAX_ISO_TEXTS) isoTexts.clear();
    text = new Date(ms).toISOString();
    isoTexts.set(ms, text);
  }
  return text;
}
/** SLAs are quoted to three decimals (99.999). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100_000) / 1000 : null);

/**
 * Availability over a period, by time: downtime is the time covered by incidents (open ones run
 * until now), maintenance the time covered by maintenance occurrences; both only while the
 * monitor existed and not past now. "Excluding maintenance" takes maintenance time out of the
 * period and forgives downtime inside it. The error budget is the allowance of the whole period
 * the monitor exists in (from its creation, if later, to the period's end, even when that is
 * still ahead), less planned maintenance; what it has used is the downtime so far. So a monitor
 * created a minute ago has this month's remaining budget, not a minute's.
 */
export function slaReport(input: SlaInput): SlaReport {
  const nowMs = input.now.getTime();
  const start = Math.max(input.from.getTime(), input.monitorCreatedAt.getTime());
  const end = Math.max(start, Math.min(input.to.getTime(), nowMs));
  const monitoredMs = end - start;

  const maintenance = clipAll(input.maintenance, start, end);
  const downtimeMs = input.incidents.downtimeMs;
  const maintenanceMs = coveredMs(maintenance);
  const downOutsideMs = downtimeMs - input.incidents.inMaintenanceMs;
  const servedMs = monitoredMs - maintenanceMs;
  const mttrMs = input.incidents.mttrMs;
  const count = input.incidents.count;

  let slo: SlaReport['slo'] = null;
  if (input.sloTarget !== null) {
    const budgetEnd = Math.max(start, input.to.getTime());
    const budgetSpanMs = budgetEnd - start - coveredMs(clipAll(input.maintenance, start, budgetEnd));
    const budgetMs = (1 - input.sloTarget / 100) * budgetSpanMs;
    const remainingMs = budgetMs - downOutsideMs;
    const uptime = percent(servedMs - downOutsideMs, servedMs);
    slo = {
      target: input.sloTarget,
      met: uptime === null ? null : uptime >= input.sloTarget,
      error_budget_seconds: seconds(budgetMs),
      error_budget_used_seconds: seconds(downOutsideMs),
      error_budget_remaining_seconds: seconds(remainingMs),
      error_budget_remaining_percentage: budgetMs > 0 ? Math.round((remainingMs / budgetMs) * 100_000) / 1000 : null,
    };
  }

  return {
    period: { from: isoAt(start), to: isoAt(end), monitored_seconds: seconds(monitoredMs) },
    uptime_percentage: percent(monitoredMs - downtimeMs, monitoredMs),
    downtime_seconds: seconds(downtimeMs),
    incidents: count,
    mttr_seconds: mttrMs === null ? null : seconds(mttrMs),
    mtbf_seconds: count ? seconds((monitoredMs - downtimeMs) / count) : null,
    maintenance_seconds: seconds(maintenanceMs),
    uptime_excluding_maintenance_percentage: percent(servedMs - downOutsideMs, servedMs),
    checks: { ...input.checks, uptime_percentage: percent(input.checks.successful, input.checks.total) },
    slo,
  };
}

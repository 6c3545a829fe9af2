import type { TierLimits } from '@vigil/core';

/**
 * A plan's limits as GET /usage/limits and GET /billing/usage show them (null: unlimited).
 * Without uptime monitoring the plan has no monitors, whatever the tier's monitor count.
 */
export function planLimits(t: TierLimits) {
  return {
    requests_per_day: t.requestsPerDay,
    requests_per_minute: t.requestsPerMinute,
    concurrent_scans: t.concurrentScans,
    uptime_monitoring: t.uptimeMonitoring,
    monitors: t.uptimeMonitoring ? t.monitors : 0,
    domains: t.domains,
  };
}

/** Every limit of a plan under its API name, as GET /usage/limits and GET /pricing show them. */
export function fullPlanLimits(t: TierLimits) {
  return {
    ...planLimits(t),
    check_intervals: t.checkIntervals,
    monitoring_frequencies: t.monitoringFrequencies,
    domain_creates_per_minute: t.domainCreatesPerMinute,
    header_checks_per_day: t.headerChecksPerDay,
    status_pages: t.statusPages,
  };
}

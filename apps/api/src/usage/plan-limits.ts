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

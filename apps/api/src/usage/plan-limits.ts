import { Type, type Static } from '@sinclair/typebox';
import type { TierLimits } from '@vigil/core';
import { Nullable } from '../http/schema.js';
import { component } from '../http/components.js';

const Limit = Nullable(Type.Integer(), { description: 'null: no limit on this plan' });

const PLAN_LIMITS = {
  requests_per_day: Limit,
  requests_per_minute: Limit,
  concurrent_scans: Limit,
  uptime_monitoring: Type.Boolean(),
  monitors: Limit,
  domains: Limit,
};
export const PlanLimitsSchema = component('PlanLimits', Type.Object(PLAN_LIMITS, { description: "The plan's limits; null means unlimited" }));

export const FullPlanLimitsSchema = component('FullPlanLimits', Type.Object(
  {
    ...PLAN_LIMITS,
    check_intervals: Type.Array(Type.Integer(), { description: 'Allowed monitor check intervals, seconds' }),
    monitoring_frequencies: Type.Array(Type.String(), { description: 'Allowed domain monitoring frequencies' }),
    domain_creates_per_minute: Limit,
    header_checks_per_day: Limit,
    status_pages: Limit,
  },
  { description: "The plan's limits; null means unlimited" },
));

/**
 * A plan's limits as GET /usage/limits and GET /billing/usage show them (null: unlimited).
 * Without uptime monitoring the plan has no monitors, whatever the tier's monitor count.
 */
export function planLimits(t: TierLimits): Static<typeof PlanLimitsSchema> {
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
export function fullPlanLimits(t: TierLimits): Static<typeof FullPlanLimitsSchema> {
  return {
    ...planLimits(t),
    check_intervals: t.checkIntervals,
    monitoring_frequencies: t.monitoringFrequencies,
    domain_creates_per_minute: t.domainCreatesPerMinute,
    header_checks_per_day: t.headerChecksPerDay,
    status_pages: t.statusPages,
  };
}

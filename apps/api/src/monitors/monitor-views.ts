import { DEFAULT_REGION, type Check, type Incident, type Monitor, type RecentIncidentRow } from '@vigil/core';
import { iso } from '../http/iso.js';
import { effectiveMinFailingRegions } from './region-policy.js';
import { uptimePercent } from './uptime-math.js';
import type { WindowTotals } from './rollup-totals.js';
import { viewOf, type ListedMonitor } from './views/index.js';
import type { Static } from '@sinclair/typebox';
import type {
  CheckView,
  ConfigView,
  CreatedMonitorView,
  HeartbeatFieldsView,
  IncidentView,
  LastCheckSchema,
  ListedMonitorView,
  MonitorDetailView,
  RecentIncidentSchema,
  StatisticsSchema,
} from './monitor.schema.js';

/** 201 body of create: the seed's fields (http; other types their own), plus type. */
export function createdMonitorView(m: Monitor): Omit<CreatedMonitorView, keyof HeartbeatFieldsView> {
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    ...viewOf(m.type).created(m),
    status: m.status,
    check_interval: m.checkInterval,
    timeout: m.timeout,
    alert_threshold: m.alertThreshold,
    is_active: m.isActive,
    created_at: m.createdAt.toISOString(),
    ...regionFields(m),
  };
}

/** Every configuration field of a monitor, as the API names them (the type's own from its view). */
export function configView(m: Monitor): ConfigView {
  return {
    name: m.name,
    type: m.type,
    ...viewOf(m.type).config(m),
    check_interval: m.checkInterval,
    timeout: m.timeout,
    alert_threshold: m.alertThreshold,
    degraded_threshold_ms: m.degradedThresholdMs,
    slo_target: m.sloTarget,
    recovery_threshold: m.recoveryThreshold,
    reminder_interval_minutes: m.reminderIntervalMinutes,
    escalation: m.escalation,
    is_active: m.isActive,
    ...regionFields(m),
  };
}

/**
 * Whether a monitor is placed anywhere but the lone default region. Only then does its detail
 * carry per-region statistics (one region's would repeat the monitor's own).
 */
export function isMultiRegion(m: Pick<Monitor, 'regions'>): boolean {
  return !(m.regions.length === 1 && m.regions[0] === DEFAULT_REGION);
}

/** `regions` and the effective `min_failing_regions`: every monitor answers them, one region or many. */
export function regionFields(m: Pick<Monitor, 'regions' | 'minFailingRegions'>) {
  return { regions: m.regions, min_failing_regions: effectiveMinFailingRegions(m) };
}

/** List view: configuration summary, last check timestamp and response time, uptime of the three windows. */
export function listMonitorView(m: ListedMonitor, totals: WindowTotals, inMaintenance: boolean): ListedMonitorView {
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    ...viewOf(m.type).list(m),
    status: m.status,
    check_interval: m.checkInterval,
    timeout: m.timeout,
    is_active: m.isActive,
    last_check: iso(m.lastCheckedAt),
    last_response_time_ms: m.lastResponseTimeMs,
    uptime_24h: uptimePercent(totals['24h'].successful, totals['24h'].total),
    uptime_7d: uptimePercent(totals['7d'].successful, totals['7d'].total),
    uptime_30d: uptimePercent(totals['30d'].successful, totals['30d'].total),
    in_maintenance: inMaintenance,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

/** The detail view's last_check object; null before the first check. */
export function lastCheckView(m: Monitor): Static<typeof LastCheckSchema> {
  if (!m.lastCheckedAt) return null;
  return {
    timestamp: m.lastCheckedAt.toISOString(),
    status: m.lastCheckStatus,
    response_time_ms: m.lastResponseTimeMs,
    status_code: m.lastStatusCode,
  };
}

export function recentIncidentView(i: RecentIncidentRow): Static<typeof RecentIncidentSchema> {
  return {
    id: i.id,
    started_at: i.startedAt.toISOString(),
    resolved_at: iso(i.resolvedAt),
    duration_seconds: i.durationSeconds,
    cause: i.cause,
  };
}

export function detailMonitorView(m: Monitor, statistics: Static<typeof StatisticsSchema>, incidents: RecentIncidentRow[], inMaintenance: boolean): Omit<MonitorDetailView, keyof HeartbeatFieldsView> {
  return {
    id: m.id,
    ...configView(m),
    status: m.status,
    in_maintenance: inMaintenance,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    paused_at: iso(m.pausedAt),
    resumed_at: iso(m.resumedAt),
    last_check: lastCheckView(m),
    statistics,
    recent_incidents: incidents.map(recentIncidentView),
  };
}

/**
 * The seed's Check record; `error` only on failures. Added by monitor types: `timings` (http:
 * where the time went), `certificate_expires_at` (https, tcp+TLS) and `details` (dns: answers
 * and server), each null when not applicable. `region`: whose checker made it (every check);
 * `ping_body` (heartbeat: the body a failure ping sent) only when there is one.
 */
export function checkView(
  c: Pick<Check, 'checkedAt' | 'status' | 'responseTimeMs' | 'statusCode' | 'error' | 'inMaintenance' | 'timings' | 'certificateExpiresAt' | 'details' | 'region'> & { pingBody?: string | null },
): CheckView {
  return {
    timestamp: c.checkedAt.toISOString(),
    status: c.status,
    response_time_ms: c.responseTimeMs,
    status_code: c.statusCode,
    ...(c.status === 'failure' ? { error: c.error ?? 'Check failed' } : {}),
    in_maintenance: c.inMaintenance,
    timings: c.timings ?? null,
    certificate_expires_at: iso(c.certificateExpiresAt ?? null),
    details: c.details ?? null,
    region: c.region,
    // Heartbeat monitors: the body a failure ping sent.
    ...(c.pingBody ? { ping_body: c.pingBody } : {}),
  };
}

export function incidentView(i: Incident): IncidentView {
  return {
    id: i.id,
    status: i.status,
    started_at: i.startedAt.toISOString(),
    resolved_at: iso(i.resolvedAt),
    duration_seconds: i.durationSeconds,
    cause: i.cause,
    // Only incidents opened by a multi-region round name regions.
    ...(i.regions.length ? { regions: i.regions } : {}),
    affected_checks: i.affectedChecks,
    acknowledged_at: iso(i.acknowledgedAt),
    acknowledged_by: i.acknowledgedBy,
    // Entries recorded before alert policies carry no kind: they were first alerts.
    alerts_sent: (i.alertsSent ?? []).map((a) => ({ ...a, kind: a.kind ?? 'alert' })),
  };
}

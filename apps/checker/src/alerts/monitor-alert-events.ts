import { incidentFacts, type AlertEventPayload, type AlertIncident, type AlertRepeat, type CheckFacts, type MaybeIncidentFacts, type MonitorStatus } from '@vigil/core';
import type { MonitorAlertEvent } from '../state/monitor-state-machine.js';

export interface AlertMonitor {
  id: number;
  accountId: number;
  name: string;
  url: string;
  degradedThresholdMs: number;
}

export interface AlertCheck {
  /** checks.id, for the event id of degraded alerts. */
  id: string;
  checkedAt: Date;
  responseTimeMs: number | null;
  statusCode: number | null;
  error: string | null;
}

/**
 * The event id of a monitor alert. Deterministic, so enqueueing the same event twice (a job
 * delivered twice, a retry after a crash) collapses into one job, and the notifier's fan-out
 * makes at most one delivery per integration and event id. No ':' (BullMQ job ids).
 */
export function monitorAlertEventId(event: MonitorAlertEvent, monitorId: number, incidentId: number | null, checkId: string): string {
  switch (event) {
    case 'monitor.down':
      return `incident-${incidentId}-down`;
    case 'monitor.up':
      return `incident-${incidentId}-up`;
    case 'monitor.degraded':
      return `monitor-${monitorId}-degraded-${checkId}`;
  }
}

/** The event id of a reminder or escalation step: one per incident and number, so reruns collapse. */
export function repeatAlertEventId(incidentId: number, repeat: AlertRepeat): string {
  return repeat.kind === 'reminder' ? `incident-${incidentId}-reminder-${repeat.number}` : `incident-${incidentId}-escalation-${repeat.step}`;
}

/**
 * A repeat of an open incident's down alert (a reminder or an escalation step): event
 * monitor.down, the incident's facts, and what kind of repeat it is (`alert_kind`, `reminder`
 * or `escalation_step`), so receivers can tell it from the first alert.
 */
export function repeatAlertEvent(
  monitor: AlertMonitor,
  status: MonitorStatus,
  incident: AlertIncident,
  repeat: AlertRepeat,
  at: Date,
): AlertEventPayload {
  return {
    eventId: repeatAlertEventId(incident.id, repeat),
    accountId: monitor.accountId,
    event: 'monitor.down',
    createdAt: at.toISOString(),
    monitorId: monitor.id,
    incidentId: incident.id,
    repeat,
    data: {
      monitor: { id: monitor.id, name: monitor.name, url: monitor.url, status },
      ...incidentFacts(incident),
      resolved_at: null,
      duration_seconds: null,
      ...repeatFields(repeat),
    },
  };
}

function repeatFields(repeat: AlertRepeat): { alert_kind: 'reminder'; reminder: number } | { alert_kind: 'escalation'; escalation_step: number } {
  return repeat.kind === 'reminder' ? { alert_kind: 'reminder', reminder: repeat.number } : { alert_kind: 'escalation', escalation_step: repeat.step };
}

/** The typed AlertEvent job payload of a monitor event (what the notifier renders). */
export function monitorAlertEvent(
  event: MonitorAlertEvent,
  monitor: AlertMonitor,
  status: MonitorStatus,
  check: AlertCheck,
  incident: AlertIncident | null,
): AlertEventPayload {
  const incidentPart: MaybeIncidentFacts = incident ? incidentFacts(incident) : {};
  const facts: CheckFacts & MaybeIncidentFacts = {
    monitor: { id: monitor.id, name: monitor.name, url: monitor.url, status },
    checked_at: check.checkedAt.toISOString(),
    status_code: check.statusCode,
    ...incidentPart,
  };
  const meta = {
    eventId: monitorAlertEventId(event, monitor.id, incident?.id ?? null, check.id),
    accountId: monitor.accountId,
    createdAt: check.checkedAt.toISOString(),
    monitorId: monitor.id,
    ...(incident ? { incidentId: incident.id } : {}),
  };
  switch (event) {
    case 'monitor.degraded':
      return { ...meta, event, data: { ...facts, response_time_ms: check.responseTimeMs, degraded_threshold_ms: monitor.degradedThresholdMs } };
    case 'monitor.up':
      return { ...meta, event, data: { ...facts, response_time_ms: check.responseTimeMs } };
    case 'monitor.down':
      return { ...meta, event, data: { ...facts, error: check.error } };
  }
}

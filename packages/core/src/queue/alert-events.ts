import type { GradeReason } from '../domains/grade-diff.js';
import type { MonitorStatus } from '../db/entities/monitor.entity.js';
import type { HeaderGrade } from '../headers/header-report.js';
import type { AlertEventName, AlertRepeat } from './job-payloads.js';

/**
 * The `data` of every alert event, keyed by event name: the one contract producers (checker,
 * scans, header checks, the API's test event) build and the notifier's renderers read, and
 * what webhook receivers get (docs/webhooks.md).
 */

export interface MonitorRef {
  id: number;
  name: string;
  url: string;
  status: MonitorStatus;
}

/** The incident a monitor event belongs to. */
export interface IncidentFacts {
  incident_id: number;
  cause: string;
  started_at: string;
  resolved_at: string | null;
  duration_seconds: number | null;
  affected_checks: number;
}

/** An incident as alert events describe it (the Incident entity has these fields and more). */
export interface AlertIncident {
  id: number;
  cause: string;
  startedAt: Date;
  resolvedAt: Date | null;
  durationSeconds: number | null;
  affectedChecks: number;
}

/** The incident's fields of an alert event's data (monitor events and acknowledgements alike). */
export function incidentFacts(incident: AlertIncident): IncidentFacts {
  return {
    incident_id: incident.id,
    cause: incident.cause,
    started_at: incident.startedAt.toISOString(),
    resolved_at: incident.resolvedAt?.toISOString() ?? null,
    duration_seconds: incident.durationSeconds,
    affected_checks: incident.affectedChecks,
  };
}

/** Either all incident fields or none (a monitor event outside an incident). */
export type MaybeIncidentFacts = IncidentFacts | { [K in keyof IncidentFacts]?: never };

/** The check that raised a monitor event. */
export interface CheckFacts {
  monitor: MonitorRef;
  checked_at: string;
  status_code: number | null;
}

export type MonitorDownCheckData = CheckFacts & MaybeIncidentFacts & { error: string | null };

/** A reminder or escalation step of an open incident's down alert (alert policies). */
export type MonitorDownRepeatData = { monitor: MonitorRef } & IncidentFacts & { resolved_at: null; duration_seconds: null } & (
    | { alert_kind: 'reminder'; reminder: number }
    | { alert_kind: 'escalation'; escalation_step: number }
  );

export type MonitorDownData = MonitorDownCheckData | MonitorDownRepeatData;
export type MonitorUpData = CheckFacts & MaybeIncidentFacts & { response_time_ms: number | null };
export type MonitorDegradedData = CheckFacts & MaybeIncidentFacts & { response_time_ms: number | null; degraded_threshold_ms: number };

/** Where an acknowledgement came from: the API (a key's name) or an on-call tool's callback. */
export type AcknowledgementSource = 'api' | 'pagerduty' | 'opsgenie';

/** An open incident was acknowledged (in Vigil, or in PagerDuty or Opsgenie): on-call tools follow it. */
export type IncidentAcknowledgedData = { monitor: MonitorRef } & IncidentFacts & {
  acknowledged_at: string;
  /** The API key's name, or the on-call tool's user (name or email). */
  acknowledged_by: string;
  acknowledged_via: AcknowledgementSource;
};

export interface CertificateEventData {
  domain_id: number;
  hostname: string;
  port: number;
  threshold_days: number;
  days_until_expiry: number;
  valid_to: string;
  fingerprint_sha256: string;
  subject: string;
  issuer: string;
  alert_days_before_expiry: number;
  scan_id: number;
}

export interface DomainGradeChangedData {
  domain_id: number;
  hostname: string;
  port: number;
  previous_grade: string;
  previous_score: number | null;
  grade: string | null;
  score: number | null;
  reasons: GradeReason[];
  scan_id: number;
  scan_url: string;
}

export interface HeadersGradeChangedData {
  domain_id: number;
  hostname: string;
  port: number;
  url: string;
  previous_grade: string;
  previous_score: number | null;
  grade: HeaderGrade;
  score: number;
  reasons: GradeReason[];
  header_check_id: number;
  header_checks_url: string;
}

export interface ScanCompletedData {
  scan_id: number;
  domain_id: number | null;
  hostname: string;
  port: number;
  status: 'completed' | 'failed';
  grade: string | null;
  score: number | null;
  error: string | null;
  duration_ms: number | null;
  scan_url: string;
}

/** A verified DNS claim whose TXT record stayed missing through the grace period: set back to pending. */
export interface DomainVerificationLapsedData {
  verification_id: number;
  hostname: string;
  record_name: string;
  record_value: string;
  verified_at: string | null;
  missing_since: string;
  grace_days: number;
  /** Custom hostnames of the account's status pages that no verification covers any more: taken off their pages. */
  released_custom_hostnames: string[];
  verification_url: string;
}

/** A private location (docs/agents.md). */
export interface LocationRef {
  id: number;
  name: string;
}

/** No agent of a private location has polled for `offline_after_seconds`: sent once per silence. */
export interface LocationOfflineData {
  location: LocationRef;
  /** The last poll of any of its agents: when the location went silent. */
  last_poll: string;
  offline_after_seconds: number;
  location_url: string;
}

/** An agent of a location that was reported offline polls again: ends the silence `location.offline` reported. */
export interface LocationOnlineData {
  location: LocationRef;
  /** The last poll before the silence (the `last_poll` of its `location.offline`). */
  offline_since: string;
  /** The newest poll seen, which ended the silence. */
  last_poll: string;
  /** From `offline_since` to `last_poll`. */
  offline_seconds: number;
  location_url: string;
}

export interface TestEventData {
  message: string;
  integration: { id: number; name: string; type: string };
}

export interface AlertEventDataMap {
  'monitor.down': MonitorDownData;
  'monitor.up': MonitorUpData;
  'monitor.degraded': MonitorDegradedData;
  'incident.acknowledged': IncidentAcknowledgedData;
  'certificate.expiring': CertificateEventData;
  'certificate.expired': CertificateEventData;
  'domain.grade_changed': DomainGradeChangedData;
  'headers.grade_changed': HeadersGradeChangedData;
  'scan.completed': ScanCompletedData;
  'domain.verification_lapsed': DomainVerificationLapsedData;
  'location.offline': LocationOfflineData;
  'location.online': LocationOnlineData;
  test: TestEventData;
}

export interface AlertEventMeta {
  /** Unique per event: fan-out creates at most one delivery per integration and event id. */
  eventId: string;
  accountId: number;
  createdAt: string;
  monitorId?: number;
  domainId?: number;
  incidentId?: number;
  /** Set on reminders and escalations; absent on first alerts. */
  repeat?: AlertRepeat;
}

/** The AlertEvent job payload of events E, one member per event; AlertEventPayload is the union over every event. */
export type AlertEventPayloadOf<E extends AlertEventName> = { [K in E]: AlertEventMeta & { event: K; data: AlertEventDataMap[K] } }[E];
export type AlertEventPayload = AlertEventPayloadOf<AlertEventName>;

/** What the notifier adds to an event's data: the domain as it is now, when the event names one. */
export interface DomainRef {
  id: number;
  hostname: string;
  port: number;
}

/** The ids fan-out adds to `data` (the monitor's for monitor events), and the domain it found. */
export interface AlertSubjectRefs {
  monitor_id?: number;
  domain?: DomainRef;
}

export type AlertEnvelopeData<E extends AlertEventName> = AlertEventDataMap[E] & AlertSubjectRefs;

interface AlertEnvelopeFields<E extends AlertEventName> {
  id: string;
  event: E;
  created_at: string;
  data: AlertEnvelopeData<E>;
}

/**
 * What a receiver gets for events E, one member per event: the webhook body, and what chat and
 * email messages are rendered from. AlertEnvelope is the union over every event.
 */
export type AlertEnvelopeOf<E extends AlertEventName> = { [K in E]: AlertEnvelopeFields<K> }[E];
export type AlertEnvelope = AlertEnvelopeOf<AlertEventName>;

/** An event's envelope, with `refs` added to its data; generic so each event stays paired with its data. */
export function alertEnvelope<E extends AlertEventName>(p: AlertEventPayloadOf<E>, refs: AlertSubjectRefs): AlertEnvelopeOf<E> {
  return { id: p.eventId, event: p.event, created_at: p.createdAt, data: { ...p.data, ...refs } };
}

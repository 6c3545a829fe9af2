import type { HeaderCheckJobResult } from '../headers/header-check-result.js';
import type { WhatIfHeaderReport } from '../headers/header-report.js';
import type { CheckDetails } from '../monitors/monitor-types.js';
import type { AlertEventPayload } from './alert-events.js';

// Kept here too: the AlertEvent job's payload is one of the job payloads.
export type { AlertEventPayload } from './alert-events.js';
import { type JobName } from './queue-names.js';

/** Alert event names (decisions §4 "Integrations and events"). */
export const ALERT_EVENTS = [
  'monitor.down',
  'monitor.up',
  'monitor.degraded',
  'incident.acknowledged',
  'certificate.expiring',
  'certificate.expired',
  'domain.grade_changed',
  'headers.grade_changed',
  'scan.completed',
  'domain.verification_lapsed',
  'location.offline',
  'location.online',
  'test',
] as const;
export type AlertEventName = (typeof ALERT_EVENTS)[number];

export interface MonitorCheckPayload {
  monitorId: number;
  /** Set for a manual check: the API waits for this job's result. */
  manual?: boolean;
}

/**
 * A bucket of periodic work: the rows of one slot of one interval (scheduling/interval-buckets.ts),
 * monitors to check (MonitorBucket) or domains to rescan (DomainBucket).
 */
export interface BucketPayload {
  everyMs: number;
  slot: number;
}

/** Milliseconds of each phase of an http check (null: the phase did not happen, e.g. no TLS, a reused connection). */
export interface CheckTimings {
  dns: number | null;
  connect: number | null;
  tls: number | null;
  first_byte: number | null;
  download: number | null;
}

/** The phases of CheckTimings, in the order the API shows them (monitor_rollups sums each). */
export const CHECK_TIMING_PHASES = ['dns', 'connect', 'tls', 'first_byte', 'download'] as const satisfies readonly (keyof CheckTimings)[];

/**
 * The check record a MonitorCheck job returns (the seed's Check record). The optional fields
 * are additions of monitor types; absent means not applicable.
 */
export interface CheckResult {
  timestamp: string;
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error?: string;
  timings?: CheckTimings;
  certificate_expires_at?: string;
  details?: CheckDetails;
}

/**
 * A round's deadline (decisions: Regions and quorum): judge the round of `monitorId` whose
 * checks carry `jobKey` with the regions that answered, unless it was judged already.
 */
export interface JudgeRoundPayload {
  monitorId: number;
  jobKey: string;
}

export interface TlsScanPayload {
  scanId: number;
}

/** A scheduled rescan of a monitored domain; the handler creates the scan row. */
export interface DomainScanPayload {
  domainId: number;
}

export interface HeaderCheckPayload {
  /** The URL to fetch first, already normalised by the API. */
  url: string;
}

/** Why an alert goes out: the event itself, a reminder of an open incident, or an escalation step. */
export const ALERT_KINDS = ['alert', 'reminder', 'escalation'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A repeat of an incident's down alert (alert policies). A reminder goes to the integrations the
 * event selects as usual; an escalation step goes to exactly `integrationIds` (of the account,
 * active), whatever their event and monitor filters.
 */
export type AlertRepeat = { kind: 'reminder'; number: number } | { kind: 'escalation'; step: number; integrationIds: number[] };

/** What-if grading (POST /headers/grade): headers as a site would send them; nothing is fetched. */
export interface HeaderGradePayload {
  /** Header name to value; an array stands for a header sent several times. */
  headers: Record<string, string | string[]>;
  /** Whether the response would come over https. */
  https: boolean;
  /** summary.site, and whose registrable domain counts as "same site" for Subresource Integrity. */
  site: string;
  /** The page's HTML, for the Subresource Integrity test (none: no scripts). */
  html: string | null;
}


export interface AlertDeliveryPayload {
  deliveryId: number;
  /**
   * A redelivery (POST .../deliveries/{id}/redeliver): run exactly this attempt, once, even
   * when the delivery succeeded before. Absent: BullMQ's attempt number, with retries.
   */
  attempt?: number;
}

/** A ping to a heartbeat monitor's ping URL, accepted by the API and judged by the checker. */
export interface HeartbeatPingPayload {
  /** Unique per ping (also the job id): a job delivered twice records one check. */
  pingId: string;
  monitorId: number;
  kind: 'start' | 'success' | 'failure';
  /** The exit-code form's code (non-zero: a failure ping); null for the other forms. */
  exitCode: number | null;
  /** When the API received it, by its clock (ISO 8601). */
  receivedAt: string;
  /** A failure ping's request body as text, already cut to HEARTBEAT_BODY_MAX_BYTES; null otherwise. */
  body: string | null;
}

/**
 * Pings accepted together (one API process, one event-loop turn): one job instead of one each,
 * so the queue's cost (a job's moves through BullMQ's states, a few Redis scripts) is paid once
 * per batch. Each ping keeps its own id: a batch delivered again records no ping twice.
 */
export interface HeartbeatPingsPayload {
  pings: HeartbeatPingPayload[];
}

/** Pings per HeartbeatPings job at most (the checker records up to this many in one transaction). */
export const HEARTBEAT_PINGS_PER_JOB = 100;

export type EmptyPayload = Record<string, never>;

/**
 * A result an agent posted for a lease (docs/agents.md): the monitor and run come from the lease
 * record, the region is the name of the location the agent's key belongs to, never the agent's word.
 */
export interface RecordAgentCheckPayload {
  monitorId: number;
  runKey: string;
  region: string;
  result: CheckResult;
}

export interface GenerateInvoicesPayload {
  /** YYYY-MM of the period to invoice; defaults to the month that just ended. */
  period?: string;
}

/** The one payload type of every job name. */
export interface JobPayloads {
  [JobName.MonitorCheck]: MonitorCheckPayload;
  [JobName.MonitorBucket]: BucketPayload;
  [JobName.ReconcileMonitorSchedules]: EmptyPayload;
  [JobName.PruneChecks]: EmptyPayload;
  [JobName.PruneScans]: EmptyPayload;
  [JobName.PruneAlertDeliveries]: EmptyPayload;
  [JobName.PruneHeaderChecks]: EmptyPayload;
  [JobName.PruneAuditLog]: EmptyPayload;
  [JobName.ReverifyDomains]: EmptyPayload;
  [JobName.EnsureCheckPartitions]: EmptyPayload;
  [JobName.TlsScan]: TlsScanPayload;
  [JobName.DomainScan]: DomainScanPayload;
  [JobName.DomainBucket]: BucketPayload;
  [JobName.ReconcileDomainSchedules]: EmptyPayload;
  [JobName.HeaderCheck]: HeaderCheckPayload;
  [JobName.HeaderGrade]: HeaderGradePayload;
  [JobName.AlertEvent]: AlertEventPayload;
  [JobName.AlertDelivery]: AlertDeliveryPayload;
  [JobName.GenerateInvoices]: GenerateInvoicesPayload;
  [JobName.SendIncidentRepeats]: EmptyPayload;
  [JobName.JudgeRound]: JudgeRoundPayload;
  [JobName.HeartbeatPing]: HeartbeatPingPayload;
  [JobName.HeartbeatPings]: HeartbeatPingsPayload;
  [JobName.SweepHeartbeats]: EmptyPayload;
  [JobName.RecordAgentCheck]: RecordAgentCheckPayload;
  [JobName.SweepLocationPresence]: EmptyPayload;
}

/** What each job returns (what a waiting API request receives). */
export interface JobResults {
  [JobName.MonitorCheck]: CheckResult | null;
  /** The bucket's monitors checked, those skipped (paused, in maintenance, no longer its members...) and those whose check failed. */
  [JobName.MonitorBucket]: { checked: number; skipped: number; failed: number };
  [JobName.ReconcileMonitorSchedules]: { added: number; removed: number };
  /** Daily partitions dropped whole, rows deleted from the default partition, and judged rounds (multi-region monitors) deleted. */
  [JobName.PruneChecks]: { droppedPartitions: string[]; deleted: number; rounds: number; regionHours: number };
  [JobName.PruneScans]: { deleted: number };
  [JobName.PruneAlertDeliveries]: { deleted: number };
  [JobName.PruneHeaderChecks]: { deleted: number };
  /** Entries deleted per tier. */
  [JobName.PruneAuditLog]: { deleted: Record<string, number> };
  /** Verified DNS claims whose TXT record was found, found missing (still in grace), set back to pending, and not told (DNS did not answer). */
  [JobName.ReverifyDomains]: { confirmed: number; missing: number; lapsed: number; unknown: number };
  [JobName.EnsureCheckPartitions]: { created: string[] };
  [JobName.TlsScan]: void;
  [JobName.DomainScan]: void;
  /** The bucket's domains whose rescan was queued (each once per due time), and members left out (of another frequency). */
  [JobName.DomainBucket]: { queued: number; skipped: number };
  [JobName.ReconcileDomainSchedules]: { added: number; removed: number };
  [JobName.HeaderCheck]: HeaderCheckJobResult;
  [JobName.HeaderGrade]: WhatIfHeaderReport;
  [JobName.AlertEvent]: { deliveries: number };
  [JobName.AlertDelivery]: void;
  [JobName.GenerateInvoices]: { invoices: number };
  [JobName.SendIncidentRepeats]: { reminders: number; escalations: number };
  /** Whether this run judged the round (false: judged already, or nothing answered). */
  [JobName.JudgeRound]: { judged: boolean };
  /** Whether the ping changed anything (a duplicate delivery, a paused or deleted monitor: no). */
  [JobName.HeartbeatPing]: { recorded: boolean };
  /** How many of the batch's pings changed something (as HeartbeatPing's `recorded`, counted). */
  [JobName.HeartbeatPings]: { recorded: number };
  /** Heartbeat monitors looked at, and failure checks recorded (missed deadlines, too-slow runs). */
  [JobName.SweepHeartbeats]: { monitors: number; checks: number };
  /** Whether the check was written now (false: the monitor is gone or no longer at the location, or the run was recorded already). */
  [JobName.RecordAgentCheck]: { recorded: boolean };
  /** Private locations looked at, and `location.offline` / `location.online` events written. */
  [JobName.SweepLocationPresence]: { locations: number; offline: number; online: number };
}

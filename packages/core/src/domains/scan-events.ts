import type { AlertEventPayload, ScanCompletedData } from '../queue/alert-events.js';
import type { ExpiryNotice } from './expiry.js';
import type { GradeReason } from './grade-diff.js';

/**
 * Alert events of scans. Event ids are deterministic (no ':', BullMQ job ids), so a scan
 * finished twice (a redelivered job) enqueues the same ids and the queue keeps one of each.
 */

/**
 * A finished scan: the facts are the scan.completed event's data (ScanCompletedData, one shape
 * for both), with the account and the finish time the event carries beside them.
 */
export interface ScanEventFacts {
  accountId: number;
  finishedAt: Date;
  scan: ScanCompletedData;
}

export function scanCompletedEvent(f: ScanEventFacts): AlertEventPayload {
  return {
    eventId: `scan-completed-${f.scan.scan_id}`,
    accountId: f.accountId,
    event: 'scan.completed',
    createdAt: f.finishedAt.toISOString(),
    ...(f.scan.domain_id !== null ? { domainId: f.scan.domain_id } : {}),
    data: f.scan,
  };
}

/** `domainId`: the scan's domain (a scan of a monitored domain). */
export function gradeChangedEvent(
  f: ScanEventFacts & { domainId: number },
  previous: { grade: string; score: number | null },
  reasons: GradeReason[],
): AlertEventPayload {
  const { scan } = f;
  return {
    eventId: `domain-grade-changed-${scan.scan_id}`,
    accountId: f.accountId,
    event: 'domain.grade_changed',
    createdAt: f.finishedAt.toISOString(),
    domainId: f.domainId,
    data: {
      domain_id: f.domainId,
      hostname: scan.hostname,
      port: scan.port,
      previous_grade: previous.grade,
      previous_score: previous.score,
      grade: scan.grade,
      score: scan.score,
      reasons,
      scan_id: scan.scan_id,
      scan_url: scan.scan_url,
    },
  };
}

export interface CertificateFacts {
  fingerprintSha256: string;
  validTo: Date;
  subject: string;
  issuer: string;
  daysUntilExpiry: number;
  alertDaysBeforeExpiry: number;
}

export function certificateExpiryEvent(
  f: Pick<ScanEventFacts, 'accountId' | 'finishedAt'> & { scan: Pick<ScanCompletedData, 'scan_id' | 'hostname' | 'port'>; domainId: number },
  cert: CertificateFacts,
  notice: ExpiryNotice,
): AlertEventPayload {
  const kind = notice.event === 'certificate.expired' ? 'expired' : 'expiring';
  return {
    eventId: `certificate-${kind}-${f.domainId}-${cert.fingerprintSha256}-${notice.threshold}`,
    accountId: f.accountId,
    event: notice.event,
    createdAt: f.finishedAt.toISOString(),
    domainId: f.domainId,
    data: {
      domain_id: f.domainId,
      hostname: f.scan.hostname,
      port: f.scan.port,
      threshold_days: notice.threshold,
      days_until_expiry: cert.daysUntilExpiry,
      valid_to: cert.validTo.toISOString(),
      fingerprint_sha256: cert.fingerprintSha256,
      subject: cert.subject,
      issuer: cert.issuer,
      alert_days_before_expiry: cert.alertDaysBeforeExpiry,
      scan_id: f.scan.scan_id,
    },
  };
}

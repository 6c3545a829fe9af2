import type { AlertEventPayload } from '../queue/alert-events.js';
import type { ExpiryNotice } from './expiry.js';
import type { GradeReason } from './grade-diff.js';

/**
 * Alert events of scans. Event ids are deterministic (no ':', BullMQ job ids), so a scan
 * finished twice (a redelivered job) enqueues the same ids and the queue keeps one of each.
 */

export interface ScanEventFacts {
  scanId: number;
  accountId: number;
  domainId: number | null;
  hostname: string;
  port: number;
  status: 'completed' | 'failed';
  grade: string | null;
  score: number | null;
  error: string | null;
  durationMs: number | null;
  finishedAt: Date;
  /** Where the client reads the scan (VIGIL_BASE_URL + /api/v1/scans/{id}). */
  scanUrl: string;
}

export function scanCompletedEvent(f: ScanEventFacts): AlertEventPayload {
  return {
    eventId: `scan-completed-${f.scanId}`,
    accountId: f.accountId,
    event: 'scan.completed',
    createdAt: f.finishedAt.toISOString(),
    ...(f.domainId !== null ? { domainId: f.domainId } : {}),
    data: {
      scan_id: f.scanId,
      domain_id: f.domainId,
      hostname: f.hostname,
      port: f.port,
      status: f.status,
      grade: f.grade,
      score: f.score,
      error: f.error,
      duration_ms: f.durationMs,
      scan_url: f.scanUrl,
    },
  };
}

export function gradeChangedEvent(
  f: ScanEventFacts & { domainId: number },
  previous: { grade: string; score: number | null },
  reasons: GradeReason[],
): AlertEventPayload {
  return {
    eventId: `domain-grade-changed-${f.scanId}`,
    accountId: f.accountId,
    event: 'domain.grade_changed',
    createdAt: f.finishedAt.toISOString(),
    domainId: f.domainId,
    data: {
      domain_id: f.domainId,
      hostname: f.hostname,
      port: f.port,
      previous_grade: previous.grade,
      previous_score: previous.score,
      grade: f.grade,
      score: f.score,
      reasons,
      scan_id: f.scanId,
      scan_url: f.scanUrl,
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
  f: Pick<ScanEventFacts, 'scanId' | 'accountId' | 'hostname' | 'port' | 'finishedAt'> & { domainId: number },
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
      hostname: f.hostname,
      port: f.port,
      threshold_days: notice.threshold,
      days_until_expiry: cert.daysUntilExpiry,
      valid_to: cert.validTo.toISOString(),
      fingerprint_sha256: cert.fingerprintSha256,
      subject: cert.subject,
      issuer: cert.issuer,
      alert_days_before_expiry: cert.alertDaysBeforeExpiry,
      scan_id: f.scanId,
    },
  };
}

import type { EntityManager } from 'typeorm';
import { Scan } from '../db/entities/scan.entity.js';
import type { AlertEventPayload, ScanCompletedData } from '../queue/alert-events.js';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import type { Context } from '../runtime/context.js';
import { daysUntilExpiry, expiryNotice, reachedThresholds } from './expiry.js';
import { tlsGradeReasons, type TlsDiffable } from './grade-diff.js';
import type { TlsScanReport } from './tls-scan-report.js';
import { certificateExpiryEvent, gradeChangedEvent, scanCompletedEvent, type ScanEventFacts } from './scan-events.js';
import { storableJson } from './storable-json.js';
import {
  claimCertificateNotices,
  completeScanRow,
  failScanRow,
  lockDomainScanFacts,
  previousCompletedReport,
  setDomainScanCompleted,
  setDomainScanFailed,
  startScanRow,
  type DomainScanFacts,
} from './scan-store.js';

/** What the scan lifecycle reads from a stored report (TlsScanReport has these and more). */
export interface ScanReportLike extends TlsDiffable {
  grade: string;
  score: number;
  certificate: {
    issuer: string;
    subject: string;
    valid_from: string;
    valid_to: string;
    serial_number: string;
    fingerprint_sha256: string;
  } | null;
}

type ScanContext = Pick<Context, 'db' | 'config'>;

/**
 * Moves a queued scan to running (a redelivered running scan starts again). Null when the scan
 * is gone (its domain was deleted) or already finished: nothing to do.
 */
export async function markScanRunning(db: EntityManager, scanId: number, now: Date): Promise<Scan | null> {
  if (!(await startScanRow(db, scanId, now))) return null;
  return db.getRepository(Scan).findOneBy({ id: scanId });
}

function facts(ctx: ScanContext, scan: Scan, outcome: Pick<ScanCompletedData, 'status' | 'grade' | 'score' | 'error'>, finishedAt: Date): ScanEventFacts {
  return {
    accountId: scan.accountId,
    finishedAt,
    scan: {
      scan_id: scan.id,
      domain_id: scan.domainId,
      hostname: scan.hostname,
      port: scan.port,
      ...outcome,
      duration_ms: durationOf(scan, finishedAt),
      scan_url: `${ctx.config.baseUrl}/api/v1/scans/${scan.id}`,
    },
  };
}

function durationOf(scan: Scan, finishedAt: Date): number {
  return Math.max(0, finishedAt.getTime() - (scan.startedAt ?? scan.createdAt).getTime());
}


/**
 * Stores a finished scan's report and grade, brings its domain up to date (grade, score,
 * certificate, last scan) unless a newer scan already did, and writes the events to the outbox
 * (one transaction: a failed commit sends nothing; the outbox relay enqueues them after it):
 * scan.completed always; domain.grade_changed when a previous grade changed; certificate.
 * expiring / expired when a threshold was newly reached for this certificate. Grade and
 * expiry events go out only when the domain's notifications are enabled.
 * Strings PostgreSQL cannot store (NUL, unpaired surrogates from a hostile certificate) are
 * stored as U+FFFD. Returns the events written (empty when the scan was gone or already finished).
 */
export async function completeScan(ctx: ScanContext, scan: Scan, received: TlsScanReport, finishedAt: Date): Promise<AlertEventPayload[]> {
  const report = storableJson(received);
  return ctx.db.transaction(async (m) => {
    // The domain's row is locked before the scan's, the order a domain delete takes them (the
    // domain, then its scans by cascade): the opposite order deadlocked with a concurrent delete.
    const domain = scan.domainId === null ? null : await lockDomainScanFacts(m, scan.domainId);
    if (scan.domainId !== null && !domain) return [];
    const durationMs = durationOf(scan, finishedAt);
    const stored = await completeScanRow(m, scan.id, { grade: report.grade, score: report.score, reportJson: JSON.stringify(report), finishedAt, durationMs });
    if (!stored) return [];
    const f = facts(ctx, scan, { status: 'completed', grade: report.grade, score: report.score, error: null }, finishedAt);
    const events: AlertEventPayload[] = [scanCompletedEvent(f)];
    if (domain) events.push(...(await updateDomain(m, { ...f, domainId: domain.id }, domain, report)));
    await writeOutbox(m, events.map(alertOutboxMessage));
    return events;
  });
}

async function updateDomain(m: EntityManager, f: ScanEventFacts & { domainId: number }, domain: DomainScanFacts, report: ScanReportLike): Promise<AlertEventPayload[]> {
  // A newer scan finished first: its facts stay.
  if (domain.last_scan_id !== null && domain.last_scan_id > f.scan.scan_id) return [];
  const cert = report.certificate;
  await setDomainScanCompleted(m, domain.id, {
    id: f.scan.scan_id,
    grade: report.grade,
    score: report.score,
    finishedAt: f.finishedAt,
    certificate: cert && {
      issuer: cert.issuer,
      subject: cert.subject,
      validFrom: new Date(cert.valid_from),
      validTo: new Date(cert.valid_to),
      serialNumber: cert.serial_number,
      fingerprintSha256: cert.fingerprint_sha256,
    },
  });
  if (!domain.notifications_enabled) return [];
  const events: AlertEventPayload[] = [];
  if (domain.ssl_grade !== null && domain.ssl_grade !== report.grade) {
    const reasons = tlsGradeReasons((await previousCompletedReport(m, domain.id, f.scan.scan_id)) ?? {}, report);
    events.push(gradeChangedEvent(f, { grade: domain.ssl_grade, score: domain.ssl_score }, reasons));
  }
  if (cert) {
    const validTo = new Date(cert.valid_to);
    const reached = reachedThresholds(validTo, f.finishedAt, domain.alert_days_before_expiry);
    if (reached.length) {
      const notice = expiryNotice(await claimCertificateNotices(m, domain.id, cert.fingerprint_sha256, f.scan.scan_id, reached));
      if (notice) {
        events.push(
          certificateExpiryEvent(
            f,
            {
              fingerprintSha256: cert.fingerprint_sha256,
              validTo,
              subject: cert.subject,
              issuer: cert.issuer,
              daysUntilExpiry: daysUntilExpiry(validTo, f.finishedAt),
              alertDaysBeforeExpiry: domain.alert_days_before_expiry,
            },
            notice,
          ),
        );
      }
    }
  }
  return events;
}

/**
 * Records a scan that could not finish (unreachable host, not TLS, blocked address) with its
 * error text, marks the domain's last scan failed (its grade and certificate stay), and
 * writes scan.completed with status failed to the outbox.
 */
export async function failScan(ctx: ScanContext, scan: Scan, error: string, finishedAt: Date): Promise<AlertEventPayload[]> {
  return ctx.db.transaction(async (m) => {
    // The domain first, as completeScan: the order a domain delete locks them.
    if (scan.domainId !== null && !(await lockDomainScanFacts(m, scan.domainId))) return [];
    const durationMs = durationOf(scan, finishedAt);
    if (!(await failScanRow(m, scan.id, error, finishedAt, durationMs))) return [];
    if (scan.domainId !== null) await setDomainScanFailed(m, scan.domainId, scan.id, finishedAt);
    const events = [scanCompletedEvent(facts(ctx, scan, { status: 'failed', grade: null, score: null, error }, finishedAt))];
    await writeOutbox(m, events.map(alertOutboxMessage));
    return events;
  });
}

import type { DataSource, EntityManager } from 'typeorm';
import { deleteInBatches } from '../db/delete-in-batches.js';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { Scan } from '../db/entities/scan.entity.js';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { TlsDiffable } from './grade-diff.js';
import type { TlsScanReport } from './tls-scan-report.js';

/**
 * The store of scans and of the scan facts they leave on their domain (issue 30): every statement
 * on scans and certificate_notifications, and the domain columns a scan writes. A scan row moves
 * queued → running → completed | failed, and only an unfinished one moves (a redelivered job
 * finds it finished and does nothing).
 */

/** A scan still queued or running (the condition, on scans' own columns). */
export const UNFINISHED_SCAN = `status IN ('queued', 'running')`;
const UNFINISHED = UNFINISHED_SCAN;

/** Queued → running (a redelivered running scan starts again); false when gone or finished. */
export async function startScanRow(em: Queryable, scanId: number, now: Date): Promise<boolean> {
  const [, affected] = await em.query<WriteResult>(`UPDATE scans SET status = 'running', started_at = $2 WHERE id = $1 AND ${UNFINISHED}`, [scanId, now]);
  return affected > 0;
}

export interface CompletedScanRow {
  grade: string;
  score: number;
  /** The report as JSON text (already made storable). */
  reportJson: string;
  finishedAt: Date;
  durationMs: number;
}

/** Stores a finished scan's report; false when it was gone or already finished. */
export async function completeScanRow(em: Queryable, scanId: number, row: CompletedScanRow): Promise<boolean> {
  const [, affected] = await em.query<WriteResult>(
    `UPDATE scans SET status = 'completed', grade = $2, score = $3, report = $4::jsonb, error = NULL,
       completed_at = $5, duration_ms = $6
     WHERE id = $1 AND ${UNFINISHED}`,
    [scanId, row.grade, row.score, row.reportJson, row.finishedAt, row.durationMs],
  );
  return affected > 0;
}

/** Records why a scan could not finish; false when it was gone or already finished. */
export async function failScanRow(em: Queryable, scanId: number, error: string, finishedAt: Date, durationMs: number): Promise<boolean> {
  const [, affected] = await em.query<WriteResult>(
    `UPDATE scans SET status = 'failed', error = $2, completed_at = $3, duration_ms = $4
     WHERE id = $1 AND ${UNFINISHED}`,
    [scanId, error, finishedAt, durationMs],
  );
  return affected > 0;
}

/** Fails every scan still unfinished that was created before `createdBefore`; how many. */
export async function failScansCreatedBefore(em: Queryable, createdBefore: Date, now: Date, error: string): Promise<number> {
  const [, affected] = await em.query<WriteResult>(`UPDATE scans SET status = 'failed', completed_at = $2, error = $3 WHERE ${UNFINISHED} AND created_at < $1`, [
    createdBefore,
    now,
    error,
  ]);
  return affected;
}

/** Queued and running scans of an account (the concurrent-scan limit counts these). */
export async function countUnfinishedScans(em: Queryable, accountId: number): Promise<number> {
  const [row] = await em.query<{ n: string }[]>(`SELECT count(*) AS n FROM scans WHERE account_id = $1 AND ${UNFINISHED}`, [accountId]);
  return Number(row?.n ?? 0);
}

/** Whether a scan of the domain is still queued or running. */
export async function hasUnfinishedScan(em: Queryable, domainId: number): Promise<boolean> {
  const [row] = await em.query<{ busy: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM scans WHERE domain_id = $1 AND ${UNFINISHED}) AS busy`, [domainId]);
  return row?.busy ?? false;
}

/** The report of the domain's completed scan before `scanId` (what a grade change is explained against). */
export async function previousCompletedReport(em: Queryable, domainId: number, scanId: number): Promise<TlsDiffable | null> {
  const [row] = await em.query<{ report: TlsDiffable | null }[]>(
    `SELECT report FROM scans WHERE domain_id = $1 AND status = 'completed' AND id < $2 ORDER BY id DESC LIMIT 1`,
    [domainId, scanId],
  );
  return row?.report ?? null;
}

/** What a scheduled scan needs of its domain, read with the domain row locked. */
export interface DomainToScan {
  id: number;
  account_id: number;
  hostname: string;
  port: number;
  /** The domain and its account are both active. */
  active: boolean;
}

export async function lockDomainToScan(em: EntityManager, domainId: number): Promise<DomainToScan | null> {
  const [row] = await em.query<DomainToScan[]>(
    `SELECT d.id, d.account_id, d.hostname, d.port, d.is_active AND a.is_active AS active
     FROM domains d JOIN accounts a ON a.id = d.account_id WHERE d.id = $1 FOR UPDATE OF d`,
    [domainId],
  );
  return row ?? null;
}

/** A domain's scan facts and alert settings, read with its row locked by the scan that finishes. */
export interface DomainScanFacts {
  id: number;
  ssl_grade: string | null;
  ssl_score: number | null;
  last_scan_id: number | null;
  notifications_enabled: boolean;
  alert_days_before_expiry: number;
}

export async function lockDomainScanFacts(em: EntityManager, domainId: number): Promise<DomainScanFacts | null> {
  const [row] = await em.query<DomainScanFacts[]>(
    `SELECT id, ssl_grade, ssl_score, last_scan_id, notifications_enabled, alert_days_before_expiry
     FROM domains WHERE id = $1 FOR UPDATE`,
    [domainId],
  );
  return row ?? null;
}

/** The certificate a completed scan saw (null: none was read). */
export interface ScannedCertificate {
  issuer: string;
  subject: string;
  validFrom: Date;
  validTo: Date;
  serialNumber: string;
  fingerprintSha256: string;
}

/** A completed scan's grade, score and certificate become the domain's. */
export async function setDomainScanCompleted(
  em: Queryable,
  domainId: number,
  scan: { id: number; grade: string; score: number; finishedAt: Date; certificate: ScannedCertificate | null },
): Promise<void> {
  const cert = scan.certificate;
  await em.query(
    `UPDATE domains SET ssl_grade = $2, ssl_score = $3, last_scan_at = $4, last_scan_id = $5, last_scan_status = 'completed',
       cert_issuer = $6, cert_subject = $7, cert_valid_from = $8, cert_valid_to = $9, cert_serial_number = $10,
       cert_fingerprint_sha256 = $11
     WHERE id = $1`,
    [
      domainId,
      scan.grade,
      scan.score,
      scan.finishedAt,
      scan.id,
      cert?.issuer ?? null,
      cert?.subject ?? null,
      cert?.validFrom ?? null,
      cert?.validTo ?? null,
      cert?.serialNumber ?? null,
      cert?.fingerprintSha256 ?? null,
    ],
  );
}

/** A failed scan is the domain's last scan unless a newer one finished first (grade and certificate stay). */
export async function setDomainScanFailed(em: Queryable, domainId: number, scanId: number, finishedAt: Date): Promise<void> {
  await em.query(
    `UPDATE domains SET last_scan_at = $2, last_scan_id = $3, last_scan_status = 'failed'
     WHERE id = $1 AND (last_scan_id IS NULL OR last_scan_id <= $3)`,
    [domainId, finishedAt, scanId],
  );
}

/**
 * Claims the expiry notices of a certificate's thresholds (0 = expired): returns the thresholds
 * not claimed before, so each is notified once per certificate whatever the number of scans.
 */
export async function claimCertificateNotices(em: Queryable, domainId: number, fingerprintSha256: string, scanId: number, thresholds: readonly number[]): Promise<number[]> {
  const rows = await em.query<{ threshold: number }[]>(
    `INSERT INTO certificate_notifications (domain_id, fingerprint_sha256, threshold, event, scan_id)
     SELECT $1, $2, t, CASE WHEN t = 0 THEN 'certificate.expired' ELSE 'certificate.expiring' END, $3
     FROM unnest($4::int[]) AS t
     ON CONFLICT DO NOTHING RETURNING threshold`,
    [domainId, fingerprintSha256, scanId, thresholds],
  );
  return rows.map((r) => r.threshold);
}

/** An account's scans since `from`: counts by status and by grade, and the average duration. */
export interface ScanStatsRows {
  byStatus: { status: string; n: number }[];
  byGrade: { grade: string; n: number }[];
  averageDurationMs: number | null;
}

export async function scanStatsSince(em: Queryable, accountId: number, from: Date): Promise<ScanStatsRows> {
  const [byStatus, byGrade, [avg]] = await Promise.all([
    em.query<{ status: string; n: number }[]>(`SELECT status, count(*)::int AS n FROM scans WHERE account_id = $1 AND created_at >= $2 GROUP BY status`, [accountId, from]),
    em.query<{ grade: string; n: number }[]>(
      `SELECT grade, count(*)::int AS n FROM scans WHERE account_id = $1 AND created_at >= $2 AND status = 'completed' AND grade IS NOT NULL GROUP BY grade`,
      [accountId, from],
    ),
    em.query<{ avg: number | null }[]>(
      `SELECT avg(duration_ms)::float AS avg FROM scans WHERE account_id = $1 AND created_at >= $2 AND status IN ('completed', 'failed') AND duration_ms IS NOT NULL`,
      [accountId, from],
    ),
  ]);
  return { byStatus, byGrade, averageDurationMs: avg?.avg ?? null };
}

/**
 * A certificate as a stored report has it: reports stored by earlier releases lack the fields
 * marked optional (the current shape is CertificateReport / LeafCertificateReport).
 */
export interface StoredCertificate {
  subject: string;
  issuer: string;
  valid_from: string;
  valid_to: string;
  serial_number: string;
  fingerprint_sha256: string;
  sans?: string[];
  key_type?: string;
  key_size?: number;
  key_curve?: string | null;
  signature_algorithm?: string;
  self_signed?: boolean;
  trusted?: boolean;
  trust_error?: string | null;
  hostname_match?: boolean;
}

/** The newest completed scan of the account's domain that saw a certificate: its leaf and chain as reported. */
export async function latestCertificateScan(
  em: Queryable,
  domain: { id: number; accountId: number },
): Promise<{ id: number; completedAt: Date; leaf: StoredCertificate; chain: StoredCertificate[] } | null> {
  const [row] = await em.query<{ id: number; completed_at: Date; leaf: StoredCertificate; chain: StoredCertificate[] | null }[]>(
    `SELECT id, completed_at, report->'certificate' AS leaf, COALESCE(report->'chain', '[]'::jsonb) AS chain
     FROM scans
     WHERE domain_id = $1 AND account_id = $2 AND status = 'completed' AND jsonb_typeof(report->'certificate') = 'object'
     ORDER BY id DESC LIMIT 1`,
    [domain.id, domain.accountId],
  );
  return row ? { id: row.id, completedAt: row.completed_at, leaf: row.leaf, chain: Array.isArray(row.chain) ? row.chain : [] } : null;
}

/**
 * Finished scans created before $1, except what a domain still shows: per domain its latest
 * scan, its latest completed scan, and its latest completed scan that saw a certificate (what
 * GET /domains/{id}/certificate reads). "Latest" is by id, as those reads order. A scan is
 * kept when it is one of those, i.e. deleted only when a newer scan of the domain replaces it
 * in each role it holds. Queued and running scans are never pruned.
 */
const PRUNABLE_SCANS = `
  SELECT s.id FROM scans s
  WHERE s.created_at < $1 AND s.status IN ('completed', 'failed')
    AND (s.domain_id IS NULL OR (
      EXISTS (SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id)
      AND (s.status <> 'completed' OR EXISTS (
        SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id AND n.status = 'completed'))
      AND (s.status <> 'completed' OR jsonb_typeof(s.report->'certificate') IS DISTINCT FROM 'object' OR EXISTS (
        SELECT 1 FROM scans n WHERE n.domain_id = s.domain_id AND n.id > s.id AND n.status = 'completed'
          AND jsonb_typeof(n.report->'certificate') = 'object'))
    ))`;

/** Deletes scans older than `before` that no domain view still needs, in batches. Returns how many went. */
export function pruneScansBefore(db: DataSource, before: Date, batchSize = 1_000): Promise<number> {
  return deleteInBatches(db, 'scans', PRUNABLE_SCANS, [before], batchSize);
}

/** A scan that could not be handed to the scanners: failed at once (never answered 202 for a scan no scanner will see). */
export async function markScanUnqueued(em: Queryable, scanId: number, now: Date): Promise<void> {
  await em.query(`UPDATE scans SET status = 'failed', error = 'Could not queue the scan', completed_at = $2 WHERE id = $1`, [scanId, now]);
}

/** A scan's stored report (null until it completed). */
export async function scanReport(em: Queryable, scanId: number): Promise<TlsScanReport | null> {
  const [row] = await em.query<{ report: TlsScanReport | null }[]>('SELECT report FROM scans WHERE id = $1', [scanId]);
  return row?.report ?? null;
}

/** The account's scan (null when missing or another account's). */
export function scanOfAccount(em: EntityAccess, accountId: number, id: number): Promise<Scan | null> {
  return em.getRepository(Scan).findOneBy({ id, accountId });
}

/** A page of the account's domain's scans, newest first, and how many it has. */
export function scanHistoryPage(em: EntityAccess, where: { domainId: number; accountId: number }, page: PageSlice): Promise<[Scan[], number]> {
  return em.getRepository(Scan).findAndCount({ where, order: { id: 'DESC' }, skip: page.offset, take: page.perPage });
}

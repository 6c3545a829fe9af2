import type { DataSource, EntityManager } from 'typeorm';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { epochMsSql } from '../db/epoch-ms.js';
import type { PageSlice } from '../db/entity-access.js';
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

/**
 * One statement (issue 35: three statements cost the API three round trips): the counts by
 * status, by grade and the average duration, each a subquery answering JSON or a number.
 */
const SCAN_STATS = `
SELECT
  (SELECT json_agg(x) FROM (SELECT status, count(*)::int AS n FROM scans WHERE account_id = $1 AND created_at >= $2 GROUP BY status) x) AS "byStatus",
  (SELECT json_agg(x) FROM (
     SELECT grade, count(*)::int AS n FROM scans
     WHERE account_id = $1 AND created_at >= $2 AND status = 'completed' AND grade IS NOT NULL GROUP BY grade) x) AS "byGrade",
  (SELECT avg(duration_ms)::float FROM scans
   WHERE account_id = $1 AND created_at >= $2 AND status IN ('completed', 'failed') AND duration_ms IS NOT NULL) AS "averageDurationMs"`;

export async function scanStatsSince(em: Queryable, accountId: number, from: Date): Promise<ScanStatsRows> {
  const [row] = await em.query<{ byStatus: ScanStatsRows['byStatus'] | null; byGrade: ScanStatsRows['byGrade'] | null; averageDurationMs: number | null }[]>(SCAN_STATS, [
    accountId,
    from,
  ]);
  return { byStatus: row?.byStatus ?? [], byGrade: row?.byGrade ?? [], averageDurationMs: row?.averageDurationMs ?? null };
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

/** The newest completed scan of a domain that saw a certificate: its leaf and, when asked for, its chain as reported. */
export interface CertificateScan {
  id: number;
  completedAt: Date;
  leaf: StoredCertificate;
  chain: StoredCertificate[];
}

/** The account's domain as the certificate views show it, with its newest certificate scan (null before any). */
export interface DomainCertificateRow {
  id: number;
  hostname: string;
  port: number;
  scan: CertificateScan | null;
}

const certificateRead = (withChain: boolean) => `
SELECT d.id, d.hostname, d.port, s.id AS scan_id, s.completed_at, s.report->'certificate' AS leaf${withChain ? `, COALESCE(s.report->'chain', '[]'::jsonb) AS chain` : ''}
FROM domains d
LEFT JOIN LATERAL (
  SELECT id, completed_at, report FROM scans
  WHERE domain_id = d.id AND account_id = d.account_id AND status = 'completed' AND jsonb_typeof(report->'certificate') = 'object'
  ORDER BY id DESC LIMIT 1
) s ON true
WHERE d.id = $1 AND d.account_id = $2`;
const CERTIFICATE_LEAF = certificateRead(false);
const CERTIFICATE_CHAIN = certificateRead(true);

/**
 * The account's domain (null when missing or another account's) with the newest of its completed
 * scans that saw a certificate: the leaf and, with `withChain`, the chain (one statement, issue
 * 35: the domain and its scan were two).
 */
export async function domainCertificateRow(em: Queryable, accountId: number, domainId: number, withChain: boolean): Promise<DomainCertificateRow | null> {
  const [row] = await em.query<{ id: number; hostname: string; port: number; scan_id: number | null; completed_at: Date | null; leaf: StoredCertificate | null; chain?: unknown }[]>(
    withChain ? CERTIFICATE_CHAIN : CERTIFICATE_LEAF,
    [domainId, accountId],
  );
  if (!row) return null;
  const scan =
    row.scan_id !== null && row.completed_at && row.leaf
      ? { id: row.scan_id, completedAt: row.completed_at, leaf: row.leaf, chain: Array.isArray(row.chain) ? (row.chain as StoredCertificate[]) : [] }
      : null;
  return { id: row.id, hostname: row.hostname, port: row.port, scan };
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

/** Every column but the report, under the entity's property names. */
const SCAN_COLUMNS = `id, account_id AS "accountId", domain_id AS "domainId", hostname, port, trigger, status, grade, score, error,
  job_key AS "jobKey", started_at AS "startedAt", completed_at AS "completedAt", duration_ms AS "durationMs", created_at AS "createdAt"`;

/**
 * The account's scan without its report (null when missing or another account's): one plain
 * statement mapped to the entity by column aliases (issue 35: TypeORM's findOneBy built the query
 * and hydrated through its metadata on every call).
 */
export async function scanOfAccount(em: Queryable, accountId: number, id: number): Promise<Scan | null> {
  const [row] = await em.query<Scan[]>(`SELECT ${SCAN_COLUMNS} FROM scans WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return row ? Object.assign(new Scan(), row) : null;
}

/** A scan as a history page shows it. */
export type ScanSummary = Pick<Scan, 'id' | 'hostname' | 'port' | 'domainId' | 'status' | 'trigger' | 'grade' | 'score' | 'createdAt' | 'startedAt' | 'completedAt' | 'durationMs' | 'error'>;

/** A history row as the page statement writes it (JSON): timestamps as epoch milliseconds. */
interface ScanSummaryJson extends Omit<ScanSummary, 'createdAt' | 'startedAt' | 'completedAt'> {
  createdMs: number;
  startedMs: number | null;
  completedMs: number | null;
}

/**
 * The account's domain's scans (newest first, one page) and how many it has, in one statement
 * answering one JSON value per part (issue 35: the domain, the page and the count were three).
 */
const SCAN_HISTORY = `
SELECT
  (SELECT json_agg(p ORDER BY p.id DESC) FROM (
     SELECT id, hostname, port, domain_id AS "domainId", status, trigger, grade, score, error, duration_ms AS "durationMs",
            ${epochMsSql('created_at')} AS "createdMs", ${epochMsSql('started_at')} AS "startedMs", ${epochMsSql('completed_at')} AS "completedMs"
     FROM scans WHERE domain_id = d.id AND account_id = d.account_id ORDER BY id DESC LIMIT $3 OFFSET $4) p) AS rows,
  (SELECT count(*)::int FROM scans WHERE domain_id = d.id AND account_id = d.account_id) AS total
FROM domains d WHERE d.id = $1 AND d.account_id = $2`;

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** A page of the account's domain's scans, newest first, and how many it has; null when the domain is missing or another account's. */
export async function scanHistoryPage(em: Queryable, accountId: number, domainId: number, page: PageSlice): Promise<{ rows: ScanSummary[]; total: number } | null> {
  const [row] = await em.query<{ rows: ScanSummaryJson[] | null; total: number }[]>(SCAN_HISTORY, [domainId, accountId, page.perPage, page.offset]);
  if (!row) return null;
  const rows = (row.rows ?? []).map(({ createdMs, startedMs, completedMs, ...s }): ScanSummary => ({
    ...s,
    createdAt: new Date(createdMs),
    startedAt: dateOf(startedMs),
    completedAt: dateOf(completedMs),
  }));
  return { rows, total: row.total };
}

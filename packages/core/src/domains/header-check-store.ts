import type { DataSource, EntityManager } from 'typeorm';
import type { PageSlice } from '../db/entity-access.js';
import { HeaderCheck } from '../db/entities/header-check.entity.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { epochMsSql } from '../db/epoch-ms.js';
import type { Queryable } from '../db/queryable.js';
import type { HeaderReport } from '../headers/header-report.js';

/**
 * The store of header checks (issue 30): every statement on header_checks, and the domain
 * columns a header check writes. One check per scan (the scan id is unique), so a redelivered
 * scan job records nothing more.
 */

export interface NewHeaderCheckRow {
  domainId: number;
  accountId: number;
  scanId: number;
  url: string;
  status: 'completed' | 'failed';
  report: HeaderReport | null;
  error: string | null;
  checkedAt: Date;
}

/** Inserts the check while its domain exists; its id, or null when recorded before or the domain is gone. */
export async function insertHeaderCheckRow(em: Queryable, c: NewHeaderCheckRow): Promise<number | null> {
  const [row] = await em.query<{ id: number }[]>(
    `INSERT INTO header_checks (domain_id, account_id, scan_id, url, status, grade, score, deeper_score, algorithm_version, report, error, checked_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12 WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1)
     ON CONFLICT (scan_id) DO NOTHING RETURNING id`,
    [
      c.domainId,
      c.accountId,
      c.scanId,
      c.url,
      c.status,
      c.report?.grade ?? null,
      c.report?.score ?? null,
      c.report?.service.deeper_score ?? null,
      c.report?.service.algorithm_version ?? null,
      c.report ? JSON.stringify(c.report) : null,
      c.error,
      c.checkedAt,
    ],
  );
  return row?.id ?? null;
}

/** A domain's header facts, read with its row locked by the check that records. */
export interface DomainHeaderFacts {
  header_grade: string | null;
  header_score: number | null;
  last_header_check_id: number | null;
  notifications_enabled: boolean;
}

export async function lockDomainHeaderFacts(em: EntityManager, domainId: number): Promise<DomainHeaderFacts | null> {
  const [row] = await em.query<DomainHeaderFacts[]>(
    `SELECT header_grade, header_score, last_header_check_id, notifications_enabled FROM domains WHERE id = $1 FOR UPDATE`,
    [domainId],
  );
  return row ?? null;
}

/** The domain's last header check; with a grade when it completed (a failed check keeps the last grade). */
export async function setDomainHeaderCheck(em: Queryable, domainId: number, check: { id: number; checkedAt: Date; grade: { grade: string; score: number } | null }): Promise<void> {
  if (!check.grade) {
    await em.query(`UPDATE domains SET last_header_check_at = $2, last_header_check_id = $3 WHERE id = $1`, [domainId, check.checkedAt, check.id]);
    return;
  }
  await em.query(`UPDATE domains SET header_grade = $2, header_score = $3, last_header_check_at = $4, last_header_check_id = $5 WHERE id = $1`, [
    domainId,
    check.grade.grade,
    check.grade.score,
    check.checkedAt,
    check.id,
  ]);
}

/** The report of the domain's completed header check before `checkId` (what a grade change is explained against). */
export async function previousHeaderReport(em: Queryable, domainId: number, checkId: number): Promise<HeaderReport | null> {
  const [row] = await em.query<{ report: HeaderReport | null }[]>(
    `SELECT report FROM header_checks WHERE domain_id = $1 AND status = 'completed' AND id < $2 ORDER BY id DESC LIMIT 1`,
    [domainId, checkId],
  );
  return row?.report ?? null;
}

/**
 * Header checks made before $1, except what a domain still shows or compares with: per domain
 * its latest check (by id, as `last_header_check_id` and the listing order) and its latest
 * completed one (the report the next grade change is explained against).
 */
const PRUNABLE_HEADER_CHECKS = `
  SELECT h.id FROM header_checks h
  WHERE h.checked_at < $1
    AND EXISTS (SELECT 1 FROM header_checks n WHERE n.domain_id = h.domain_id AND n.id > h.id)
    AND (h.status <> 'completed' OR EXISTS (
      SELECT 1 FROM header_checks n WHERE n.domain_id = h.domain_id AND n.id > h.id AND n.status = 'completed'))`;

/** Deletes header checks older than `before` that no domain still needs, in batches. Returns how many went. */
export function pruneHeaderChecksBefore(db: DataSource, before: Date, batchSize = 1_000): Promise<number> {
  return deleteInBatches(db, 'header_checks', PRUNABLE_HEADER_CHECKS, [before], batchSize);
}

/** A header check as a history page shows it (without its report). */
export type HeaderCheckSummary = Omit<HeaderCheck, 'report'>;

/** A history row as the page statement writes it (JSON): the check time as epoch milliseconds. */
interface HeaderCheckSummaryJson extends Omit<HeaderCheckSummary, 'checkedAt'> {
  checkedMs: number;
}

/**
 * The account's domain's header checks without their reports (newest first, one page) and how
 * many it has, in one statement answering one JSON value per part (issue 35: the domain, the page
 * and the count were three, the page through TypeORM's findAndCount).
 */
const HEADER_CHECK_HISTORY = `
SELECT
  (SELECT json_agg(p ORDER BY p.id DESC) FROM (
     SELECT id, domain_id AS "domainId", account_id AS "accountId", scan_id AS "scanId", url, status, grade, score,
            deeper_score AS "deeperScore", algorithm_version AS "algorithmVersion", error,
            ${epochMsSql('checked_at')} AS "checkedMs"
     FROM header_checks WHERE domain_id = d.id AND account_id = d.account_id ORDER BY id DESC LIMIT $3 OFFSET $4) p) AS rows,
  (SELECT count(*)::int FROM header_checks WHERE domain_id = d.id AND account_id = d.account_id) AS total
FROM domains d WHERE d.id = $1 AND d.account_id = $2`;

/** A page of the account's domain's header checks, newest first, and how many it has; null when the domain is missing or another account's. */
export async function headerCheckHistoryPage(em: Queryable, accountId: number, domainId: number, page: PageSlice): Promise<{ rows: HeaderCheckSummary[]; total: number } | null> {
  const [row] = await em.query<{ rows: HeaderCheckSummaryJson[] | null; total: number }[]>(HEADER_CHECK_HISTORY, [domainId, accountId, page.perPage, page.offset]);
  if (!row) return null;
  return { rows: (row.rows ?? []).map(({ checkedMs, ...c }): HeaderCheckSummary => ({ ...c, checkedAt: new Date(checkedMs) })), total: row.total };
}

/**
 * The account's domain (null when missing or another account's) and its header check `id` with
 * the report (check null when missing, another domain's, or `id` is null), in one statement.
 */
export async function headerCheckOfDomain(em: Queryable, accountId: number, domainId: number, id: number | null): Promise<{ check: HeaderCheck | null } | null> {
  const [row] = await em.query<(Omit<HeaderCheck, 'id'> & { id: number | null })[]>(
    `SELECT h.id, h.domain_id AS "domainId", h.account_id AS "accountId", h.scan_id AS "scanId", h.url, h.status, h.grade, h.score,
            h.deeper_score AS "deeperScore", h.algorithm_version AS "algorithmVersion", h.report, h.error, h.checked_at AS "checkedAt"
     FROM domains d LEFT JOIN header_checks h ON h.id = $3 AND h.domain_id = d.id AND h.account_id = d.account_id
     WHERE d.id = $1 AND d.account_id = $2`,
    [domainId, accountId, id],
  );
  if (!row) return null;
  const { id: checkId, ...rest } = row;
  return { check: checkId === null ? null : Object.assign(new HeaderCheck(), { ...rest, id: checkId }) };
}

import type { DataSource, EntityManager, FindOptionsSelect } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { HeaderCheck } from '../db/entities/header-check.entity.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
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

/** Every column but the report, for history pages. */
const HEADER_CHECK_COLUMNS: FindOptionsSelect<HeaderCheck> = {
  id: true,
  domainId: true,
  accountId: true,
  scanId: true,
  url: true,
  status: true,
  grade: true,
  score: true,
  deeperScore: true,
  algorithmVersion: true,
  error: true,
  checkedAt: true,
};

/** A page of the account's domain's header checks (without their reports), newest first, and how many it has. */
export function headerCheckHistoryPage(em: EntityAccess, where: { domainId: number; accountId: number }, page: PageSlice): Promise<[HeaderCheck[], number]> {
  return em.getRepository(HeaderCheck).findAndCount({ where, order: { id: 'DESC' }, select: HEADER_CHECK_COLUMNS, skip: page.offset, take: page.perPage });
}

/** A header check of the account's domain, with its report (null when missing or another domain's). */
export function headerCheckOfDomain(em: EntityAccess, accountId: number, domainId: number, id: number): Promise<HeaderCheck | null> {
  return em.getRepository(HeaderCheck).findOneBy({ id, domainId, accountId });
}

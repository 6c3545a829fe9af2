import type { DeepPartial } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import type { Queryable } from '../db/queryable.js';
import { insertAudited } from '../audit/insert-audited.js';
import type { AuditActor } from '../audit/record-audit.js';
import { IncidentUpdate, type IncidentUpdateStatus } from '../db/entities/incident-update.entity.js';
import { StatusPageNotice } from '../db/entities/status-page-notice.entity.js';
import { StatusPage, type StatusPageSection, type StatusPageTheme } from '../db/entities/status-page.entity.js';

/**
 * The store of status pages (issue 30): status_pages, their notices (status_page_notices) and the
 * incident updates the pages show (incident_updates), as the API's endpoints and config-as-code
 * read and write them, and the page row and notices its public face reads (the monitors,
 * incidents, domains and day sums it shows are read through their own stores). Custom
 * hostnames are in custom-hostname-store.
 */

/** The account's status page (null when missing or another account's). */
export function statusPageOfAccount(em: EntityAccess, accountId: number, id: number): Promise<StatusPage | null> {
  return em.getRepository(StatusPage).findOneBy({ id, accountId });
}

/** A page of the account's status pages, oldest first, and how many it has. */
export function listStatusPages(em: EntityAccess, accountId: number, page: PageSlice): Promise<[StatusPage[], number]> {
  return em.getRepository(StatusPage).findAndCount({ where: { accountId }, order: { id: 'ASC' }, skip: page.offset, take: page.perPage });
}

/** Every status page of the account, oldest first. */
export function statusPagesOfAccount(em: EntityAccess, accountId: number): Promise<StatusPage[]> {
  return em.getRepository(StatusPage).find({ where: { accountId }, order: { id: 'ASC' } });
}

/** Inserts a status page (columns not given take the entity's defaults); a slug or hostname taken is a unique violation. */
export function insertStatusPage(em: EntityAccess, fields: DeepPartial<StatusPage> & { accountId: number }): Promise<StatusPage> {
  const repo = em.getRepository(StatusPage);
  return repo.save(repo.create(fields));
}

/** Saves a status page's changed fields. */
export function saveStatusPage(em: EntityAccess, page: StatusPage): Promise<StatusPage> {
  return em.getRepository(StatusPage).save(page);
}

/** Sets these columns of the account's status page (nothing when it is another account's). */
export async function updateStatusPageOfAccount(em: EntityAccess, accountId: number, id: number, columns: Partial<StatusPage>): Promise<void> {
  await em.getRepository(StatusPage).update({ id, accountId }, columns);
}

/** Deletes the account's status page (its notices go with it). */
export async function deleteStatusPageOfAccount(em: EntityAccess, accountId: number, id: number): Promise<void> {
  await em.getRepository(StatusPage).delete({ id, accountId });
}

/** A notice of the page (null when missing or another page's). */
export function noticeOfPage(em: EntityAccess, statusPageId: number, id: number): Promise<StatusPageNotice | null> {
  return em.getRepository(StatusPageNotice).findOneBy({ id, statusPageId });
}

/** The page's notices, newest first. */
export function noticesOfPage(em: EntityAccess, statusPageId: number): Promise<StatusPageNotice[]> {
  return em.getRepository(StatusPageNotice).find({ where: { statusPageId }, order: { createdAt: 'DESC', id: 'DESC' } });
}

export type NewNotice = Pick<StatusPageNotice, 'statusPageId' | 'accountId' | 'title' | 'status' | 'message' | 'createdAt' | 'updatedAt'>;

export function insertNotice(em: EntityAccess, fields: NewNotice): Promise<StatusPageNotice> {
  const repo = em.getRepository(StatusPageNotice);
  return repo.save(repo.create(fields));
}

/** Saves a notice's changed fields. */
export function saveNotice(em: EntityAccess, notice: StatusPageNotice): Promise<StatusPageNotice> {
  return em.getRepository(StatusPageNotice).save(notice);
}

export async function deleteNoticeById(em: EntityAccess, id: number): Promise<void> {
  await em.getRepository(StatusPageNotice).delete({ id });
}

export type NewIncidentUpdate = Pick<IncidentUpdate, 'incidentId' | 'accountId' | 'status' | 'message' | 'createdAt'>;

/** An incident update's columns under their property names. */
const UPDATE_COLUMNS = `id, incident_id AS "incidentId", account_id AS "accountId", status, message, created_at AS "createdAt"`;

/**
 * Inserts an incident update and the audit entry of its creation in one statement (issue 35:
 * was a transaction of TypeORM's save and the entry's insert); answers the row.
 */
export async function insertIncidentUpdateAudited(q: Queryable, actor: AuditActor, fields: NewIncidentUpdate): Promise<IncidentUpdate> {
  const [row] = await insertAudited<IncidentUpdate>(
    q,
    actor,
    {
      sql: `INSERT INTO incident_updates (incident_id, account_id, status, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${UPDATE_COLUMNS}`,
      params: [fields.incidentId, fields.accountId, fields.status, fields.message, fields.createdAt],
    },
    {
      resource: 'incident_update',
      action: 'create',
      // The entry's fields, as recordAudit read the saved entity's columns (account_id untold); the id the insert makes.
      after: { incident_id: fields.incidentId, status: fields.status, message: fields.message, created_at: fields.createdAt },
      generated: { id: { column: 'id', time: false } },
    },
  );
  return Object.assign(new IncidentUpdate(), row);
}

/** The incident's updates, oldest first (as a timeline reads). */
export async function updatesOfIncident(q: Queryable, incidentId: number): Promise<IncidentUpdate[]> {
  const rows = await q.query<IncidentUpdate[]>(`SELECT ${UPDATE_COLUMNS} FROM incident_updates WHERE incident_id = $1 ORDER BY created_at, id`, [incidentId]);
  return rows.map((row) => Object.assign(new IncidentUpdate(), row));
}

/** A page is addressed by its slug (/status/{slug}) or by its custom hostname. */
export type PageRef = { slug: string } | { hostname: string };

/** A status page as its public rendering reads it. */
export interface PublicPageRow {
  id: number;
  account_id: number;
  slug: string;
  title: string;
  description: string | null;
  theme: StatusPageTheme;
  /** The page's own flag, and false while its account is deactivated (its monitors are no longer checked). */
  is_public: boolean;
  show_uptime_bars: boolean;
  sections: StatusPageSection[];
}

/** The page row, public or not (a private page still tells whose version to watch); null when none. */
export async function publicPageRow(em: Queryable, ref: PageRef): Promise<PublicPageRow | null> {
  const [column, value] = 'slug' in ref ? ['p.slug', ref.slug] : ['p.custom_hostname', ref.hostname];
  const [row] = await em.query<PublicPageRow[]>(
    `SELECT p.id, p.account_id, p.slug, p.title, p.description, p.theme, p.is_public AND a.is_active AS is_public, p.show_uptime_bars, p.sections
       FROM status_pages p JOIN accounts a ON a.id = p.account_id WHERE ${column} = $1`,
    [value],
  );
  return row ?? null;
}

/** A notice as a public page shows it. */
export interface PageNoticeRow {
  id: number;
  title: string;
  status: IncidentUpdateStatus;
  message: string;
  created_at: Date;
  updated_at: Date;
}

/** The page's notices not resolved, or updated since `since`: the newest 50, newest first. */
export function recentPageNotices(em: Queryable, pageId: number, since: Date): Promise<PageNoticeRow[]> {
  return em.query<PageNoticeRow[]>(
    `SELECT id, title, status, message, created_at, updated_at FROM status_page_notices
      WHERE status_page_id = $1 AND (status <> 'resolved' OR updated_at >= $2) ORDER BY created_at DESC LIMIT 50`,
    [pageId, since],
  );
}

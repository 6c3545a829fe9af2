import type { DeepPartial } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import type { Queryable } from '../db/queryable.js';
import { insertAudited } from '../audit/insert-audited.js';
import type { AuditActor } from '../audit/record-audit.js';
import type { Statement } from '../db/one-statement.js';
import type { Read } from '../db/reads-as-one.js';
import { pageTotal } from '../db/page-total.js';
import { IncidentUpdate, type IncidentUpdateStatus } from '../db/entities/incident-update.entity.js';
import { StatusPageNotice } from '../db/entities/status-page-notice.entity.js';
import { StatusPage, type StatusPageSection, type StatusPageTheme } from '../db/entities/status-page.entity.js';

/**
 * The store of status pages (issue 30): status_pages, their notices (status_page_notices) and the
 * incident updates the pages show (incident_updates), as the API's endpoints and config-as-code
 * read and write them, and the page row and notices its public face reads (the monitors,
 * incidents, domains and day sums it shows are read through their own stores). Custom
 * hostnames are in custom-hostname-store.
 *
 * The API's reads and writes of pages and notices are plain statements mapped to the entities
 * by column aliases (issue 35: a TypeORM repository call built its query and hydrated through
 * the metadata on every request, hundreds of µs each).
 */

/** Every column of a page under its property name. */
const PAGE_COLUMNS = `id, account_id AS "accountId", slug, title, description, sections, theme, is_public AS "isPublic",
  show_uptime_bars AS "showUptimeBars", custom_hostname AS "customHostname", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Every column of a notice (n) under its property name. */
const NOTICE_COLUMNS = `n.id, n.status_page_id AS "statusPageId", n.account_id AS "accountId", n.title, n.status, n.message, n.created_at AS "createdAt", n.updated_at AS "updatedAt"`;

/** NOTICE_COLUMNS of the notices table itself (an INSERT's RETURNING). */
const NOTICE_RETURNING = NOTICE_COLUMNS.replace(/\bn\./g, '');

const pageOf = (row: StatusPage): StatusPage => Object.assign(new StatusPage(), row);
const noticeOf = (row: StatusPageNotice): StatusPageNotice => Object.assign(new StatusPageNotice(), row);

/** The account's status page (null when missing or another account's). */
export async function statusPageOfAccount(q: Queryable, accountId: number, id: number): Promise<StatusPage | null> {
  const [row] = await q.query<StatusPage[]>(`SELECT ${PAGE_COLUMNS} FROM status_pages WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return row ? pageOf(row) : null;
}

/** A page of the account's status pages, oldest first, and how many it has (counted only when the page does not tell it). */
export async function listStatusPages(q: Queryable, accountId: number, page: PageSlice): Promise<[StatusPage[], number]> {
  const rows = await q.query<StatusPage[]>(`SELECT ${PAGE_COLUMNS} FROM status_pages WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`, [
    accountId,
    page.perPage,
    page.offset,
  ]);
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM status_pages WHERE account_id = $1', [accountId]);
    return row?.n ?? 0;
  });
  return [rows.map(pageOf), total];
}

export type NewStatusPage = Pick<StatusPage, 'accountId' | 'slug' | 'title' | 'description' | 'sections' | 'theme' | 'isPublic' | 'showUptimeBars' | 'customHostname'>;

/**
 * POST /status-pages: the page and its 'create' entry in ONE statement (issue 35: its id and
 * time were read first, a statement of their own). Created and updated now by the database's
 * clock in milliseconds (as the Date it was written from before); the entry is the one
 * recordAudit wrote for the saved page (its columns but account_id and updated_at), its id and
 * creation time as the insert made them. A slug or hostname taken is a unique violation.
 */
export async function insertStatusPageAudited(q: Queryable, actor: AuditActor, fields: NewStatusPage): Promise<StatusPage> {
  const [row] = await insertAudited<StatusPage>(
    q,
    actor,
    {
      sql: `INSERT INTO status_pages (account_id, slug, title, description, sections, theme, is_public, show_uptime_bars, custom_hostname, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, date_trunc('milliseconds', now()), date_trunc('milliseconds', now())) RETURNING ${PAGE_COLUMNS}`,
      params: [fields.accountId, fields.slug, fields.title, fields.description, JSON.stringify(fields.sections), fields.theme, fields.isPublic, fields.showUptimeBars, fields.customHostname],
    },
    {
      resource: 'status_page',
      action: 'create',
      after: {
        slug: fields.slug,
        title: fields.title,
        description: fields.description,
        sections: fields.sections,
        theme: fields.theme,
        is_public: fields.isPublic,
        show_uptime_bars: fields.showUptimeBars,
        custom_hostname: fields.customHostname,
      },
      generated: { id: { column: 'id', time: false }, created_at: { column: 'createdAt', time: true } },
    },
  );
  if (!row) throw new Error('insertStatusPageAudited: the INSERT returned no row');
  return pageOf(row);
}

/** The DELETE of the account's status page (its notices go with it), to send with its audit entry. */
export function statusPageDelete(accountId: number, id: number): Statement {
  return { sql: 'DELETE FROM status_pages WHERE id = $1 AND account_id = $2', params: [id, accountId] };
}

/** A read (readsAsOne) of every status page of the account, oldest first. */
export function statusPagesOfAccountRead(accountId: number): Read<StatusPage[]> {
  // Plain SQL (issue 35): TypeORM's find built the query and hydrated through its metadata on every configuration read.
  return {
    statement: { sql: `SELECT ${PAGE_COLUMNS} FROM status_pages WHERE account_id = $1 ORDER BY id`, params: [accountId] },
    of: (rows) => (rows as StatusPage[]).map(pageOf),
  };
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

/**
 * The notice of the account's page in one statement: undefined when the page is missing or
 * another account's, null when the page is the account's but the notice is not one of its.
 */
export async function noticeOfOwnPage(q: Queryable, accountId: number, pageId: number, id: number): Promise<StatusPageNotice | null | undefined> {
  const [row] = await q.query<(StatusPageNotice & { page: number })[]>(
    `SELECT p.id AS page, ${NOTICE_COLUMNS}
       FROM status_pages p LEFT JOIN status_page_notices n ON n.status_page_id = p.id AND n.id = $3
      WHERE p.id = $1 AND p.account_id = $2`,
    [pageId, accountId, id],
  );
  if (!row) return undefined;
  if (row.id === null) return null;
  const { page: _page, ...notice } = row;
  return noticeOf(notice);
}

/**
 * A page of the notices of the account's page, newest first, with the page's ownership checked in
 * the same statement, and how many it has (counted only when the page does not tell it); null
 * when the page is missing or another account's.
 */
export async function noticesOfOwnPage(q: Queryable, accountId: number, pageId: number, page: PageSlice): Promise<[StatusPageNotice[], number] | null> {
  const rows = await q.query<StatusPageNotice[]>(
    `SELECT ${NOTICE_COLUMNS}
       FROM status_pages p LEFT JOIN LATERAL (
         SELECT * FROM status_page_notices WHERE status_page_id = p.id ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4
       ) n ON true
      WHERE p.id = $1 AND p.account_id = $2
      ORDER BY n.created_at DESC, n.id DESC`,
    [pageId, accountId, page.perPage, page.offset],
  );
  if (!rows.length) return null;
  const notices = rows.filter((r) => r.id !== null).map(noticeOf);
  const total = await pageTotal(page.offset, page.perPage, notices.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM status_page_notices WHERE status_page_id = $1', [pageId]);
    return row?.n ?? 0;
  });
  return [notices, total];
}

export type NewNotice = Pick<StatusPageNotice, 'statusPageId' | 'accountId' | 'title' | 'status' | 'message' | 'createdAt' | 'updatedAt'>;

/**
 * POST .../notices in ONE statement (issue 35: the page's read, the id's and the insert with its
 * entry were three): the notice is inserted only when the page is the account's, with the
 * 'create' entry recordAudit wrote for it (its columns but account_id and updated_at; the id the
 * insert makes). The notice, or null when the page is missing or another account's (nothing
 * written, no entry).
 */
export async function insertNoticeOfOwnPageAudited(q: Queryable, actor: AuditActor, fields: NewNotice): Promise<StatusPageNotice | null> {
  const [row] = await insertAudited<StatusPageNotice>(
    q,
    actor,
    {
      sql: `INSERT INTO status_page_notices (status_page_id, account_id, title, status, message, created_at, updated_at)
            SELECT p.id, p.account_id, $3::text, $4::text, $5::text, $6::timestamptz, $7::timestamptz FROM status_pages p WHERE p.id = $1 AND p.account_id = $2
            RETURNING ${NOTICE_RETURNING}`,
      params: [fields.statusPageId, fields.accountId, fields.title, fields.status, fields.message, fields.createdAt, fields.updatedAt],
    },
    {
      resource: 'status_page_notice',
      action: 'create',
      after: { status_page_id: fields.statusPageId, title: fields.title, status: fields.status, message: fields.message, created_at: fields.createdAt },
      generated: { id: { column: 'id', time: false } },
    },
  );
  return row ? noticeOf(row) : null;
}

/** The DELETE of a notice, to send with its audit entry. */
export function noticeDelete(id: number): Statement {
  return { sql: 'DELETE FROM status_page_notices WHERE id = $1', params: [id] };
}

export type NewIncidentUpdate = Pick<IncidentUpdate, 'incidentId' | 'accountId' | 'status' | 'message' | 'createdAt'>;

/** An incident update's columns under their property names. */
const UPDATE_COLUMNS = `id, incident_id AS "incidentId", account_id AS "accountId", status, message, created_at AS "createdAt"`;

/**
 * Inserts an update of an incident of the account's monitor `monitorId` and the audit entry of
 * its creation in one statement, the owner check in it too (issue 35: a read of the incident
 * came first): the INSERT selects the incident's row, so another monitor's or account's
 * incident, or none, inserts and records nothing (null). Answers the row.
 */
export async function insertOwnIncidentUpdateAudited(q: Queryable, actor: AuditActor, monitorId: number, fields: NewIncidentUpdate): Promise<IncidentUpdate | null> {
  const [row] = await insertAudited<IncidentUpdate>(
    q,
    actor,
    {
      sql: `INSERT INTO incident_updates (incident_id, account_id, status, message, created_at)
            SELECT i.id, $2, $3, $4, $5 FROM incidents i JOIN monitors m ON m.id = i.monitor_id AND m.account_id = $2
             WHERE i.id = $1 AND i.monitor_id = $6 AND i.account_id = $2
            RETURNING ${UPDATE_COLUMNS}`,
      params: [fields.incidentId, fields.accountId, fields.status, fields.message, fields.createdAt, monitorId],
    },
    {
      resource: 'incident_update',
      action: 'create',
      // The entry's fields, as recordAudit read the saved entity's columns (account_id untold); the id the insert makes.
      after: { incident_id: fields.incidentId, status: fields.status, message: fields.message, created_at: fields.createdAt },
      generated: { id: { column: 'id', time: false } },
    },
  );
  return row ? Object.assign(new IncidentUpdate(), row) : null;
}

/** A page of the incident's updates, oldest first (as a timeline reads), and how many it has (counted only when the page does not tell it). */
export async function incidentUpdatesPage(q: Queryable, incidentId: number, page: PageSlice): Promise<[IncidentUpdate[], number]> {
  const rows = await q.query<IncidentUpdate[]>(`SELECT ${UPDATE_COLUMNS} FROM incident_updates WHERE incident_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`, [
    incidentId,
    page.perPage,
    page.offset,
  ]);
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM incident_updates WHERE incident_id = $1', [incidentId]);
    return row?.n ?? 0;
  });
  return [rows.map((row) => Object.assign(new IncidentUpdate(), row)), total];
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

import { insertNoticeOfOwnPageAudited, noticeDelete, noticeOfOwnPage, noticesOfOwnPage, NotFoundError, recordAuditAlong, StatusPageNotice, updateOwnAudited, type AuditActor, type Context } from '@vigil/core';
import { statusChanged } from '../public-status/read-status-version.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../http/schema.js';
import { UpdateStatusSchema } from './incident-updates.js';
import { parseId } from '../http/validate.js';
import { findOwnStatusPage, STATUS_PAGE_NOT_FOUND } from './find-own-status-page.js';
import { parseNoticeCreate, parseNoticeUpdate } from './update-input.js';
import { component } from '../http/components.js';
import { paginationBody, parsePagination, PaginationSchema, type PageRequest } from '../http/pagination.js';

/** A page's notices per page: all of a usual page's on the first, a bounded answer for one with thousands. */
export const NOTICES_PAGE = { defaultPerPage: 100, maxPerPage: 100 };

export const NOTICE_NOT_FOUND = 'Notice not found';
type Params = Record<string, string | string[] | undefined>;

export function noticeView(n: StatusPageNotice): Static<typeof NOTICE_SCHEMA> {
  return { id: n.id, status_page_id: n.statusPageId, title: n.title, status: n.status, message: n.message, created_at: n.createdAt.toISOString(), updated_at: n.updatedAt.toISOString() };
}

export const NOTICE_SCHEMA = component('Notice', Type.Object({
  id: Type.Integer(),
  status_page_id: Type.Integer(),
  title: Type.String(),
  status: UpdateStatusSchema,
  message: Type.String(),
  created_at: DateTime(),
  updated_at: DateTime(),
}));

/** The caller's page's notice in one statement: 404 "Status page not found" first, then 404 "Notice not found". */
async function findOwnNotice(ctx: Context, accountId: number, params: Params): Promise<StatusPageNotice> {
  const pageId = parseId(params.id, STATUS_PAGE_NOT_FOUND);
  let id: number;
  try {
    id = parseId(params.notice_id, NOTICE_NOT_FOUND);
  } catch (e) {
    // A malformed notice id is a 404 of the notice, on a page of the caller's only.
    await findOwnStatusPage(ctx, accountId, params.id);
    throw e;
  }
  const notice = await noticeOfOwnPage(ctx.db, accountId, pageId, id);
  if (notice === undefined) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
  if (notice === null) throw new NotFoundError(NOTICE_NOT_FOUND);
  return notice;
}

export const NoticeListSchema = Type.Object({ status_page_id: Type.Integer(), notices: Type.Array(NOTICE_SCHEMA), pagination: PaginationSchema });

/** Newest first, 100 a page; the page's owner decides before the query (another account's page is a 404 whatever the query). */
export async function listNotices(ctx: Context, accountId: number, params: Params, query: Record<string, unknown>): Promise<Static<typeof NoticeListSchema>> {
  const pageId = parseId(params.id, STATUS_PAGE_NOT_FOUND);
  let page: PageRequest;
  try {
    page = parsePagination(query, NOTICES_PAGE);
  } catch (e) {
    await findOwnStatusPage(ctx, accountId, params.id);
    throw e;
  }
  const listed = await noticesOfOwnPage(ctx.db, accountId, pageId, page);
  if (!listed) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
  const [notices, total] = listed;
  return { status_page_id: pageId, notices: notices.map(noticeView), pagination: paginationBody(page, total) };
}

/**
 * POST .../notices: the notice and its entry in one statement that checks the page is the
 * caller's (404 "Status page not found" when it wrote nothing). An invalid body on another
 * account's page is still 404 first.
 */
export async function createNotice(ctx: Context, actor: AuditActor, params: Params, body: unknown): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const pageId = parseId(params.id, STATUS_PAGE_NOT_FOUND);
  let input: ReturnType<typeof parseNoticeCreate>;
  try {
    input = parseNoticeCreate(body);
  } catch (e) {
    await findOwnStatusPage(ctx, accountId, params.id);
    throw e;
  }
  const now = ctx.clock.now();
  const notice = await insertNoticeOfOwnPageAudited(ctx.db, actor, { statusPageId: pageId, accountId, ...input, createdAt: now, updatedAt: now });
  if (!notice) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
  await statusChanged(ctx, accountId);
  return notice;
}

/**
 * PUT or PATCH of a notice: the change, the update date (the clock's, even when nothing else
 * changed) and the entry in ONE statement that checks the notice is on the caller's page
 * (updateOwnAudited; issue 35: was the read, then updateAudited's statement). The answers keep
 * their order: an invalid id or body, or nothing written, asks findOwnNotice which 404 it is
 * (page first, then notice), and only then is a body's 400 answered.
 */
export async function updateNotice(ctx: Context, actor: AuditActor, params: Params, body: unknown): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const pageId = parseId(params.id, STATUS_PAGE_NOT_FOUND);
  let id: number;
  let input: ReturnType<typeof parseNoticeUpdate>;
  try {
    id = parseId(params.notice_id, NOTICE_NOT_FOUND);
    input = parseNoticeUpdate(body);
  } catch (e) {
    await findOwnNotice(ctx, accountId, params);
    throw e;
  }
  const saved = await updateOwnAudited(ctx.db.manager, actor, StatusPageNotice, { id, accountId, also: { statusPageId: pageId } }, input, 'status_page_notice', { updatedAt: ctx.clock.now() });
  if (!saved) {
    await findOwnNotice(ctx, accountId, params);
    throw new NotFoundError(NOTICE_NOT_FOUND);
  }
  await statusChanged(ctx, accountId);
  return saved;
}

export async function deleteNotice(ctx: Context, actor: AuditActor, params: Params): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const notice = await findOwnNotice(ctx, accountId, params);
  // One statement: the delete and its entry.
  await recordAuditAlong(ctx.db.manager, actor, [{ resource: 'status_page_notice', id: notice.id, action: 'delete', before: notice }], [noticeDelete(notice.id)]);
  await statusChanged(ctx, accountId);
  return notice;
}

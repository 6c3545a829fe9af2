import { deleteNoticeById, insertNotice, noticeOfPage, noticesOfPage, NotFoundError, recordAudit, updateAudited, type AuditActor, type Context, type StatusPageNotice } from '@vigil/core';
import { statusChanged } from '../public-status/read-status-version.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from '../http/schema.js';
import { UpdateStatusSchema } from './incident-updates.js';
import { parseId } from '../http/validate.js';
import { findOwnStatusPage } from './find-own-status-page.js';
import { parseNoticeCreate, parseNoticeUpdate } from './update-input.js';
import { component } from '../http/components.js';

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

async function findOwnNotice(ctx: Context, accountId: number, params: Params): Promise<StatusPageNotice> {
  const page = await findOwnStatusPage(ctx, accountId, params.id);
  const id = parseId(params.notice_id, NOTICE_NOT_FOUND);
  const notice = await noticeOfPage(ctx.db, page.id, id);
  if (!notice) throw new NotFoundError(NOTICE_NOT_FOUND);
  return notice;
}

export const NoticeListSchema = Type.Object({ status_page_id: Type.Integer(), notices: Type.Array(NOTICE_SCHEMA) });

export async function listNotices(ctx: Context, accountId: number, params: Params): Promise<Static<typeof NoticeListSchema>> {
  const page = await findOwnStatusPage(ctx, accountId, params.id);
  const notices = await noticesOfPage(ctx.db, page.id);
  return { status_page_id: page.id, notices: notices.map(noticeView) };
}

export async function createNotice(ctx: Context, actor: AuditActor, params: Params, body: unknown): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const page = await findOwnStatusPage(ctx, accountId, params.id);
  const input = parseNoticeCreate(body);
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (m) => {
    const row = await insertNotice(m, { statusPageId: page.id, accountId, ...input, createdAt: now, updatedAt: now });
    await recordAudit(m, actor, [{ resource: 'status_page_notice', id: row.id, action: 'create', after: row }]);
    return row;
  });
  await statusChanged(ctx, accountId);
  return saved;
}

export async function updateNotice(ctx: Context, actor: AuditActor, params: Params, body: unknown): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const notice = await findOwnNotice(ctx, accountId, params);
  const input = parseNoticeUpdate(body);
  // One statement: the changed columns, the update date (the clock's, even when nothing else changed) and the entry.
  const saved = await updateAudited(ctx.db.manager, actor, notice, input, { resource: 'status_page_notice', updatedAt: ctx.clock.now() });
  if (!saved) throw new NotFoundError(NOTICE_NOT_FOUND);
  await statusChanged(ctx, accountId);
  return saved;
}

export async function deleteNotice(ctx: Context, actor: AuditActor, params: Params): Promise<StatusPageNotice> {
  const { accountId } = actor;
  const notice = await findOwnNotice(ctx, accountId, params);
  await ctx.db.transaction(async (m) => {
    await deleteNoticeById(m, notice.id);
    await recordAudit(m, actor, [{ resource: 'status_page_notice', id: notice.id, action: 'delete', before: notice }]);
  });
  await statusChanged(ctx, accountId);
  return notice;
}

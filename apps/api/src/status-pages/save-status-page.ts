import {
  ConflictError,
  countStatusPages,
  inLimitTransaction,
  insertStatusPageAudited,
  NotFoundError,
  recordAuditAlong,
  statusPageDelete,
  StatusPage,
  updateAudited,
  updateOwnAudited,
  type Account,
  type AuditActor,
  type Context,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { statusChanged } from '../public-status/read-status-version.js';
import { requireOwnedHostname } from '../domains/require-owned-hostname.js';
import { isUniqueViolation } from '../domains/unique-violation.js';
import { tierLimitError } from '../http/tier-limit.js';
import { assertOwnScope } from '../integrations/integration-scope.js';
import { findOwnStatusPage, STATUS_PAGE_NOT_FOUND } from './find-own-status-page.js';
import { parseCreateBody, parseUpdateBody, sectionIds, updateStatusPageBody, type StatusPageInput } from './status-page-input.js';
import { plainUpdate } from '../http/plain-update.js';
import { parseId } from '../http/validate.js';

export const SLUG_TAKEN = 'Slug already taken';
export const HOSTNAME_TAKEN = 'Custom hostname already in use';

function columns(input: StatusPageInput): Partial<StatusPage> {
  const c: Partial<StatusPage> = {};
  if (input.slug !== undefined) c.slug = input.slug;
  if (input.title !== undefined) c.title = input.title;
  if (input.description !== undefined) c.description = input.description;
  if (input.sections !== undefined) c.sections = input.sections;
  if (input.theme !== undefined) c.theme = input.theme;
  if (input.is_public !== undefined) c.isPublic = input.is_public;
  if (input.show_uptime_bars !== undefined) c.showUptimeBars = input.show_uptime_bars;
  if (input.custom_hostname !== undefined) c.customHostname = input.custom_hostname;
  return c;
}

/** Sections name only the account's own monitors and domains (400); a custom hostname must be the account's (403). */
async function checkReferences(ctx: Context, account: Account, input: StatusPageInput, current?: StatusPage): Promise<void> {
  if (input.sections) await assertOwnScope(ctx, account.id, sectionIds(input.sections));
  if (input.custom_hostname && input.custom_hostname !== current?.customHostname) await requireOwnedHostname(ctx, account, input.custom_hostname);
}

/** A slug or hostname another page holds: 409, whoever's page it is (both are global names). */
export function conflictOf(e: unknown): unknown {
  if (!isUniqueViolation(e)) return e;
  const constraint = (e as { driverError?: { constraint?: string } }).driverError?.constraint ?? '';
  return new ConflictError(constraint.includes('hostname') ? HOSTNAME_TAKEN : SLUG_TAKEN);
}

/**
 * POST /status-pages. The page cap of the tier is atomic like the monitor cap, and taken only
 * when the tier has one: under the account's status-page lock (inLimitTransaction, taken with the
 * BEGIN; not the account row, so the account's other writes never wait for it), the pages are
 * counted and the page inserted in one transaction. The page and its entry are one statement (insertStatusPageAudited);
 * without a cap, that statement is the whole write.
 */
export async function createStatusPage(ctx: Context, account: Account, actor: AuditActor, body: unknown): Promise<StatusPage> {
  const input = parseCreateBody(body);
  await checkReferences(ctx, account, input);
  const limit = ctx.config.tiers[account.tier].statusPages;
  const insert = (m: EntityManager): Promise<StatusPage> =>
    insertStatusPageAudited(m, actor, { sections: [], theme: 'auto', isPublic: true, showUptimeBars: true, description: null, customHostname: null, ...columns(input), accountId: account.id, slug: input.slug, title: input.title });
  const page = await (limit === null
    ? insert(ctx.db.manager)
    : inLimitTransaction(ctx.db, 'status_pages', account.id, async (m) => {
        const n = await countStatusPages(m, account.id);
        if (n >= limit) throw tierLimitError('Status page limit reached', { tier: account.tier, limit, current: n, baseUrl: ctx.config.baseUrl });
        return insert(m);
      })
  ).catch((e: unknown) => {
    throw conflictOf(e);
  });
  await statusChanged(ctx, account.id);
  return page;
}

/** Fields that name nothing to check (sections and a custom hostname do) and are their own column as sent. */
const PLAIN = new Set(['slug', 'title', 'theme', 'is_public', 'show_uptime_bars']);

/**
 * PUT and PATCH /status-pages/{id}: partial update, validated like create. A body of PLAIN
 * fields is one statement without a read (updateOwnAudited; 404 as the read's, 409 as before).
 */
export async function updateStatusPage(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined, body: unknown): Promise<StatusPage> {
  const id = parseId(rawId, STATUS_PAGE_NOT_FOUND);
  const plain = plainUpdate(updateStatusPageBody, body, PLAIN);
  if (plain) {
    const saved = await updateOwnAudited(ctx.db.manager, actor, StatusPage, { id, accountId: account.id }, columns(plain), 'status_page').catch((e: unknown) => {
      throw conflictOf(e);
    });
    if (!saved) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
    await statusChanged(ctx, account.id);
    return saved;
  }
  const current = await findOwnStatusPage(ctx, account.id, rawId);
  const input = parseUpdateBody(body);
  await checkReferences(ctx, account, input, current);
  // One statement: the changed columns and the entry (updateAudited).
  const saved = await updateAudited(ctx.db.manager, actor, current, columns(input), { resource: 'status_page' }).catch((e: unknown) => {
    throw conflictOf(e);
  });
  if (!saved) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
  await statusChanged(ctx, account.id);
  return saved;
}

export async function deleteStatusPage(ctx: Context, account: Account, actor: AuditActor, rawId: string | string[] | undefined): Promise<StatusPage> {
  const page = await findOwnStatusPage(ctx, account.id, rawId);
  // One statement: the delete and its entry.
  await recordAuditAlong(ctx.db.manager, actor, [{ resource: 'status_page', id: page.id, action: 'delete', before: page }], [statusPageDelete(account.id, page.id)]);
  await statusChanged(ctx, account.id);
  return page;
}

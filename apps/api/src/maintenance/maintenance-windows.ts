import {
  cappedMaintenanceWindowInsert,
  countMaintenanceWindows,
  ForbiddenError,
  insertAudited,
  inLimitTransaction,
  MaintenanceWindow,
  maintenanceWindowDelete,
  maintenanceWindowOfAccount,
  maintenanceWindowOfRow,
  NotFoundError,
  snapshotOf,
  underLimitLock,
  updateAudited,
  updateOwnAudited,
  writeAudited,
  type AuditActor,
  type Context,
} from '@vigil/core';
import { plainUpdate } from '../http/plain-update.js';
import { parseId } from '../http/validate.js';
import { assertOwnScope } from '../integrations/integration-scope.js';
import { maintenanceBody, parseMaintenanceBody, resolveWindow } from './maintenance-input.js';

export const MAINTENANCE_WINDOW_NOT_FOUND = 'Maintenance window not found';
/** Windows per account: plenty for planned work, and a bound on what each check evaluates. */
export const MAX_WINDOWS_PER_ACCOUNT = 100;

/** The caller's window, or 404 (missing and foreign alike). */
export async function findOwnWindow(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<MaintenanceWindow> {
  const id = parseId(rawId, MAINTENANCE_WINDOW_NOT_FOUND);
  const found = await maintenanceWindowOfAccount(ctx.db, accountId, id);
  if (!found) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
  return found;
}

/**
 * POST: validates the window as a whole and its scope, then counts and saves under the account's
 * maintenance-window lock (the cap; not the account row, so the account's other writes never wait):
 * ONE statement counts, inserts below the cap and writes the entry (insertAudited), sent with
 * BEGIN, the lock and COMMIT in one round trip (underLimitLock; issue 35: it was BEGIN with the
 * lock, the statement and COMMIT, three, with the lock held across them). At the cap the
 * statement creates nothing, and the 403's `current` is counted under the lock again (the rare path).
 */
export async function createWindow(ctx: Context, actor: AuditActor, body: unknown): Promise<MaintenanceWindow> {
  const { accountId } = actor;
  const fields = resolveWindow(parseMaintenanceBody(body, { update: false }), null, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: fields.monitorIds, domainIds: fields.domainIds });
  const row = { accountId, ...fields };
  // The entry tells the new window as its entity would (snapshotOf): the id and creation date are the statement's.
  const after = snapshotOf(ctx.db.manager, Object.assign(new MaintenanceWindow(), row));
  const { count, insert } = cappedMaintenanceWindowInsert(row, MAX_WINDOWS_PER_ACCOUNT);
  const [saved] = await insertAudited<MaintenanceWindow>(underLimitLock(ctx.db, 'maintenance_windows', accountId), actor, insert, {
    resource: 'maintenance_window',
    action: 'create',
    after,
    writes: [count],
  });
  if (saved) return maintenanceWindowOfRow(saved);
  const current = await inLimitTransaction(ctx.db, 'maintenance_windows', accountId, (em) => countMaintenanceWindows(em, accountId));
  throw new ForbiddenError('Maintenance window limit reached', { limit: MAX_WINDOWS_PER_ACCOUNT, current, remaining: 0 });
}

/**
 * Fields that leave when the window happens and what it covers as they are: a stored window
 * stays valid as a whole (resolveWindow) whatever they say, and each is its own column.
 */
const PLAIN = new Set(['title', 'keep_checking']);

/**
 * PUT/PATCH: the fields sent change, and the merged window is validated again as a whole. A
 * body of PLAIN fields is one statement without a read (updateOwnAudited; 404 as the read's).
 */
export async function updateWindow(ctx: Context, actor: AuditActor, rawId: string | string[] | undefined, body: unknown): Promise<MaintenanceWindow> {
  const { accountId } = actor;
  const id = parseId(rawId, MAINTENANCE_WINDOW_NOT_FOUND);
  const plain = plainUpdate(maintenanceBody, body, PLAIN);
  if (plain) {
    const saved = await updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id, accountId }, { title: plain.title, keepChecking: plain.keep_checking }, 'maintenance_window');
    if (!saved) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
    return saved;
  }
  const current = await findOwnWindow(ctx, accountId, rawId);
  const input = parseMaintenanceBody(body, { update: true });
  const fields = resolveWindow(input, current, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: input.monitor_ids, domainIds: input.domain_ids });
  // One statement: the changed columns and the entry (updateAudited).
  const saved = await updateAudited(ctx.db.manager, actor, current, fields, { resource: 'maintenance_window' });
  if (!saved) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
  return saved;
}

/**
 * DELETE: the caller's window goes, with its entry: the read (the entry's `before`), then the
 * DELETE and the entry in one statement (writeAudited; it was a transaction of two). Gone
 * since the read (a concurrent delete): 404 and no second entry.
 */
export async function deleteWindow(ctx: Context, actor: AuditActor, rawId: string | string[] | undefined): Promise<MaintenanceWindow> {
  const window = await findOwnWindow(ctx, actor.accountId, rawId);
  const deleted = await writeAudited(ctx.db.manager, actor, { resource: 'maintenance_window', id: window.id, action: 'delete', before: window }, maintenanceWindowDelete(actor.accountId, window.id));
  if (!deleted.length) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
  return window;
}

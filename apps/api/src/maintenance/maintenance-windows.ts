import {
  countMaintenanceWindows,
  deleteMaintenanceWindowOfAccount,
  ForbiddenError,
  insertMaintenanceWindow,
  lockAccountLimit,
  maintenanceWindowOfAccount,
  NotFoundError,
  recordAudit,
  updateAudited,
  type AuditActor,
  type Context,
  type MaintenanceWindow,
} from '@vigil/core';
import { parseId } from '../http/validate.js';
import { assertOwnScope } from '../integrations/integration-scope.js';
import { parseMaintenanceBody, resolveWindow } from './maintenance-input.js';

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
 * maintenance-window lock (the cap; not the account row, so the account's other writes never wait).
 */
export async function createWindow(ctx: Context, actor: AuditActor, body: unknown): Promise<MaintenanceWindow> {
  const { accountId } = actor;
  const fields = resolveWindow(parseMaintenanceBody(body, { update: false }), null, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: fields.monitorIds, domainIds: fields.domainIds });
  return ctx.db.transaction(async (em) => {
    await lockAccountLimit(em, 'maintenance_windows', accountId);
    const count = await countMaintenanceWindows(em, accountId);
    if (count >= MAX_WINDOWS_PER_ACCOUNT) {
      throw new ForbiddenError('Maintenance window limit reached', { limit: MAX_WINDOWS_PER_ACCOUNT, current: count, remaining: 0 });
    }
    const saved = await insertMaintenanceWindow(em, { accountId, ...fields });
    await recordAudit(em, actor, [{ resource: 'maintenance_window', id: saved.id, action: 'create', after: saved }]);
    return saved;
  });
}

/** PUT/PATCH: the fields sent change, and the merged window is validated again as a whole. */
export async function updateWindow(ctx: Context, actor: AuditActor, rawId: string | string[] | undefined, body: unknown): Promise<MaintenanceWindow> {
  const { accountId } = actor;
  const current = await findOwnWindow(ctx, accountId, rawId);
  const input = parseMaintenanceBody(body, { update: true });
  const fields = resolveWindow(input, current, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: input.monitor_ids, domainIds: input.domain_ids });
  // One statement: the changed columns and the entry (updateAudited).
  const saved = await updateAudited(ctx.db.manager, actor, current, fields, { resource: 'maintenance_window' });
  if (!saved) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
  return saved;
}

/** DELETE: the caller's window goes, with its entry. */
export async function deleteWindow(ctx: Context, actor: AuditActor, rawId: string | string[] | undefined): Promise<MaintenanceWindow> {
  const window = await findOwnWindow(ctx, actor.accountId, rawId);
  await ctx.db.transaction(async (em) => {
    await deleteMaintenanceWindowOfAccount(em, actor.accountId, window.id);
    await recordAudit(em, actor, [{ resource: 'maintenance_window', id: window.id, action: 'delete', before: window }]);
  });
  return window;
}

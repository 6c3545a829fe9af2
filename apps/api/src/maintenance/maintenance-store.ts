import { Account, ForbiddenError, MaintenanceWindow, NotFoundError, type Context } from '@vigil/core';
import { parseId } from '../http/validate.js';
import { assertOwnScope } from '../integrations/integration-scope.js';
import { parseMaintenanceBody, resolveWindow } from './maintenance-input.js';

export const MAINTENANCE_WINDOW_NOT_FOUND = 'Maintenance window not found';
/** Windows per account: plenty for planned work, and a bound on what each check evaluates. */
export const MAX_WINDOWS_PER_ACCOUNT = 100;

/** The caller's window, or 404 (missing and foreign alike). */
export async function findOwnWindow(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<MaintenanceWindow> {
  const id = parseId(rawId, MAINTENANCE_WINDOW_NOT_FOUND);
  const found = await ctx.db.getRepository(MaintenanceWindow).findOneBy({ id, accountId });
  if (!found) throw new NotFoundError(MAINTENANCE_WINDOW_NOT_FOUND);
  return found;
}

/** POST: validates the window as a whole and its scope, then saves under the account lock (cap). */
export async function createWindow(ctx: Context, accountId: number, body: unknown): Promise<MaintenanceWindow> {
  const fields = resolveWindow(parseMaintenanceBody(body, { update: false }), null, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: fields.monitorIds, domainIds: fields.domainIds });
  return ctx.db.transaction(async (em) => {
    await em.getRepository(Account).createQueryBuilder('a').setLock('pessimistic_write').where('a.id = :accountId', { accountId }).getOne();
    const count = await em.getRepository(MaintenanceWindow).countBy({ accountId });
    if (count >= MAX_WINDOWS_PER_ACCOUNT) {
      throw new ForbiddenError('Maintenance window limit reached', { limit: MAX_WINDOWS_PER_ACCOUNT, current: count, remaining: 0 });
    }
    return em.getRepository(MaintenanceWindow).save({ accountId, ...fields });
  });
}

/** PUT/PATCH: the fields sent change, and the merged window is validated again as a whole. */
export async function updateWindow(ctx: Context, accountId: number, rawId: string | string[] | undefined, body: unknown): Promise<MaintenanceWindow> {
  const current = await findOwnWindow(ctx, accountId, rawId);
  const input = parseMaintenanceBody(body, { update: true });
  const fields = resolveWindow(input, current, ctx.clock.now());
  await assertOwnScope(ctx, accountId, { monitorIds: input.monitor_ids, domainIds: input.domain_ids });
  return ctx.db.getRepository(MaintenanceWindow).save({ ...current, ...fields });
}

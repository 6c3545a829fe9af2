import { NotFoundError, statusPageOfAccount, type Context, type StatusPage } from '@vigil/core';
import { parseId } from '../http/validate.js';

export const STATUS_PAGE_NOT_FOUND = 'Status page not found';

/** The caller's status page, or 404 "Status page not found" (missing and foreign alike). */
export async function findOwnStatusPage(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<StatusPage> {
  const id = parseId(rawId, STATUS_PAGE_NOT_FOUND);
  const found = await statusPageOfAccount(ctx.db, accountId, id);
  if (!found) throw new NotFoundError(STATUS_PAGE_NOT_FOUND);
  return found;
}

import { integrationOfAccount, NotFoundError, type Context, type Integration } from '@vigil/core';
import { parseId } from '../http/validate.js';

export const INTEGRATION_NOT_FOUND = 'Integration not found';

/** The caller's integration, or 404 "Integration not found" (missing and foreign alike). */
export async function findOwnIntegration(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<Integration> {
  const id = parseId(rawId, INTEGRATION_NOT_FOUND);
  const found = await integrationOfAccount(ctx.db, accountId, id);
  if (!found) throw new NotFoundError(INTEGRATION_NOT_FOUND);
  return found;
}

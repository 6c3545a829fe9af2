import { NotFoundError, scanOfAccount, type Context, type Scan } from '@vigil/core';
import { parseId } from '../http/validate.js';

export const SCAN_NOT_FOUND = 'Scan not found';

/** The caller's scan by path id; another account's is answered exactly like a missing one. */
export async function findOwnScan(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<Scan> {
  const id = parseId(rawId, SCAN_NOT_FOUND);
  const scan = await scanOfAccount(ctx.db, accountId, id);
  if (!scan) throw new NotFoundError(SCAN_NOT_FOUND);
  return scan;
}

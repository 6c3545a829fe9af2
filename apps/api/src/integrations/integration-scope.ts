import { ownedIds, ValidationError, type Context, type OwnedTable } from '@vigil/core';

/** Which of `ids` are not rows of the account in `table` (another account's count as missing). */
export async function missingIds(ctx: Context, table: OwnedTable, accountId: number, ids: number[]): Promise<number[]> {
  const found = await ownedIds(ctx.db, table, accountId, ids);
  return ids.filter((id) => !found.has(id));
}

/** Scopes may only name the account's own monitors and domains (400 otherwise). */
export async function assertOwnScope(ctx: Context, accountId: number, scope: { monitorIds?: number[]; domainIds?: number[] }): Promise<void> {
  const monitors = await missingIds(ctx, 'monitors', accountId, scope.monitorIds ?? []);
  if (monitors.length) throw new ValidationError(`Invalid monitor_ids: no such monitor: ${monitors.join(', ')}`);
  const domains = await missingIds(ctx, 'domains', accountId, scope.domainIds ?? []);
  if (domains.length) throw new ValidationError(`Invalid domain_ids: no such domain: ${domains.join(', ')}`);
}

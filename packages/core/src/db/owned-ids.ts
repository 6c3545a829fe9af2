import type { Queryable } from './queryable.js';

/** The tables whose rows an account names by id in another resource (scopes, pages, windows). */
export type OwnedTable = 'monitors' | 'domains' | 'integrations';

/** Which of `ids` are rows of the account in `table` (another account's are not). */
export async function ownedIds(em: Queryable, table: OwnedTable, accountId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await em.query<{ id: number }[]>(`SELECT id FROM ${table} WHERE account_id = $1 AND id = ANY($2::int[])`, [accountId, ids]);
  return new Set(rows.map((r) => r.id));
}

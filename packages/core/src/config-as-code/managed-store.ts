import type { Queryable } from '../db/queryable.js';
import type { Read } from '../db/reads-as-one.js';

/**
 * The store of config-as-code's managed rows (issue 30): which objects of an account apply
 * created or took over, under the key its document names them by.
 */

/** A managed row as stored (the API reads `kind` against the kinds it knows). */
export interface ManagedRowRecord {
  kind: string;
  key: string;
  resourceId: number;
}

/** A read (readsAsOne) of the account's managed rows. */
export function managedRowsRead(accountId: number): Read<ManagedRowRecord[]> {
  return {
    statement: { sql: 'SELECT kind, key, resource_id AS "resourceId" FROM config_managed WHERE account_id = $1', params: [accountId] },
    of: (rows) => rows as ManagedRowRecord[],
  };
}

/** Makes the account's managed rows exactly `rows` (one statement each way). */
export async function replaceManagedRows(em: Queryable, accountId: number, rows: readonly ManagedRowRecord[]): Promise<void> {
  await em.query('DELETE FROM config_managed WHERE account_id = $1', [accountId]);
  if (!rows.length) return;
  await em.query(
    `INSERT INTO config_managed (account_id, kind, key, resource_id)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])`,
    [accountId, rows.map((r) => r.kind), rows.map((r) => r.key), rows.map((r) => r.resourceId)],
  );
}

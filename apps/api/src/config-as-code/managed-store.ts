import type { EntityManager } from 'typeorm';
import { KINDS, type Kind } from './document.js';

/** An object apply created or took over, under the key the document names it by. */
export interface ManagedRow {
  kind: Kind;
  key: string;
  resourceId: number;
}

const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

export async function loadManaged(em: EntityManager, accountId: number): Promise<ManagedRow[]> {
  const rows = (await em.query('SELECT kind, key, resource_id FROM config_managed WHERE account_id = $1', [accountId])) as { kind: string; key: string; resource_id: number }[];
  return rows.flatMap((r) => (isKind(r.kind) ? [{ kind: r.kind, key: r.key, resourceId: r.resource_id }] : []));
}

/**
 * Makes the account's managed rows exactly `rows` (one statement each way): rows of objects
 * deleted, by apply or by hand, go; new and taken-over objects are added.
 */
export async function saveManaged(em: EntityManager, accountId: number, rows: ManagedRow[]): Promise<void> {
  await em.query('DELETE FROM config_managed WHERE account_id = $1', [accountId]);
  if (!rows.length) return;
  await em.query(
    `INSERT INTO config_managed (account_id, kind, key, resource_id)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])`,
    [accountId, rows.map((r) => r.kind), rows.map((r) => r.key), rows.map((r) => r.resourceId)],
  );
}

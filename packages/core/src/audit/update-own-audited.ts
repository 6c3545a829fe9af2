import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { entityPlan, hydrated } from '../db/entity-rows.js';
import { isSecretName, MAX_STRING } from './audit-diff.js';
import { AUDIT_COLUMNS, auditRowValues } from './audit-store.js';
import type { AuditActor } from './record-audit.js';
import { updateAudited } from './update-audited.js';
import { quoteIdentifier } from '../db/quote-identifier.js';

/** The row updateOwnAudited writes: its id, its account, and optionally more columns it must have (say, the parent named by the path). */
export interface OwnRowKey<E> {
  id: number;
  accountId: number;
  /** Further columns the row must hold, by the entity's property names (a notice's statusPageId). */
  also?: { readonly [P in keyof E & string]?: number };
}

export interface UpdateOwnAuditedOptions {
  /** The update date to set (the injected clock's), written even when no column differs, as updateAudited's option. */
  updatedAt?: Date;
}

/** The SQL type a plain value is compared, written and told as (its JSON in the entry is the one fieldDiff gives). */
function sqlTypeOf(value: unknown): string | null {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return 'bigint';
  return null;
}

/**
 * updateAudited for the row of `id` of the account `accountId`, without the caller's read (issue
 * 35: a PUT or PATCH was a read for the 404 and the entry's "before", then updateAudited's
 * statement; now ONE statement):
 *
 *   WITH r AS (SELECT <row> FROM t WHERE id = $1 AND account_id = $2),
 *        o AS (SELECT <row> FROM t WHERE id = $1 AND account_id = $2 AND (<a column differs>) FOR UPDATE),
 *        d AS (SELECT <no string fieldDiff would cut> AS plain, <the diff as fieldDiff tells it> AS told FROM o),
 *        u AS (UPDATE t SET <changes>, updated_at = CURRENT_TIMESTAMP FROM d WHERE t.id = $1 AND d.plain RETURNING updated_at),
 *        a AS (INSERT INTO audit_log ... SELECT ..., d.told FROM d WHERE d.plain AND d.told <> '{}')
 *   SELECT r.*, d.plain, (SELECT updated_at FROM u) FROM r
 *
 * `changes` are plain values only (integers, booleans, strings; undefined: left as it is) of
 * columns whose name an entry does not mask: their entry JSON is the column's own (to_jsonb),
 * as fieldDiff shows it as long as a string is at most MAX_STRING long. A row where a column
 * differs is locked before it is told, so the entry's "before" is the value the update replaced,
 * also under concurrent writes; a row where none differs is neither locked nor written (no
 * transaction id, no commit to flush: many requests setting one row to the value it has do not
 * queue on its lock). A string that fieldDiff would cut (over MAX_STRING bytes, either side)
 * writes nothing in that statement, and the write goes updateAudited's way with the row it read
 * (a second statement, as before). Semantics otherwise updateAudited's: written only when a
 * column differs from the row as it stands, the update date then set to now, no entry without a
 * field that differs. With `updatedAt` given, the row is written (so locked) with that date even
 * when no column differs, as updateAudited's option, and still told only for a field that
 * differs. `key.also` names more columns the row must hold (a notice's page, from the path): a
 * row without them is the caller's 404 as another account's is. Returns the entity with
 * `changes` applied and its update date, or null when the account has no such row (missing or
 * another account's: the caller's 404; nothing written).
 */
export async function updateOwnAudited<E extends ObjectLiteral>(
  m: EntityManager,
  actor: AuditActor,
  target: EntityTarget<E>,
  key: OwnRowKey<E>,
  changes: Partial<E>,
  resource: string,
  { updatedAt: setUpdatedAt }: UpdateOwnAuditedOptions = {},
): Promise<E | null> {
  const meta = m.connection.getMetadata(target);
  const primary = meta.primaryColumns[0];
  const owner = meta.findColumnWithPropertyPath('accountId');
  if (!primary || !owner) throw new Error(`updateOwnAudited: ${meta.tableName} needs an id and an account id`);
  const plan = entityPlan(m, target);
  const table = quoteIdentifier(meta.tableName);
  const id = quoteIdentifier(primary.databaseName);
  const params: unknown[] = [key.id, key.accountId];
  const where = [`${id} = $1`, `${quoteIdentifier(owner.databaseName)} = $2`];
  for (const [property, value] of Object.entries<number | undefined>(key.also ?? {})) {
    if (value === undefined) continue;
    const column = meta.findColumnWithPropertyPath(property);
    if (!column) throw new Error(`updateOwnAudited: ${meta.tableName} has no property ${property}`);
    params.push(value);
    where.push(`${quoteIdentifier(column.databaseName)} = $${params.length}`);
  }
  const set: string[] = [];
  const differs: string[] = [];
  const plain: string[] = [];
  const told: string[] = [];
  const given = Object.entries(changes).filter(([, v]) => v !== undefined);
  for (const [property, value] of given) {
    const column = meta.findColumnWithPropertyPath(property);
    const type = sqlTypeOf(value);
    if (!column || !type || isSecretName(column.databaseName)) throw new Error(`updateOwnAudited: ${meta.tableName}.${property} is not a plain column value`);
    params.push(value);
    const name = quoteIdentifier(column.databaseName);
    const param = `$${params.length}::${type}`;
    set.push(`${name} = ${param}`);
    differs.push(`${name} IS DISTINCT FROM ${param}`);
    if (type === 'text') plain.push(`coalesce(octet_length(o.${name}), 0) <= ${MAX_STRING}`, `octet_length(${param}) <= ${MAX_STRING}`);
    told.push(`CASE WHEN o.${name} IS DISTINCT FROM ${param} THEN jsonb_build_object('${column.databaseName}', jsonb_build_object('before', o.${name}, 'after', ${param})) ELSE '{}'::jsonb END`);
  }
  if (!set.length) throw new Error('updateOwnAudited: no change given');
  const updated = meta.updateDateColumn;
  if (updated && setUpdatedAt) {
    // A date the caller sets is a change in itself (as updateAudited): the row is written, so locked, even when no column differs.
    params.push(setUpdatedAt);
    set.push(`${quoteIdentifier(updated.databaseName)} = $${params.length}::timestamptz`);
  } else if (updated) set.push(`${quoteIdentifier(updated.databaseName)} = CURRENT_TIMESTAMP`);
  const entry = auditRowValues({ accountId: actor.accountId, at: actor.now(), keyId: actor.keyId, keyName: actor.keyName, ip: actor.ip, resourceType: resource, resourceId: String(key.id), action: 'update', changes: {} });
  const first = params.length + 1;
  // The entry's last value is its changes: built from the locked row instead.
  params.push(...entry.slice(0, -1));
  const values = [...entry.slice(0, -1).map((_, i) => `$${first + i}`), 'd.told'];
  const own = `${table} WHERE ${where.join(' AND ')}`;
  const sql =
    `WITH r AS (SELECT ${plan.select} FROM ${own}), ` +
    `o AS (SELECT ${plan.select} FROM ${own} AND (${setUpdatedAt ? 'true' : differs.join(' OR ')}) FOR UPDATE), ` +
    `d AS (SELECT ${plain.length ? plain.join(' AND ') : 'true'} AS plain, ${told.join(' || ')} AS told FROM o), ` +
    `u AS (UPDATE ${table} SET ${set.join(', ')} FROM d WHERE ${table}.${id} = $1 AND d.plain RETURNING ${updated ? `${table}.${quoteIdentifier(updated.databaseName)}` : 'NULL'} AS v), ` +
    // No entry without a field that differs (only a given update date can write such a row).
    `a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT ${values.join(', ')} FROM d WHERE d.plain AND d.told <> '{}'::jsonb) ` +
    'SELECT r.*, coalesce((SELECT plain FROM d), true) AS "vigil$plain", (SELECT v FROM u) AS "vigil$updated" FROM r';
  const [row] = await m.query<Record<string, unknown>[]>(sql, params);
  if (!row) return null;
  const entity = hydrated(m, target, plan, row);
  if (row['vigil$plain'] !== true) return updateAudited(m, actor, entity, changes, { resource, updatedAt: setUpdatedAt });
  Object.assign(entity, Object.fromEntries(given));
  const date = row['vigil$updated'];
  if (updated && date !== null) updated.setEntityValue(entity, m.connection.driver.prepareHydratedValue(date, updated));
  actor.recorded?.();
  return entity;
}

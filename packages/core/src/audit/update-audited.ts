import type { EntityManager, ObjectLiteral } from 'typeorm';
import { fieldDiff } from './audit-diff.js';
import { AUDIT_COLUMNS, auditRowValues } from './audit-store.js';
import { snapshotOf, type AuditAction, type AuditActor } from './record-audit.js';
import { quoteIdentifier } from '../db/quote-identifier.js';

export interface UpdateAuditedOptions {
  /** The entry's resource type ('domain', 'status_page'...). */
  resource: string;
  /** The entry's action: 'update' (the default), or e.g. 'rotate'. */
  action?: AuditAction;
  /** The update date to set (the injected clock's, as a caller that set it before save() did), written even when nothing else changed. */
  updatedAt?: Date;
}

/**
 * An update of one entity and its audit entry in ONE statement (issue 35), where there was a
 * transaction (BEGIN, TypeORM's save reading the row again to compare it, the UPDATE,
 * recordAudit's INSERT, COMMIT: five round trips and the persistence machinery):
 *
 *   WITH u AS (UPDATE t SET c = $2, updated_at = now() WHERE id = $1 AND (c IS DISTINCT FROM $2) RETURNING updated_at),
 *        a AS (INSERT INTO audit_log ... SELECT ... FROM t WHERE id = $1)
 *   SELECT (SELECT updated_at FROM u), updated_at FROM t WHERE id = $1
 *
 * As save() did: the properties `changes` sets (undefined: left as they are) are written only
 * when one of them differs from the row as it stands (compared by PostgreSQL, so a concurrent
 * change counts), the update date then set to now; nothing differs, nothing is written and the
 * update date stays. As recordAudit did: the entry tells the fields that differ between `entity`
 * as the caller read it and as `changes` leaves it (no entry for an 'update' without such a
 * field; another action always has one). The update and the entry commit together, without a
 * transaction of their own (decisions: "Audit log"); on a transaction's manager, as part of it.
 * Returns the entity with `changes` applied and the row's update date, or null when the row is
 * gone (deleted since it was read: the caller answers its 404, and no entry is written).
 */
export async function updateAudited<E extends ObjectLiteral>(
  m: EntityManager,
  actor: AuditActor,
  entity: E,
  changes: Partial<E>,
  { resource, action = 'update', updatedAt: setUpdatedAt }: UpdateAuditedOptions,
): Promise<E | null> {
  const meta = m.connection.getMetadata(entity.constructor);
  const [primary, ...more] = meta.primaryColumns;
  if (!primary || more.length) throw new Error(`updateAudited: ${meta.tableName} needs exactly one primary column`);
  const before = snapshotOf(m, entity);
  // An undefined property is one the caller leaves as it is (as save() skips it).
  const given = Object.entries(changes).filter(([, v]) => v !== undefined);
  Object.assign(entity, Object.fromEntries(given));
  const diff = fieldDiff(before, snapshotOf(m, entity));
  const told = Object.keys(diff).length > 0 || action !== 'update';
  const updated = meta.updateDateColumn;
  const table = quoteIdentifier(meta.tableName);
  const id = quoteIdentifier(primary.databaseName);
  const params: unknown[] = [primary.getEntityValue(entity)];
  const set: string[] = [];
  const differs: string[] = [];
  for (const [property] of given) {
    const column = meta.findColumnWithPropertyPath(property);
    if (!column) throw new Error(`updateAudited: ${meta.tableName} has no property ${property}`);
    params.push(m.connection.driver.preparePersistentValue(column.getEntityValue(entity), column));
    set.push(`${quoteIdentifier(column.databaseName)} = $${params.length}`);
    differs.push(`${quoteIdentifier(column.databaseName)} IS DISTINCT FROM $${params.length}`);
  }
  if (updated && setUpdatedAt) {
    // A date the caller set is a change in itself (save() compared it too).
    params.push(setUpdatedAt);
    set.push(`${quoteIdentifier(updated.databaseName)} = $${params.length}`);
    differs.length = 0;
  } else if (updated && set.length) set.push(`${quoteIdentifier(updated.databaseName)} = CURRENT_TIMESTAMP`);
  if (!set.length && !told) {
    actor.recorded?.();
    return entity;
  }
  const dated = updated ? quoteIdentifier(updated.databaseName) : id;
  const parts: string[] = [];
  if (set.length) parts.push(`u AS (UPDATE ${table} SET ${set.join(', ')} WHERE ${id} = $1${differs.length ? ` AND (${differs.join(' OR ')})` : ''} RETURNING ${dated} AS v)`);
  if (told) {
    const entry = auditRowValues({
      accountId: actor.accountId,
      at: actor.now(),
      keyId: actor.keyId,
      keyName: actor.keyName,
      ip: actor.ip,
      resourceType: resource,
      resourceId: String(params[0]),
      action,
      changes: diff,
    });
    const first = params.length + 1;
    params.push(...entry);
    parts.push(`a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT ${entry.map((_, i) => `$${first + i}`).join(', ')} FROM ${table} WHERE ${id} = $1)`);
  }
  // The main query reads the row as it was before the statement: gone, or its update date then.
  const rows: { v: unknown; was: unknown }[] = await m.query(
    `${parts.length ? `WITH ${parts.join(', ')} ` : ''}SELECT ${set.length ? '(SELECT v FROM u)' : 'NULL'} AS v, ${dated} AS was FROM ${table} WHERE ${id} = $1`,
    params,
  );
  const [row] = rows;
  if (!row) return null;
  if (updated) updated.setEntityValue(entity, m.connection.driver.prepareHydratedValue(row.v ?? row.was, updated));
  actor.recorded?.();
  return entity;
}

import type { EntityManager, ObjectLiteral } from 'typeorm';
import { fieldDiff } from './audit-diff.js';
import { AUDIT_COLUMNS, auditRowValues } from './audit-store.js';
import { recordAudit, snapshotOf, type AuditAction, type AuditActor } from './record-audit.js';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface UpdateAuditedOptions {
  /** The entry's resource type ('domain', 'status_page'...). */
  resource: string;
  /** The entry's action: 'update' (the default), or e.g. 'rotate'. */
  action?: AuditAction;
  /** The update date to set (the injected clock's, as a caller that set it before save() did), written even when nothing else changed. */
  updatedAt?: Date;
}

/**
 * An update of one entity and its audit entry in ONE statement (issue 35): the UPDATE of the
 * columns `changes` changes (the update-date column set to now) and the INSERT of the entry,
 * `WITH u AS (UPDATE ... RETURNING updated_at), a AS (INSERT INTO audit_log ... SELECT ... FROM u)`,
 * which commit together or not at all without a transaction of their own (decisions: "Audit log").
 * What it replaces: a transaction (BEGIN, TypeORM's save reading the row again to diff it, the
 * UPDATE, recordAudit's INSERT, COMMIT), five round trips and the persistence machinery.
 *
 * `entity` is the row as read (the entry's "before"); `changes` its properties as they are to be.
 * The columns written are those the entry tells changed (fieldDiff of the two snapshots, the same
 * comparison the entry makes): nothing changed, no statement and no entry (as save() wrote
 * nothing and recordAudit left no entry for an update without a change). Returns the entity with
 * `changes` applied and the database's update date, or null when the row is gone (deleted since
 * it was read: the caller answers its 404). Runs on `m` as it is: inside a transaction, as part of
 * it; else as a statement of its own.
 */
export async function updateAudited<E extends ObjectLiteral>(
  m: EntityManager,
  actor: AuditActor,
  entity: E,
  changes: Partial<E>,
  { resource, action = 'update', updatedAt: setUpdatedAt }: UpdateAuditedOptions,
): Promise<E | null> {
  const meta = m.connection.getMetadata(entity.constructor);
  const before = snapshotOf(m, entity);
  // An undefined property is one the caller leaves as it is (as save() skips it).
  Object.assign(entity, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)));
  const diff = fieldDiff(before, snapshotOf(m, entity));
  const changed = Object.keys(diff);
  const updated = meta.updateDateColumn;
  if (!changed.length && !(setUpdatedAt && updated)) {
    // Another action than an update is told even when it changed no field (recordAudit's rule).
    await recordAudit(m, actor, action === 'update' ? [] : [{ resource, id: String(meta.primaryColumns[0]?.getEntityValue(entity)), action, before, after: before }]);
    return entity;
  }
  const [primary, ...more] = meta.primaryColumns;
  if (!primary || more.length) throw new Error(`updateAudited: ${meta.tableName} needs exactly one primary column`);
  const params: unknown[] = [primary.getEntityValue(entity)];
  const set = changed.map((name) => {
    const column = meta.findColumnWithDatabaseName(name);
    if (!column) throw new Error(`updateAudited: ${meta.tableName} has no column ${name}`);
    params.push(m.connection.driver.preparePersistentValue(column.getEntityValue(entity), column));
    return `${quoted(name)} = $${params.length}`;
  });
  if (updated && setUpdatedAt) {
    params.push(setUpdatedAt);
    set.push(`${quoted(updated.databaseName)} = $${params.length}`);
  } else if (updated) set.push(`${quoted(updated.databaseName)} = CURRENT_TIMESTAMP`);
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
  // An update without a change (only the update date set) leaves no entry, as recordAudit.
  const told = changed.length > 0 || action !== 'update';
  if (told) params.push(...entry);
  const returned = updated ? quoted(updated.databaseName) : quoted(primary.databaseName);
  const audit = told ? `, a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT ${entry.map((_, i) => `$${first + i}`).join(', ')} FROM u)` : '';
  const rows: Record<string, unknown>[] = await m.query(
    `WITH u AS (UPDATE ${quoted(meta.tableName)} SET ${set.join(', ')} WHERE ${quoted(primary.databaseName)} = $1 RETURNING ${returned} AS v)${audit} SELECT v FROM u`,
    params,
  );
  const [row] = rows;
  if (!row) return null;
  if (updated) updated.setEntityValue(entity, m.connection.driver.prepareHydratedValue(row.v, updated));
  actor.recorded?.();
  return entity;
}

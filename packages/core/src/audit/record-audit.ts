import type { EntityManager, ObjectLiteral } from 'typeorm';
import { fieldDiff, type Snapshot } from './audit-diff.js';
import { AUDIT_COLUMNS, auditInsert, auditRowValues, insertAuditRows, type NewAuditRow } from './audit-store.js';
import { runAsOne, type Statement } from '../db/one-statement.js';

/** What an entry can say was done. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'pause',
  'resume',
  'acknowledge',
  'rotate',
  'revoke',
  'check',
  'scan',
  'test',
  'redeliver',
  'verify',
  'apply',
  'tier_change',
  'use_from_new_ip',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who makes the changes: the account, its key (null for an operator) and the client IP. */
export interface AuditActor {
  accountId: number;
  keyId: number | null;
  keyName: string | null;
  ip: string | null;
  /** The time of an entry (the injected clock). */
  now: () => Date;
  /** Told each time entries are recorded (the API checks that a write answered 2xx recorded one). */
  recorded?: () => void;
}

/**
 * One change: the resource (type and id), the action, and the resource before and after it
 * (an entity, whose columns are read through its metadata, or a plain snapshot); null or
 * absent: it did not exist on that side (create, delete) or the action changes no field.
 */
export interface AuditChange {
  resource: string;
  id: number | string;
  action: AuditAction;
  before?: ObjectLiteral | null;
  after?: ObjectLiteral | null;
}


/** Columns every row has that say nothing about the change. */
const UNTOLD = new Set(['account_id', 'updated_at']);

/** An entity's columns by their column names; a plain object (a row, a snapshot) as it is. */
export function snapshotOf(m: EntityManager, value: ObjectLiteral): Snapshot {
  const entries = m.connection.hasMetadata(value.constructor)
    ? m.connection.getMetadata(value.constructor).columns.map((c): [string, unknown] => [c.databaseName, c.getEntityValue(value)])
    : Object.entries(value);
  return Object.fromEntries(entries.filter(([name]) => !UNTOLD.has(name)));
}

/**
 * Records `changes` with the transaction `m` of the change itself, so a change commits with
 * its entries or not at all (decisions: "Audit log"). An update that changed no field leaves
 * no entry. Every write of the API calls this (config-as-code included: one call with its
 * whole list of changes, in the apply's transaction).
 */
export async function recordAudit(m: EntityManager, actor: AuditActor, changes: readonly AuditChange[]): Promise<void> {
  await insertAuditRows(m, auditRowsOf(m, actor, changes));
  actor.recorded?.();
}

/** The entries recordAudit writes for `changes` (all at one time), for a statement that writes them itself. */
export function auditRowsOf(m: EntityManager, actor: AuditActor, changes: readonly AuditChange[]): NewAuditRow[] {
  const at = actor.now();
  return changes.flatMap((c): NewAuditRow[] => {
    const before = c.before ? snapshotOf(m, c.before) : null;
    const after = c.after ? snapshotOf(m, c.after) : null;
    const diff = before || after ? fieldDiff(before, after) : {};
    if (c.action === 'update' && !Object.keys(diff).length) return [];
    return [{ accountId: actor.accountId, at, keyId: actor.keyId, keyName: actor.keyName, ip: actor.ip, resourceType: c.resource, resourceId: String(c.id), action: c.action, changes: diff }];
  });
}

/**
 * recordAudit in the same statement as the transaction's other writes (issue 35): `writes` and
 * the entries' INSERT as WITH queries, `last` the main query (oneStatement); its rows. For a
 * change of a few entries (a create, a delete): one round trip where there were several.
 */
export async function recordAuditAlong<Row>(m: EntityManager, actor: AuditActor, changes: readonly AuditChange[], writes: readonly Statement[], last?: Statement): Promise<Row[]> {
  const rows = auditRowsOf(m, actor, changes);
  const entries = rows.length ? [auditInsert(rows)] : [];
  const parts = [...writes, ...entries];
  const answer = parts.length || last ? await runAsOne<Row>(m, parts, last) : [];
  actor.recorded?.();
  return answer;
}

/**
 * One write (an UPDATE or DELETE with RETURNING) and its entry in ONE statement, the entry
 * written only when the write touched a row (issue 35: where a transaction wrote and then
 * recorded, rolling both back when the row was gone):
 *
 *   WITH w AS (<write>), a AS (INSERT INTO audit_log (...) SELECT $n+1, ... FROM (SELECT 1 FROM w LIMIT 1) x) SELECT * FROM w
 *
 * The write's rows (none: nothing written, no entry). `change` as for recordAudit (an 'update'
 * without a field that differs leaves no entry).
 */
export async function writeAudited<Row>(m: EntityManager, actor: AuditActor, change: AuditChange, write: Statement): Promise<Row[]> {
  return writeAuditedWith(m, actor, change, write, []);
}

/**
 * writeAudited with `along`: more writes of the same statement, WITH queries after the write's,
 * each numbering its parameters from $1, that may read the write's rows as `w` (e.g. a schedule
 * change written only when the write touched a row: scheduleChangesInsertIf(changes, 'w')).
 */
export async function writeAuditedWith<Row>(m: EntityManager, actor: AuditActor, change: AuditChange, write: Statement, along: readonly Statement[]): Promise<Row[]> {
  const [entry] = auditRowsOf(m, actor, [change]);
  const params = [...write.params];
  let sql = `WITH w AS (${write.sql})`;
  along.forEach((s, i) => {
    const offset = params.length;
    params.push(...s.params);
    sql += `, x${i} AS (${s.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  if (entry) {
    const values = auditRowValues(entry);
    sql += `, a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT ${values.map((_, i) => `$${params.length + i + 1}`).join(', ')} FROM (SELECT 1 FROM w LIMIT 1) x)`;
    params.push(...values);
  }
  const rows = await m.query<Row[]>(`${sql} SELECT * FROM w`, params);
  if (rows.length) actor.recorded?.();
  return rows;
}

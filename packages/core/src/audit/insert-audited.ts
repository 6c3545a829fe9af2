import { fieldDiff, type Snapshot } from './audit-diff.js';
import { AUDIT_COLUMNS, auditRowValues } from './audit-store.js';
import type { AuditAction, AuditActor } from './record-audit.js';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { quoteIdentifier } from '../db/quote-identifier.js';

/** audit_log's columns' types, in AUDIT_COLUMNS' order (the entries' SELECTs are a UNION: their parameters need them). */
const TYPES = ['integer', 'timestamptz', 'integer', 'text', 'text', 'text', 'text', 'text', 'jsonb'];

const DEFAULT_GENERATED = { id: { column: 'id', time: false }, created_at: { column: 'createdAt', time: true } };
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** An entry written with the created row (e.g. the revocation of the key a rotation replaces). */
export interface AlongEntry {
  resource: string;
  id: number | string;
  action: AuditAction;
  /** The entry's fields, as recordAudit's `before` and `after` (plain snapshots). */
  before: Snapshot | null;
  after: Snapshot | null;
}

export interface InsertAuditedOptions {
  /** The created row's entry: its resource type and action ('create', 'rotate'...). */
  resource: string;
  action: AuditAction;
  /**
   * The new row as its entry tells it (the snapshot recordAudit's `after` gave), WITHOUT the
   * fields the database makes (`generated`): the statement adds those to the entry.
   */
  after: Snapshot;
  /**
   * The entry's fields the INSERT makes, each the name of a column of its RETURNING list and
   * whether it is a time (a timestamptz, told as toISOString tells the Date pg reads back) or a
   * number; default: `id` from "id" and `created_at` from "createdAt".
   */
  generated?: Readonly<Record<string, { column: string; time: boolean }>>;
  /** Entries written before the created row's, in the same statement, when the row is created. */
  along?: readonly AlongEntry[];
  /**
   * Writes the INSERT depends on, as WITH queries named w0, w1, ... in this order (the INSERT
   * may read them, e.g. `INSERT ... SELECT ... FROM w0` creates nothing when w0 changed no row).
   */
  writes?: readonly Statement[];
  /**
   * Writes that depend on the created row, as WITH queries after the INSERT's, named t0, t1,
   * ... in this order, each reading the created rows as `n` (e.g. a schedule change naming the
   * id the database made).
   */
  then?: readonly Statement[];
}

/**
 * A create and its audit entry in ONE statement (issue 35), where there was a transaction
 * (BEGIN, the INSERT, recordAudit's INSERT, COMMIT: four round trips):
 *
 *   WITH n AS (INSERT ... RETURNING id, created_at AS "createdAt", ...),
 *        a AS (INSERT INTO audit_log ... SELECT ..., $changes || {id, created_at of n} FROM n)
 *   SELECT * FROM n
 *
 * `insert` is the INSERT; its RETURNING must name the row's id `id` (the entry's resource id)
 * and the columns `generated` names. The entry is the one recordAudit writes for `{action, after:
 * the new row}`: the fields of `after` that are not null (fieldDiff), and the generated ones as
 * the database made them (a time written as Date.prototype.toISOString writes the Date pg reads
 * back: milliseconds, truncated, UTC). An entry commits with its row or not at all; no row
 * created (an INSERT ... SELECT that selected none), no entry. Returns the INSERT's rows.
 */
export async function insertAudited<Row>(q: Queryable, actor: AuditActor, insert: Statement, opts: InsertAuditedOptions): Promise<Row[]> {
  const params: unknown[] = [];
  const renumbered = (s: Statement) => {
    const offset = params.length;
    params.push(...s.params);
    return s.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  const at = actor.now();
  const entry = (resource: string, id: string, action: AuditAction, before: Snapshot | null, after: Snapshot | null) =>
    auditRowValues({ accountId: actor.accountId, at, keyId: actor.keyId, keyName: actor.keyName, ip: actor.ip, resourceType: resource, resourceId: id, action, changes: fieldDiff(before, after) });
  /** The entry's values as a SELECT list: each a typed parameter unless `own` writes the column itself. */
  const selectList = (values: unknown[], own: (i: number, param: () => string) => string | null = () => null) =>
    values
      .map((v, i) => {
        const param = () => {
          params.push(v);
          return `$${params.length}::${TYPES[i]}`;
        };
        return own(i, param) ?? param();
      })
      .join(', ');

  const withs = (opts.writes ?? []).map((w, i) => `w${i} AS (${renumbered(w)})`);
  withs.push(`n AS (${renumbered(insert)})`);
  (opts.then ?? []).forEach((t, i) => withs.push(`t${i} AS (${renumbered(t)})`));
  const selects = (opts.along ?? []).map((e) => `SELECT ${selectList(entry(e.resource, String(e.id), e.action, e.before, e.after))} FROM n`);
  const resourceId = AUDIT_COLUMNS.indexOf('resource_id');
  const changes = AUDIT_COLUMNS.indexOf('changes');
  const made = Object.entries(opts.generated ?? DEFAULT_GENERATED).map(([field, { column, time }]) => {
    const value = time ? `to_char(n.${quoteIdentifier(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `n.${quoteIdentifier(column)}`;
    return `${literal(field)}, jsonb_build_object('before', NULL, 'after', ${value})`;
  });
  const generated = `jsonb_build_object(${made.join(', ')})`;
  const created = selectList(entry(opts.resource, '', opts.action, null, opts.after), (i, param) => {
    if (i === resourceId) return 'n.id::text';
    if (i === changes) return `${param()} || ${generated}`;
    return null;
  });
  selects.push(`SELECT ${created} FROM n`);
  withs.push(`a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) ${selects.join(' UNION ALL ')})`);
  const rows = await q.query<Row[]>(`WITH ${withs.join(', ')} SELECT * FROM n`, params);
  if (rows.length) actor.recorded?.();
  return rows;
}

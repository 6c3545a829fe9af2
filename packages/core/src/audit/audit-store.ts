import type { DataSource, EntityManager } from 'typeorm';
import { deleteInBatches, retentionCutoff } from '../db/delete-in-batches.js';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { TIERS, type TierTable } from '../tiers/tiers.js';
import type { AuditAction } from './record-audit.js';
import type { FieldChange } from './audit-diff.js';

/**
 * The store of the audit log (issue 30): every statement on audit_log. Entries are written in
 * the transaction of the change they record, listed newest first by keyset, and pruned per
 * account tier.
 */

const COLUMNS = ['account_id', 'created_at', 'key_id', 'key_name', 'ip', 'resource_type', 'resource_id', 'action', 'changes'];

export interface NewAuditRow {
  accountId: number;
  at: Date;
  keyId: number | null;
  keyName: string | null;
  ip: string | null;
  resourceType: string;
  resourceId: string;
  action: AuditAction;
  changes: Record<string, FieldChange>;
}

/** Rows per INSERT (9 parameters each): a statement takes at most 65,535 parameters. */
const AUDIT_ROWS_PER_INSERT = 5_000;

/** Inserts the entries, 5,000 a statement (a config apply of thousands of changes takes a few). */
export async function insertAuditRows(m: EntityManager, rows: readonly NewAuditRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += AUDIT_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + AUDIT_ROWS_PER_INSERT);
    const values = chunk.map((_, i) => `(${COLUMNS.map((_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`);
    await m.query(`INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, chunk.flatMap(auditRowValues));
  }
}

/** One INSERT of these entries (at most 5,000), to send with other writes (oneStatement). */
export function auditInsert(rows: readonly NewAuditRow[]): Statement {
  if (rows.length > AUDIT_ROWS_PER_INSERT) throw new Error(`auditInsert: ${rows.length} entries, more than one statement takes`);
  const values = rows.map((_, i) => `(${COLUMNS.map((_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`);
  return { sql: `INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, params: rows.flatMap(auditRowValues) };
}

/** The columns of an entry, in the order auditRowValues gives their values. */
export const AUDIT_COLUMNS: readonly string[] = COLUMNS;

/** An entry's values, in AUDIT_COLUMNS' order (the statement's parameters). */
export function auditRowValues(r: NewAuditRow): unknown[] {
  return [r.accountId, r.at, r.keyId, r.keyName, r.ip, r.resourceType, r.resourceId, r.action, JSON.stringify(r.changes)];
}

export interface AuditFilters {
  resourceType?: string;
  resourceId?: string;
  keyId?: number;
  action?: AuditAction;
  from?: Date;
  to?: Date;
  /** Entries strictly older than this (created_at, id) position. */
  after?: { at: Date; id: string };
  perPage: number;
}

export interface AuditRow {
  id: string;
  created_at: Date;
  key_id: number | null;
  key_name: string | null;
  ip: string | null;
  resource_type: string;
  resource_id: string;
  action: AuditAction;
  changes: Record<string, FieldChange>;
}

/** An entry as auditRows' statement writes it (JSON: the time as epoch milliseconds). */
type AuditRowJson = Omit<AuditRow, 'created_at'> & { at_ms: number };

/**
 * Up to `perPage + 1` of the account's entries, newest first, from the cursor: an index range
 * scan of (account_id[, resource_type, resource_id | key_id], created_at DESC, id DESC); the extra
 * row tells whether another page follows. The page is one JSON value (issue 35: pg decodes one
 * string and JSON.parse builds the entries, instead of a row per entry with a column per field,
 * each jsonb and timestamp parsed on its own).
 */
export async function auditRows(em: Queryable, accountId: number, f: AuditFilters): Promise<AuditRow[]> {
  const where = ['account_id = $1'];
  const params: unknown[] = [accountId];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (f.resourceType !== undefined) add((n) => `resource_type = $${n}`, f.resourceType);
  if (f.resourceId !== undefined) add((n) => `resource_id = $${n}`, f.resourceId);
  if (f.keyId !== undefined) add((n) => `key_id = $${n}`, f.keyId);
  if (f.action !== undefined) add((n) => `action = $${n}`, f.action);
  if (f.from) add((n) => `created_at >= $${n}`, f.from);
  if (f.to) add((n) => `created_at <= $${n}`, f.to);
  if (f.after) {
    params.push(f.after.at, f.after.id);
    where.push(`(created_at, id) < ($${params.length - 1}, $${params.length}::bigint)`);
  }
  params.push(f.perPage + 1);
  const [{ page }] = await em.query<{ page: AuditRowJson[] | null }[]>(
    `SELECT json_agg(json_build_object('id', e.id::text, 'at_ms', floor(extract(epoch FROM e.created_at) * 1000)::bigint, 'key_id', e.key_id, 'key_name', e.key_name,
              'ip', e.ip, 'resource_type', e.resource_type, 'resource_id', e.resource_id, 'action', e.action, 'changes', e.changes)
              ORDER BY e.created_at DESC, e.id DESC) AS page
       FROM (SELECT id, created_at, key_id, key_name, ip, resource_type, resource_id, action, changes
               FROM audit_log WHERE ${where.join(' AND ')}
              ORDER BY created_at DESC, id DESC LIMIT $${params.length}) e`,
    params,
  );
  return (page ?? []).map((r) => ({
    id: r.id,
    created_at: new Date(r.at_ms),
    key_id: r.key_id,
    key_name: r.key_name,
    ip: r.ip,
    resource_type: r.resource_type,
    resource_id: r.resource_id,
    action: r.action,
    changes: r.changes,
  }));
}

/** Entries of the accounts on tier $1 made before $2 (each account's range of audit_log_account_time_idx). */
const PRUNABLE_ENTRIES = `
  SELECT l.id FROM accounts a JOIN LATERAL (
    SELECT id FROM audit_log WHERE account_id = a.id AND created_at < $2
  ) l ON true
  WHERE a.tier = $1`;

/** Removes each account's entries older than its tier's auditLogRetentionDays, in batches; how many per tier. */
export async function pruneAuditLog(db: DataSource, tiers: TierTable, now: Date, batchSize = 1_000): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const tier of TIERS) {
    deleted[tier] = await deleteInBatches(db, 'audit_log', PRUNABLE_ENTRIES, [tier, retentionCutoff(now, tiers[tier].auditLogRetentionDays)], batchSize);
  }
  return deleted;
}

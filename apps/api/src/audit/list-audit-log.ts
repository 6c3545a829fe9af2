import type { AuditAction, Context, FieldChange } from '@vigil/core';
import { encodeCursor, type AuditFilters } from './audit-query.js';
import type { AuditLogBody } from './audit-log.schema.js';

interface Row {
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

/**
 * One page of the account's entries, newest first: an index range scan of
 * (account_id[, resource_type, resource_id | key_id], created_at DESC, id DESC) from the cursor,
 * one row more than the page to tell whether another follows. Read from the primary, so an
 * entry is listed as soon as its change answered.
 */
export async function listAuditLog(ctx: Context, accountId: number, f: AuditFilters): Promise<AuditLogBody> {
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
  const rows = (await ctx.db.query(
    `SELECT id::text AS id, created_at, key_id, key_name, ip, resource_type, resource_id, action, changes
     FROM audit_log WHERE ${where.join(' AND ')}
     ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  )) as Row[];
  const page = rows.slice(0, f.perPage);
  const last = page.at(-1);
  const hasNext = rows.length > f.perPage && last !== undefined;
  return {
    entries: page.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      key: r.key_id === null ? null : { id: r.key_id, name: r.key_name ?? '' },
      ip: r.ip,
      resource: { type: r.resource_type, id: r.resource_id },
      action: r.action,
      changes: r.changes,
    })),
    pagination: { per_page: f.perPage, has_next: hasNext, next_cursor: hasNext ? encodeCursor(last.created_at, last.id) : null },
  };
}

import { auditRows, type AuditFilters, type Context } from '@vigil/core';
import { encodeCursor } from './audit-query.js';
import type { AuditLogBody } from './audit-log.schema.js';

/**
 * One page of the account's entries, newest first (the audit store reads one row more than the
 * page to tell whether another follows). Read from the primary, so an entry is listed as soon as
 * its change answered.
 */
export async function listAuditLog(ctx: Context, accountId: number, f: AuditFilters): Promise<AuditLogBody> {
  const rows = await auditRows(ctx.db, accountId, f);
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

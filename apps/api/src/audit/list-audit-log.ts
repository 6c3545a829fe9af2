import { AUDIT_ACTIONS, auditRows, ValidationError, type AuditAction, type AuditFilters, type Context } from '@vigil/core';
import { parseIsoDate } from '../monitors/date-query.js';
import { queryValue } from '../http/validate.js';
import type { AuditLogBody } from './audit-log.schema.js';

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

export const AUDIT_PAGE = { defaultPerPage: 50, maxPerPage: 100 };
const RESOURCE = /^([a-z_]{1,40})(?::([A-Za-z0-9_-]{1,64}))?$/;
const CURSOR = /^(\d{1,15})\.(\d{1,19})$/;
const MAX_KEY_ID = 2_147_483_647;

function parseDate(raw: unknown, name: 'from' | 'to'): Date | undefined {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  const parsed = parseIsoDate(text);
  if (!parsed) throw new ValidationError(`Invalid ${name}: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z`);
  return parsed.at;
}

/** The cursor is opaque to clients: the position of the last entry of the previous page. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}.${id}`).toString('base64url');
}

function decodeCursor(raw: unknown): AuditFilters['after'] {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  const m = text.length <= 64 ? CURSOR.exec(Buffer.from(text, 'base64url').toString('latin1')) : null;
  if (!m) throw new ValidationError('Invalid cursor: pass next_cursor of the previous page as it is');
  return { at: new Date(Number(m[1])), id: m[2] };
}

/** resource (`monitor` or `monitor:42`), key (a key id), action, from, to (inclusive), cursor, per_page. */
export function parseAuditQuery(query: Record<string, unknown>): AuditFilters {
  const filters: AuditFilters = { perPage: AUDIT_PAGE.defaultPerPage };
  const perPage = queryValue(query.per_page);
  if (perPage !== undefined && perPage !== '') {
    if (!/^\d{1,6}$/.test(perPage) || Number(perPage) < 1) throw new ValidationError('Invalid per_page: must be a positive integer');
    filters.perPage = Math.min(Number(perPage), AUDIT_PAGE.maxPerPage);
  }
  const resource = queryValue(query.resource);
  if (resource !== undefined && resource !== '') {
    const m = RESOURCE.exec(resource);
    if (!m) throw new ValidationError('Invalid resource: must be a resource type (e.g. monitor) or type:id (e.g. monitor:42)');
    filters.resourceType = m[1];
    if (m[2] !== undefined) filters.resourceId = m[2];
  }
  const key = queryValue(query.key);
  if (key !== undefined && key !== '') {
    if (!/^\d{1,10}$/.test(key) || Number(key) < 1 || Number(key) > MAX_KEY_ID) throw new ValidationError('Invalid key: must be an API key id');
    filters.keyId = Number(key);
  }
  const action = queryValue(query.action);
  if (action !== undefined && action !== '') {
    if (!isAuditAction(action)) throw new ValidationError(`Invalid action: must be one of ${AUDIT_ACTIONS.join(', ')}`);
    filters.action = action;
  }
  filters.from = parseDate(query.from, 'from');
  filters.to = parseDate(query.to, 'to');
  if (filters.from && filters.to && filters.from.getTime() > filters.to.getTime()) throw new ValidationError('Invalid date range: from must not be after to');
  filters.after = decodeCursor(query.cursor);
  return filters;
}

/**
 * One page of the account's entries, newest first: an index range scan of
 * (account_id[, resource_type, resource_id | key_id], created_at DESC, id DESC) from the cursor,
 * one row more than the page to tell whether another follows. Read from the primary, so an
 * entry is listed as soon as its change answered.
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

import Joi from 'joi';
import { AUDIT_ACTIONS, ValidationError, type AuditAction, type AuditFilters } from '@vigil/core';
import { parseIsoDate } from '../monitors/date-query.js';
import { queryValue, validate } from '../http/validate.js';

export const AUDIT_PAGE = { defaultPerPage: 50, maxPerPage: 100 };
const RESOURCE = /^([a-z_]{1,40})(?::([A-Za-z0-9_-]{1,64}))?$/;
const CURSOR = /^(\d{1,15})\.(\d{1,19})$/;
const MAX_KEY_ID = 2_147_483_647;

interface AuditQuery {
  per_page?: number;
  resource?: string;
  key?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
  cursor?: string;
}

/** The cursor is opaque to clients: the position of the last entry of the previous page. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}.${id}`).toString('base64url');
}

function decodeCursor(text: string): AuditFilters['after'] | null {
  const m = text.length <= 64 ? CURSOR.exec(Buffer.from(text, 'base64url').toString('latin1')) : null;
  return m ? { at: new Date(Number(m[1])), id: m[2] } : null;
}

const isoDate = (name: 'from' | 'to', description: string) =>
  Joi.string()
    .custom((v: string, helpers) => (parseIsoDate(v) ? v : helpers.error('any.invalid')))
    .empty('')
    .error(new ValidationError(`Invalid ${name}: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z`))
    .description(description);

/**
 * The query of GET /api/v1/audit-log: validates it and documents it (docs.query:
 * queryFields). Parameters are judged in this order; the first invalid one answers.
 */
export const AUDIT_QUERY = Joi.object<AuditQuery>({
  per_page: Joi.number()
    .integer()
    .min(1)
    .error(new ValidationError('Invalid per_page: must be a positive integer'))
    .description(`Default ${AUDIT_PAGE.defaultPerPage}; above ${AUDIT_PAGE.maxPerPage} is clamped to ${AUDIT_PAGE.maxPerPage}`),
  resource: Joi.string()
    .pattern(RESOURCE)
    .empty('')
    .error(new ValidationError('Invalid resource: must be a resource type (e.g. monitor) or type:id (e.g. monitor:42)'))
    .description(
      'A resource type (monitor, domain, integration, status_page, status_page_notice, incident, incident_update, maintenance_window, api_key, scan, verification, account) or type:id, e.g. monitor:42',
    ),
  key: Joi.number()
    .integer()
    .min(1)
    .max(MAX_KEY_ID)
    .error(new ValidationError('Invalid key: must be an API key id'))
    .description('Only the changes made with this API key (its id)'),
  action: Joi.string()
    .valid(...AUDIT_ACTIONS)
    .empty('')
    .error(new ValidationError(`Invalid action: must be one of ${AUDIT_ACTIONS.join(', ')}`))
    .description('Only this action'),
  from: isoDate('from', 'ISO 8601 date or date-time; entries at or after it'),
  to: isoDate('to', 'ISO 8601 date or date-time; entries at or before it'),
  cursor: Joi.string()
    .custom((v: string, helpers) => (decodeCursor(v) ? v : helpers.error('any.invalid')))
    .empty('')
    .error(new ValidationError('Invalid cursor: pass next_cursor of the previous page as it is'))
    .description('next_cursor of the previous page'),
});

const AUDIT_PARAMETERS = ['per_page', 'resource', 'key', 'action', 'from', 'to', 'cursor'] as const;

/** Digits (at most `max` of them) as their number; other text as given, for the schema to refuse; absent or empty: undefined. */
function digitsOf(raw: unknown, max: number): unknown {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  return text.length <= max && /^\d+$/.test(text) ? Number(text) : text;
}

/** resource (`monitor` or `monitor:42`), key (a key id), action, from, to (inclusive), cursor, per_page. */
export function parseAuditQuery(query: Record<string, unknown>): AuditFilters {
  // No parameter (most requests): the first page, without running the schema (it accepts no parameters as they are).
  if (AUDIT_PARAMETERS.every((name) => queryValue(query[name]) === undefined)) return { perPage: AUDIT_PAGE.defaultPerPage, from: undefined, to: undefined, after: undefined };
  const q = validate(AUDIT_QUERY, {
    per_page: digitsOf(query.per_page, 6),
    resource: queryValue(query.resource),
    key: digitsOf(query.key, 10),
    action: queryValue(query.action),
    from: queryValue(query.from),
    to: queryValue(query.to),
    cursor: queryValue(query.cursor),
  });
  const resource = q.resource === undefined ? null : RESOURCE.exec(q.resource);
  const filters: AuditFilters = {
    perPage: Math.min(q.per_page ?? AUDIT_PAGE.defaultPerPage, AUDIT_PAGE.maxPerPage),
    ...(resource ? { resourceType: resource[1] } : {}),
    ...(resource?.[2] !== undefined ? { resourceId: resource[2] } : {}),
    ...(q.key !== undefined ? { keyId: q.key } : {}),
    ...(q.action !== undefined ? { action: q.action } : {}),
    from: q.from === undefined ? undefined : parseIsoDate(q.from)?.at,
    to: q.to === undefined ? undefined : parseIsoDate(q.to)?.at,
    after: q.cursor === undefined ? undefined : (decodeCursor(q.cursor) ?? undefined),
  };
  if (filters.from && filters.to && filters.from.getTime() > filters.to.getTime()) throw new ValidationError('Invalid date range: from must not be after to');
  return filters;
}

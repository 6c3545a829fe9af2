import type { Context } from '@vigil/core';
import { AuditLogSchema } from '../audit/audit-log.schema.js';
import { AUDIT_PAGE, listAuditLog, parseAuditQuery } from '../audit/list-audit-log.js';
import { authOf } from '../http/request-auth.js';
import { route, type RouteDef } from '../http/route.js';

/** Who changed what (decisions: "Audit log"). */
export function auditLogRoutes(ctx: Context): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/audit-log',
      summary: 'The account\'s changes, newest first: who (key and IP), when, what (resource and action) and the fields before and after (secrets masked)',
      tag: 'Audit log',
      auth: 'api-key',
      scope: 'keys:read',
      handler: async (req, _res, send) => {
        send(200, await listAuditLog(ctx, authOf(req).account.id, parseAuditQuery(req.query)));
      },
      docs: {
        query: {
          resource: { type: 'string', description: 'A resource type (monitor, domain, integration, status_page, status_page_notice, incident, incident_update, maintenance_window, api_key, scan, verification, account) or type:id, e.g. monitor:42' },
          key: { type: 'integer', minimum: 1, description: 'Only the changes made with this API key (its id)' },
          action: { type: 'string', description: 'Only this action (create, update, delete, pause, resume, acknowledge, rotate, revoke, check, scan, test, redeliver, verify, apply, tier_change, use_from_new_ip)' },
          from: { type: 'string', description: 'ISO 8601 date or date-time; entries at or after it' },
          to: { type: 'string', description: 'ISO 8601 date or date-time; entries at or before it' },
          cursor: { type: 'string', description: 'next_cursor of the previous page' },
          per_page: { type: 'integer', minimum: 1, description: `Default ${AUDIT_PAGE.defaultPerPage}; above ${AUDIT_PAGE.maxPerPage} is clamped to ${AUDIT_PAGE.maxPerPage}` },
        },
        responses: {
          200: { description: 'A page of entries', schema: AuditLogSchema },
          400: { description: 'Invalid resource, key, action, from, to, date range, cursor or per_page' },
        },
      },
    }),
  ];
}

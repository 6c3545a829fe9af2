import type { Context } from '@vigil/core';
import { AuditLogSchema } from '../audit/audit-log.schema.js';
import { AUDIT_QUERY, parseAuditQuery } from '../audit/audit-query.js';
import { listAuditLog } from '../audit/list-audit-log.js';
import { queryFields } from '../http/joi-schema.js';
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
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, await listAuditLog(ctx, authOf(req).account.id, parseAuditQuery(req.query)));
      },
      docs: {
        query: queryFields(AUDIT_QUERY),
        responses: {
          200: { description: 'A page of entries', schema: AuditLogSchema },
          400: { description: 'Invalid resource, key, action, from, to, date range, cursor or per_page' },
        },
      },
    }),
  ];
}

import { listMaintenanceWindows, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { paginationBody, paginationParams, PaginationSchema, parsePagination } from '../http/pagination.js';
import { route, type RouteDef } from '../http/route.js';
import { maintenanceBody } from '../maintenance/maintenance-input.js';
import { createWindow, deleteWindow, findOwnWindow, MAINTENANCE_WINDOW_NOT_FOUND, MAX_WINDOWS_PER_ACCOUNT, updateWindow } from '../maintenance/maintenance-windows.js';
import { MaintenanceWindowSchema, maintenanceWindowView } from '../maintenance/maintenance-views.js';
import { Type } from '@sinclair/typebox';

const TAG = 'Maintenance windows';
const PAGE = { defaultPerPage: 20, maxPerPage: 100 };
const PATH = '/api/v1/maintenance-windows';
const ONE = Type.Object({ maintenance_window: MaintenanceWindowSchema });
const WITH_MESSAGE = (message: string) => Type.Object({ maintenance_window: MaintenanceWindowSchema, message: Type.String({ examples: [message] }) });
const NOT_FOUND = { 404: { description: MAINTENANCE_WINDOW_NOT_FOUND } };

export function maintenanceWindowRoutes(ctx: Context): RouteDef[] {
  const update = (method: 'put' | 'patch') =>
    route({
      method,
      path: `${PATH}/:id`,
      summary: `Update a maintenance window (${method.toUpperCase()}; partial: only the fields sent change)`,
      tag: TAG,
      auth: 'api-key',
      scope: 'maintenance:write',
      handler: async (req, _res, send) => {
        const window = await updateWindow(ctx, auditActor(req, ctx.clock), req.params.id, req.body);
        send(200, { maintenance_window: maintenanceWindowView(window, ctx.clock.now()), message: 'Maintenance window updated' });
      },
      docs: { body: maintenanceBody, responses: { 200: { description: 'Updated', schema: WITH_MESSAGE('Maintenance window updated') }, 400: { description: 'Invalid field or window' }, ...NOT_FOUND } },
    });

  return [
    route({
      method: 'get',
      path: PATH,
      summary: "The account's maintenance windows, oldest first, each with its next occurrences",
      tag: TAG,
      auth: 'api-key',
      scope: 'maintenance:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const page = parsePagination(req.query, PAGE);
        const [windows, total] = await listMaintenanceWindows(ctx.db, authOf(req).account.id, page);
        const now = ctx.clock.now();
        send(200, { maintenance_windows: windows.map((w) => maintenanceWindowView(w, now)), pagination: paginationBody(page, total) });
      },
      docs: {
        query: paginationParams(PAGE),
        responses: {
          200: {
            description: 'The windows',
            schema: Type.Object({ maintenance_windows: Type.Array(MaintenanceWindowSchema), pagination: PaginationSchema }),
          },
          400: { description: 'Invalid page or per_page' },
        },
      },
    }),
    route({
      method: 'post',
      path: PATH,
      summary: 'Plan maintenance: checks keep being recorded (flagged in_maintenance) but no incident opens and no alert goes out',
      tag: TAG,
      auth: 'api-key',
      scope: 'maintenance:write',
      handler: async (req, _res, send) => {
        const window = await createWindow(ctx, auditActor(req, ctx.clock), req.body);
        send(201, { maintenance_window: maintenanceWindowView(window, ctx.clock.now()), message: 'Maintenance window created' });
      },
      docs: {
        body: maintenanceBody,
        responses: {
          201: { description: 'Created', schema: WITH_MESSAGE('Maintenance window created') },
          400: { description: 'Invalid field, window, rrule, timezone or scope (another account\'s ids included)' },
          403: { description: `Maintenance window limit reached (${MAX_WINDOWS_PER_ACCOUNT} per account)` },
        },
      },
    }),
    route({
      method: 'get',
      path: `${PATH}/:id`,
      summary: 'One maintenance window with its current and next occurrences',
      tag: TAG,
      auth: 'api-key',
      scope: 'maintenance:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const window = await findOwnWindow(ctx, authOf(req).account.id, req.params.id);
        send(200, { maintenance_window: maintenanceWindowView(window, ctx.clock.now()) });
      },
      docs: { responses: { 200: { description: 'The window', schema: ONE }, ...NOT_FOUND } },
    }),
    update('put'),
    update('patch'),
    route({
      method: 'delete',
      path: `${PATH}/:id`,
      summary: 'Delete a maintenance window (an occurrence under way ends at once)',
      tag: TAG,
      auth: 'api-key',
      scope: 'maintenance:write',
      handler: async (req, _res, send) => {
        const window = await deleteWindow(ctx, auditActor(req, ctx.clock), req.params.id);
        send(200, { message: 'Maintenance window deleted', deleted_maintenance_window_id: window.id });
      },
      docs: {
        responses: {
          200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Maintenance window deleted'] }), deleted_maintenance_window_id: Type.Integer() }) },
          ...NOT_FOUND,
        },
      },
    }),
  ];
}

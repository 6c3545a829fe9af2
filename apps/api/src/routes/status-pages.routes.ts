import { listStatusPages, type Context } from '@vigil/core';
import { Type } from '@sinclair/typebox';
import { paginationBody, paginationParams, PaginationSchema, parsePagination } from '../http/pagination.js';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { route, type RouteDef } from '../http/route.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { findOwnStatusPage } from '../status-pages/find-own-status-page.js';
import { INCIDENT_UPDATE_SCHEMA, INCIDENT_UPDATES_PAGE, IncidentUpdateListSchema, incidentUpdateView, listIncidentUpdates, postIncidentUpdate } from '../status-pages/incident-updates.js';
import { createNotice, deleteNotice, listNotices, NOTICE_SCHEMA, NOTICES_PAGE, NoticeListSchema, noticeView, updateNotice } from '../status-pages/notices.js';
import { createStatusPage, deleteStatusPage, updateStatusPage } from '../status-pages/save-status-page.js';
import { createStatusPageBody, updateStatusPageBody } from '../status-pages/status-page-input.js';
import { STATUS_PAGE_SCHEMA, statusPageView } from '../status-pages/status-page-views.js';
import { incidentUpdateBody, noticeCreateBody, noticeUpdateBody } from '../status-pages/update-input.js';

const PAGE = { defaultPerPage: 20, maxPerPage: 100 };

const TAG = 'Status pages';
const BASE = '/api/v1/status-pages';
const ONE = Type.Object({ status_page: STATUS_PAGE_SCHEMA });
const WITH_MESSAGE = (message: string) => Type.Object({ status_page: STATUS_PAGE_SCHEMA, message: Type.String({ examples: [message] }) });
const NOT_FOUND = { 404: { description: 'Status page not found' } };
const NOTICE_ONE = (message: string) => Type.Object({ notice: NOTICE_SCHEMA, message: Type.String({ examples: [message] }) });

export function statusPageRoutes(ctx: Context): RouteDef[] {
  const base = ctx.config.baseUrl;
  const update = (method: 'put' | 'patch') =>
    route({
      method,
      path: `${BASE}/:id`,
      summary: `Update a status page (${method.toUpperCase()}; partial: only the fields sent change)`,
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        const page = await updateStatusPage(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id, req.body);
        send(200, { status_page: statusPageView(page, base), message: 'Status page updated' });
      },
      docs: {
        body: updateStatusPageBody,
        responses: {
          200: { description: 'Updated', schema: WITH_MESSAGE('Status page updated') },
          400: { description: 'Invalid field, or a section names a monitor or domain the account does not have' },
          403: { description: 'Domain not verified (custom_hostname)' },
          ...NOT_FOUND,
          409: { description: 'Slug already taken; Custom hostname already in use' },
        },
      },
    });
  const noticeUpdate = (method: 'put' | 'patch') =>
    route({
      method,
      path: `${BASE}/:id/notices/:notice_id`,
      summary: `Change a notice (${method.toUpperCase()}; partial)`,
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        send(200, { notice: noticeView(await updateNotice(ctx, auditActor(req, ctx.clock), req.params, req.body)), message: 'Notice updated' });
      },
      docs: { body: noticeUpdateBody, responses: { 200: { description: 'Updated', schema: NOTICE_ONE('Notice updated') }, 400: { description: 'Invalid field' }, 404: { description: 'Status page not found; Notice not found' } } },
    });
  const incidentUpdatesPath = '/api/v1/uptime/monitors/:id/incidents/:incident_id/updates';
  const gate = [requireUptimeFeature(ctx)];

  return [
    route({
      method: 'get',
      path: BASE,
      summary: "The account's status pages",
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const page = parsePagination(req.query, PAGE);
        const [rows, total] = await listStatusPages(ctx.db, authOf(req).account.id, page);
        send(200, { status_pages: rows.map((p) => statusPageView(p, base)), pagination: paginationBody(page, total) });
      },
      docs: {
        query: paginationParams(PAGE),
        responses: {
          200: { description: 'A page', schema: Type.Object({ status_pages: Type.Array(STATUS_PAGE_SCHEMA), pagination: PaginationSchema }) },
          400: { description: 'Invalid page or per_page' },
        },
      },
    }),
    route({
      method: 'post',
      path: BASE,
      summary: 'Create a public status page (pages per account are capped by the tier)',
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        const page = await createStatusPage(ctx, authOf(req).account, auditActor(req, ctx.clock), req.body);
        send(201, { status_page: statusPageView(page, base), message: 'Status page created' });
      },
      docs: {
        body: createStatusPageBody,
        responses: {
          201: { description: 'Created', schema: WITH_MESSAGE('Status page created') },
          400: { description: 'Invalid field, or a section names a monitor or domain the account does not have' },
          403: { description: 'Status page limit reached (tier-limit body); Domain not verified (custom_hostname)' },
          409: { description: 'Slug already taken; Custom hostname already in use' },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id`,
      summary: 'One status page',
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, { status_page: statusPageView(await findOwnStatusPage(ctx, authOf(req).account.id, req.params.id), base) });
      },
      docs: { responses: { 200: { description: 'The page', schema: ONE }, ...NOT_FOUND } },
    }),
    update('put'),
    update('patch'),
    route({
      method: 'delete',
      path: `${BASE}/:id`,
      summary: 'Delete a status page (its public URL answers 404 at once)',
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        const page = await deleteStatusPage(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id);
        send(200, { message: 'Status page deleted', deleted_status_page_id: page.id });
      },
      docs: { responses: { 200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Status page deleted'] }), deleted_status_page_id: Type.Integer() }) }, ...NOT_FOUND } },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/notices`,
      summary: "A page's manual notices (not tied to a monitor), newest first",
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, await listNotices(ctx, authOf(req).account.id, req.params, req.query));
      },
      docs: {
        query: paginationParams(NOTICES_PAGE),
        responses: { 200: { description: 'Notices', schema: NoticeListSchema }, 400: { description: 'Invalid page or per_page' }, ...NOT_FOUND },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/notices`,
      summary: 'Post a manual notice on a page; it shows there and in its feed while not resolved (and among recent ones after)',
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        send(201, { notice: noticeView(await createNotice(ctx, auditActor(req, ctx.clock), req.params, req.body)), message: 'Notice posted' });
      },
      docs: { body: noticeCreateBody, responses: { 201: { description: 'Posted', schema: NOTICE_ONE('Notice posted') }, 400: { description: 'Invalid field' }, ...NOT_FOUND } },
    }),
    noticeUpdate('put'),
    noticeUpdate('patch'),
    route({
      method: 'delete',
      path: `${BASE}/:id/notices/:notice_id`,
      summary: 'Delete a notice',
      tag: TAG,
      auth: 'api-key',
      scope: 'status_pages:write',
      handler: async (req, _res, send) => {
        const notice = await deleteNotice(ctx, auditActor(req, ctx.clock), req.params);
        send(200, { message: 'Notice deleted', deleted_notice_id: notice.id });
      },
      docs: { responses: { 200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Notice deleted'] }), deleted_notice_id: Type.Integer() }) }, 404: { description: 'Status page not found; Notice not found' } } },
    }),
    route({
      method: 'get',
      path: incidentUpdatesPath,
      summary: "An incident's updates, oldest first",
      tag: 'Uptime monitors',
      auth: 'api-key',
      scope: 'monitors:read',
      coalesce: true,
      before: gate,
      handler: async (req, _res, send) => {
        send(200, await listIncidentUpdates(ctx, authOf(req).account.id, req.params, req.query));
      },
      docs: {
        query: paginationParams(INCIDENT_UPDATES_PAGE),
        responses: {
          200: { description: 'Updates', schema: IncidentUpdateListSchema },
          400: { description: 'Invalid page or per_page' },
          403: { description: 'Feature not available (plan without uptime monitoring)' },
          404: { description: 'Monitor not found; Incident not found' },
        },
      },
    }),
    route({
      method: 'post',
      path: incidentUpdatesPath,
      summary: "Post an update on an incident (shown on status pages and feeds); the incident's open/resolved state stays the checks' verdict",
      tag: 'Uptime monitors',
      auth: 'api-key',
      scope: 'monitors:write',
      before: gate,
      handler: async (req, _res, send) => {
        const saved = await postIncidentUpdate(ctx, auditActor(req, ctx.clock), req.params, req.body);
        send(201, { update: incidentUpdateView(saved), message: 'Incident update posted' });
      },
      docs: {
        body: incidentUpdateBody,
        responses: {
          201: { description: 'Posted', schema: Type.Object({ update: INCIDENT_UPDATE_SCHEMA, message: Type.String({ examples: ['Incident update posted'] }) }) },
          400: { description: 'Invalid status or message' },
          403: { description: 'Feature not available (plan without uptime monitoring)' },
          404: { description: 'Monitor not found; Incident not found' },
        },
      },
    }),
  ];
}

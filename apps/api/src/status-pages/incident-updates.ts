import { INCIDENT_UPDATE_STATUSES, incidentUpdatesPage, insertOwnIncidentUpdateAudited, NotFoundError, type AuditActor, type Context, type IncidentUpdate } from '@vigil/core';
import { statusChanged } from '../public-status/read-status-version.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../http/schema.js';
import { findOwnIncident, INCIDENT_NOT_FOUND } from '../monitors/find-own-incident.js';
import { MONITOR_NOT_FOUND } from '../monitors/find-own-monitor.js';
import { parseId } from '../http/validate.js';
import { parseIncidentUpdate } from './update-input.js';
import { component } from '../http/components.js';
import { paginationBody, parsePagination, PaginationSchema } from '../http/pagination.js';

/** An incident's updates per page: every update of a usual incident on the first page, a bounded answer for one with thousands. */
export const INCIDENT_UPDATES_PAGE = { defaultPerPage: 100, maxPerPage: 100 };

export function incidentUpdateView(u: IncidentUpdate): Static<typeof INCIDENT_UPDATE_SCHEMA> {
  return { id: u.id, incident_id: u.incidentId, status: u.status, message: u.message, created_at: u.createdAt.toISOString() };
}

export const UpdateStatusSchema = StringEnum(INCIDENT_UPDATE_STATUSES);

export const INCIDENT_UPDATE_SCHEMA = component('IncidentUpdate', Type.Object({
  id: Type.Integer(),
  incident_id: Type.Integer(),
  status: UpdateStatusSchema,
  message: Type.String(),
  created_at: DateTime(),
}));

export const IncidentUpdateListSchema = Type.Object({ monitor_id: Type.Integer(), incident_id: Type.Integer(), updates: Type.Array(INCIDENT_UPDATE_SCHEMA), pagination: PaginationSchema });

/**
 * POST .../incidents/{incident_id}/updates. An update is what people are told; the incident's
 * own open/resolved state stays the checks' verdict (a `resolved` update does not close it).
 * The insert checks the owner itself (one statement); the 404s come before the 400s, as when
 * the incident was read first: a body refused, or nothing inserted, asks findOwnIncident which.
 */
export async function postIncidentUpdate(ctx: Context, actor: AuditActor, params: Record<string, string | string[] | undefined>, body: unknown): Promise<IncidentUpdate> {
  const { accountId } = actor;
  const ids = ownIds(params);
  let input: ReturnType<typeof parseIncidentUpdate>;
  try {
    if (!ids) throw new NotFoundError(INCIDENT_NOT_FOUND);
    input = parseIncidentUpdate(body);
  } catch (e) {
    await findOwnIncident(ctx.db, accountId, params.id, params.incident_id);
    throw e;
  }
  // The update and its audit entry in one statement, if the incident is the caller's.
  const saved = await insertOwnIncidentUpdateAudited(ctx.db, actor, ids.monitorId, { incidentId: ids.incidentId, accountId, status: input.status, message: input.message, createdAt: ctx.clock.now() });
  if (!saved) {
    await findOwnIncident(ctx.db, accountId, params.id, params.incident_id);
    throw new NotFoundError(INCIDENT_NOT_FOUND);
  }
  await statusChanged(ctx, accountId);
  return saved;
}

/** The monitor and incident ids of the path, or null when either is malformed (findOwnIncident tells which 404). */
function ownIds(params: Record<string, string | string[] | undefined>): { monitorId: number; incidentId: number } | null {
  try {
    return { monitorId: parseId(params.id, MONITOR_NOT_FOUND), incidentId: parseId(params.incident_id, INCIDENT_NOT_FOUND) };
  } catch {
    return null;
  }
}

/** Oldest first, as a timeline reads; `page` and `per_page` (100, at most 100) as every list. */
export async function listIncidentUpdates(
  ctx: Context,
  accountId: number,
  params: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
): Promise<Static<typeof IncidentUpdateListSchema>> {
  const incident = await findOwnIncident(ctx.db, accountId, params.id, params.incident_id);
  const page = parsePagination(query, INCIDENT_UPDATES_PAGE);
  const [updates, total] = await incidentUpdatesPage(ctx.db, incident.id, page);
  return { monitor_id: incident.monitorId, incident_id: incident.id, updates: updates.map(incidentUpdateView), pagination: paginationBody(page, total) };
}

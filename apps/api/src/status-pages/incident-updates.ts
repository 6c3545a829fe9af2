import { INCIDENT_UPDATE_STATUSES, incidentOfMonitor, insertIncidentUpdate, NotFoundError, recordAudit, updatesOfIncident, type AuditActor, type Context, type Incident, type IncidentUpdate } from '@vigil/core';
import { statusChanged } from '../public-status/read-status-version.js';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../http/schema.js';
import { parseId } from '../http/validate.js';
import { findOwnMonitor } from '../monitors/find-own-monitor.js';
import { parseIncidentUpdate } from './update-input.js';
import { component } from '../http/components.js';

export const INCIDENT_NOT_FOUND = 'Incident not found';

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

export const IncidentUpdateListSchema = Type.Object({ monitor_id: Type.Integer(), incident_id: Type.Integer(), updates: Type.Array(INCIDENT_UPDATE_SCHEMA) });

/** The caller's monitor's incident (404 Monitor not found, then 404 Incident not found). */
async function findOwnIncident(ctx: Context, accountId: number, rawMonitorId: string | string[] | undefined, rawIncidentId: string | string[] | undefined): Promise<Incident> {
  const monitor = await findOwnMonitor(ctx.db, accountId, rawMonitorId);
  const id = parseId(rawIncidentId, INCIDENT_NOT_FOUND);
  const incident = await incidentOfMonitor(ctx.db, monitor.id, id);
  if (!incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
  return incident;
}

/**
 * POST .../incidents/{incident_id}/updates. An update is what people are told; the incident's
 * own open/resolved state stays the checks' verdict (a `resolved` update does not close it).
 */
export async function postIncidentUpdate(ctx: Context, actor: AuditActor, params: Record<string, string | string[] | undefined>, body: unknown): Promise<IncidentUpdate> {
  const { accountId } = actor;
  const incident = await findOwnIncident(ctx, accountId, params.id, params.incident_id);
  const input = parseIncidentUpdate(body);
  const saved = await ctx.db.transaction(async (m) => {
    const row = await insertIncidentUpdate(m, { incidentId: incident.id, accountId, status: input.status, message: input.message, createdAt: ctx.clock.now() });
    await recordAudit(m, actor, [{ resource: 'incident_update', id: row.id, action: 'create', after: row }]);
    return row;
  });
  await statusChanged(ctx, accountId);
  return saved;
}

/** Oldest first, as a timeline reads. */
export async function listIncidentUpdates(ctx: Context, accountId: number, params: Record<string, string | string[] | undefined>): Promise<Static<typeof IncidentUpdateListSchema>> {
  const incident = await findOwnIncident(ctx, accountId, params.id, params.incident_id);
  const updates = await updatesOfIncident(ctx.db, incident.id);
  return { monitor_id: incident.monitorId, incident_id: incident.id, updates: updates.map(incidentUpdateView) };
}

import { ConflictError, Incident, recordAudit, snapshotOf, type AuditActor, type Context } from '@vigil/core';
import { findOwnIncident } from './find-own-incident.js';

export const INCIDENT_RESOLVED = 'Incident is already resolved';

/**
 * Acknowledges an open incident: records when and by which API key (its name), under the
 * incident row lock, so the reminder job (which takes the same lock and re-reads the
 * acknowledgement) sends nothing after this commits. Idempotent: an acknowledged incident is
 * answered as it is, the first acknowledgement kept (also once it has resolved). A resolved
 * incident that nobody acknowledged: 409 (there is nothing left to stop).
 */
export async function acknowledgeIncident(
  ctx: Context,
  actor: AuditActor,
  by: string,
  rawMonitorId: string | string[] | undefined,
  rawIncidentId: string | string[] | undefined,
): Promise<{ incident: Incident; changed: boolean }> {
  return ctx.db.transaction(async (m) => {
    const incident = await findOwnIncident(m, actor.accountId, rawMonitorId, rawIncidentId, { lock: true });
    if (incident.acknowledgedAt) {
      await recordAudit(m, actor, []);
      return { incident, changed: false };
    }
    if (incident.status === 'resolved') throw new ConflictError(INCIDENT_RESOLVED);
    const was = snapshotOf(m, incident);
    incident.acknowledgedAt = ctx.clock.now();
    incident.acknowledgedBy = by;
    await m.getRepository(Incident).update({ id: incident.id }, { acknowledgedAt: incident.acknowledgedAt, acknowledgedBy: by });
    await recordAudit(m, actor, [{ resource: 'incident', id: incident.id, action: 'acknowledge', before: was, after: incident }]);
    return { incident, changed: true };
  });
}

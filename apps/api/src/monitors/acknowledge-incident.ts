import { acknowledgeLockedIncident, ConflictError, INCIDENT_RESOLVED, recordAudit, snapshotOf, type AcknowledgeResult, type AuditActor, type Context, type Incident } from '@vigil/core';
import { findOwnIncident } from './find-own-incident.js';
import { ReadCoalescer } from '../http/read-coalescer.js';

/**
 * The plain read before an acknowledgement, shared by identical ones that overlap (each still
 * gets a read that started after it asked): a crowd acknowledging one incident (a paged team, a
 * script retrying) costs one read per round. What the read decides cannot go stale: an
 * acknowledgement is never replaced and a resolved incident never opens, and anything else is
 * decided again under the row lock.
 */
const seenReads = new ReadCoalescer<Incident>();

/**
 * Acknowledges an open incident of the caller's monitor, as the API key `by` (its name), under
 * the incident row lock, so the reminder job (which takes the same lock and re-reads the
 * acknowledgement) sends nothing after this commits; the `incident.acknowledged` event goes out
 * through the outbox (acknowledgeLockedIncident). 404s as findOwnIncident, 409 for a resolved
 * incident nobody acknowledged. An incident already acknowledged, or resolved without an
 * acknowledgement, is answered from one plain read, without the transaction and its lock: the
 * first acknowledgement is never replaced and a resolved incident never opens again (nor is it
 * acknowledged then), so the locked read would answer the same. That read is shared by
 * overlapping acknowledgements of the same incident by the same account (seenReads).
 */
export async function acknowledgeIncident(
  ctx: Context,
  actor: AuditActor,
  by: string,
  rawMonitorId: string | string[] | undefined,
  rawIncidentId: string | string[] | undefined,
): Promise<AcknowledgeResult> {
  const key = JSON.stringify([actor.accountId, rawMonitorId, rawIncidentId]);
  const seen = await seenReads.read(key, () => findOwnIncident(ctx.db, actor.accountId, rawMonitorId, rawIncidentId));
  if (seen.acknowledgedAt) {
    // No change, no entry (as recordAudit of no change tells).
    actor.recorded?.();
    return { incident: seen, changed: false };
  }
  if (seen.status === 'resolved') throw new ConflictError(INCIDENT_RESOLVED);
  return ctx.db.transaction(async (m) => {
    const incident = await findOwnIncident(m, actor.accountId, rawMonitorId, rawIncidentId, { lock: true });
    const was = snapshotOf(m, incident);
    const result = await acknowledgeLockedIncident(m, incident, { by, via: 'api', at: ctx.clock.now() });
    // An incident acknowledged before is answered as it is: no change, no diff.
    await recordAudit(m, actor, result.changed ? [{ resource: 'incident', id: incident.id, action: 'acknowledge', before: was, after: result.incident }] : []);
    return result;
  });
}

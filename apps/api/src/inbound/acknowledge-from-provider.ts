import { acknowledgeLockedIncident, lockAccountIncident, type Context, type InboundAcknowledgement, type InboundType } from '@vigil/core';

/** What a callback did: the answer's `result`. */
export type InboundResult = 'acknowledged' | 'already_acknowledged' | 'ignored';

/**
 * Applies an on-call tool's callback to the account of the integration it came through: an
 * acknowledgement of one of the account's incidents is recorded (by the tool's user, at the
 * clock's now; the incident.acknowledged event follows through the outbox). An incident of
 * another account, a missing one, or one that resolved before anybody acknowledged it changes
 * nothing ('ignored'): the tool gets its 200 and does not retry.
 */
export async function acknowledgeFromProvider(ctx: Context, accountId: number, via: InboundType, request: InboundAcknowledgement): Promise<InboundResult> {
  if (request.kind === 'ignore') return 'ignored';
  return ctx.db.transaction(async (em) => {
    const incident = await lockAccountIncident(em, accountId, request.incidentId);
    if (!incident || (incident.status === 'resolved' && !incident.acknowledgedAt)) return 'ignored';
    const { changed } = await acknowledgeLockedIncident(em, incident, { by: request.by, via, at: ctx.clock.now() });
    return changed ? 'acknowledged' : 'already_acknowledged';
  });
}

import { acknowledgeLockedIncident, incidentAckState, lockAccountIncident, type Context, type InboundAcknowledgement, type InboundType } from '@vigil/core';

/** What a callback did: the answer's `result`. */
export type InboundResult = 'acknowledged' | 'already_acknowledged' | 'ignored';

/**
 * Applies an on-call tool's callback to the account of the integration it came through (`seen`:
 * the incident's state, when the caller read it already): an
 * acknowledgement of one of the account's incidents is recorded (by the tool's user, at the
 * clock's now; the incident.acknowledged event follows through the outbox). An incident of
 * another account, a missing one, or one that resolved before anybody acknowledged it changes
 * nothing ('ignored'): the tool gets its 200 and does not retry.
 */
export async function acknowledgeFromProvider(ctx: Context, accountId: number, via: InboundType, request: InboundAcknowledgement, seen?: IncidentAckSeen | null): Promise<InboundResult> {
  if (request.kind === 'ignore') return 'ignored';
  const settled = settledAnswer(seen !== undefined ? seen : await incidentAckState(ctx.db, accountId, request.incidentId));
  if (settled) return settled;
  return ctx.db.transaction(async (em) => {
    const incident = await lockAccountIncident(em, accountId, request.incidentId);
    if (!incident || (incident.status === 'resolved' && !incident.acknowledgedAt)) return 'ignored';
    const { changed } = await acknowledgeLockedIncident(em, incident, { by: request.by, via, at: ctx.clock.now() });
    return changed ? 'acknowledged' : 'already_acknowledged';
  });
}

/** The incident's acknowledgement state as a plain read saw it; null: missing, or not of the account. */
export type IncidentAckSeen = { status: 'open' | 'resolved'; acknowledgedAt: Date | null };

/**
 * The answer for an incident whose acknowledgement can no longer change, from a plain read (no
 * transaction, no row lock; `seen`, read with the integration or on its own): one acknowledged
 * stays so (the first acknowledgement is kept), one resolved unacknowledged can no longer be, one
 * not of the account never is. A tool's repeated callbacks (PagerDuty's incident.resolved after
 * its incident.acknowledged, retries) end here. Null: an open incident nobody acknowledged,
 * decided under its row lock.
 */
function settledAnswer(seen: IncidentAckSeen | null): InboundResult | null {
  if (!seen) return 'ignored';
  if (seen.acknowledgedAt) return 'already_acknowledged';
  return seen.status === 'resolved' ? 'ignored' : null;
}

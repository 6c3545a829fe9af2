import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * A Matrix homeserver's client-server API, send endpoint
 * (spec.matrix.org/v1.11/client-server-api/#put_matrixclientv3roomsroomidsendeventtypetxnid):
 * PUT /_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId} with Authorization: Bearer;
 * body {msgtype, body}; an event at most 65,536 bytes; the same txnId gives the same event_id.
 * Errors are {errcode, error}; M_LIMIT_EXCEEDED carries retry_after_ms.
 */
export async function matrixFixture(token: string, room: string): Promise<ProviderFixture> {
  const err = (code: number, errcode: string, error: string) => json(code, { errcode, error });
  const events = new Map<string, string>();
  return providerFixture((req) => {
    const m = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/send\/m\.room\.message\/([^/]+)$/.exec(req.path);
    if (req.method !== 'PUT' || !m) return err(404, 'M_UNRECOGNIZED', 'Unrecognized request');
    const auth = req.headers.authorization;
    if (!auth) return err(401, 'M_MISSING_TOKEN', 'Missing access token');
    if (auth !== `Bearer ${token}`) return err(401, 'M_UNKNOWN_TOKEN', 'Invalid access token passed.');
    if (decodeURIComponent(m[1]) !== room) return err(403, 'M_FORBIDDEN', `User @vigil:example.org not in room ${decodeURIComponent(m[1])}`);
    if (req.raw.length > 65_536) return err(413, 'M_TOO_LARGE', 'event too large');
    const b = bodyOf(req);
    if (!b || typeof b.msgtype !== 'string' || typeof b.body !== 'string') return err(400, 'M_BAD_JSON', 'Content must have msgtype and body');
    const txn = m[2];
    const id = events.get(txn) ?? `$event${events.size + 1}`;
    events.set(txn, id);
    return json(200, { event_id: id });
  });
}

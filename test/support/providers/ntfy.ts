import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * An ntfy server, JSON publishing (docs.ntfy.sh/publish/#publish-as-json): POST / with
 * {topic, message, title?, priority 1-5?, tags?, click?}; a protected topic needs
 * Authorization: Bearer <token>; message at most 4,096 bytes (the server's message-size-limit).
 * Errors are {code, http, error, link}.
 */
export async function ntfyFixture(opts: { protectedTopic?: string; token?: string } = {}): Promise<ProviderFixture> {
  const err = (http: number, code: number, error: string) => json(http, { code, http, error, link: 'https://ntfy.sh/docs/publish/' });
  return providerFixture((req) => {
    if (req.method !== 'POST' || req.path !== '/') return err(404, 40401, 'page not found');
    const b = bodyOf(req);
    if (!b || typeof b.topic !== 'string' || !/^[-_A-Za-z0-9]{1,64}$/.test(b.topic)) return err(400, 40010, 'invalid request: topic invalid');
    if (b.topic === opts.protectedTopic && req.headers.authorization !== `Bearer ${opts.token}`) return err(403, 40301, 'forbidden');
    if (typeof b.message !== 'string' || Buffer.byteLength(b.message) > 4096) return err(400, 40011, 'invalid request: message too large for this fixture');
    if (b.priority !== undefined && !(Number.isInteger(b.priority) && Number(b.priority) >= 1 && Number(b.priority) <= 5)) return err(400, 40007, 'invalid priority');
    return json(200, { id: 'sPs71M8A2T', time: 1_763_720_130, event: 'message', topic: b.topic, message: b.message });
  });
}

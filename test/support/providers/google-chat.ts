import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * A Google Chat incoming webhook: POST /v1/spaces/{space}/messages?key=...&token=..., JSON
 * {text} (at most 4,096 characters) or cardsV2; answers the created Message. Errors are
 * {error: {code, message, status}}.
 */
export async function googleChatFixture(space: string, token: string): Promise<ProviderFixture> {
  const err = (code: number, status: string, message: string) => json(code, { error: { code, message, status } });
  return providerFixture((req) => {
    const url = new URL(req.path, 'http://fixture');
    if (req.method !== 'POST' || url.pathname !== `/v1/spaces/${space}/messages`) return err(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (!url.searchParams.get('key') || url.searchParams.get('token') !== token) return err(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const b = bodyOf(req);
    if (!b || (typeof b.text !== 'string' && !Array.isArray(b.cardsV2))) return err(400, 'INVALID_ARGUMENT', 'Message cannot be empty. Discarding empty message.');
    if (typeof b.text === 'string' && b.text.length > 4096) return err(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Text too long.');
    return json(200, { name: `spaces/${space}/messages/abc.abc`, text: b.text, space: { name: `spaces/${space}` } });
  });
}

import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * A Gotify server (gotify.net/api-docs, POST /message): the application token in X-Gotify-Key,
 * JSON {message, title?, priority?, extras?}. Answers the message; errors are
 * {error, errorCode, errorDescription}.
 */
export async function gotifyFixture(appToken: string): Promise<ProviderFixture> {
  const err = (code: number, error: string, errorDescription: string) => json(code, { error, errorCode: code, errorDescription });
  return providerFixture((req) => {
    if (req.method !== 'POST' || req.path !== '/message') return err(404, 'Not Found', 'page not found');
    if (req.headers['x-gotify-key'] !== appToken) return err(401, 'Unauthorized', 'you need to provide a valid access token or user credentials to access this api');
    const b = bodyOf(req);
    if (!b || typeof b.message !== 'string' || b.message === '') return err(400, 'Bad Request', "Field 'message' is required");
    if (b.priority !== undefined && !Number.isInteger(b.priority)) return err(400, 'Bad Request', "Field 'priority' must be an integer");
    return json(200, { id: 25, appid: 5, message: b.message, title: b.title, priority: b.priority, date: '2026-11-21T10:15:30Z' });
  });
}

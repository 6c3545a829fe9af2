import { formOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * Pushover's Message API (pushover.net/api): POST /1/messages.json, form fields token, user,
 * message (1-1,024 characters), title (≤ 250), url (≤ 512), url_title (≤ 100), priority -2..2.
 * Answers {status: 1, request}; errors {status: 0, errors: [...], request} with a 4xx.
 */
export async function pushoverFixture(appToken: string, userKey: string): Promise<ProviderFixture> {
  const bad = (field: string, message: string) => json(400, { [field]: 'invalid', errors: [message], status: 0, request: 'e460545a-8e5f-4b1b-bc31-000000000000' });
  return providerFixture((req) => {
    if (req.method !== 'POST' || req.path !== '/1/messages.json') return json(404, { status: 0, errors: ['not found'] });
    const f = formOf(req);
    if (!f) return bad('message', 'message cannot be blank');
    if (f.get('token') !== appToken) return bad('token', 'application token is invalid');
    if (f.get('user') !== userKey) return bad('user', 'user identifier is not a valid user, group, or subscribed user key');
    const message = f.get('message') ?? '';
    if (message === '') return bad('message', 'message cannot be blank');
    if (message.length > 1024) return bad('message', 'message is too long, must be no more than 1024 characters');
    if ((f.get('title') ?? '').length > 250) return bad('title', 'title is too long');
    if ((f.get('url') ?? '').length > 512) return bad('url', 'url is too long');
    if ((f.get('url_title') ?? '').length > 100) return bad('url_title', 'url_title is too long');
    const p = Number(f.get('priority') ?? '0');
    if (!(Number.isInteger(p) && p >= -2 && p <= 2)) return bad('priority', 'priority is invalid');
    return json(200, { status: 1, request: '647d2300-702c-4b38-8b2f-d56326ae460b' });
  });
}

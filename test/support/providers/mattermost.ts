import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * A Mattermost incoming webhook: POST /hooks/{id}, JSON {text?, attachments?, username?}; text
 * or attachments needed, a post at most 16,383 characters. Answers "ok"; errors are
 * {id, message, detailed_error, request_id, status_code}.
 */
export async function mattermostFixture(hookId: string): Promise<ProviderFixture> {
  const err = (id: string, message: string, code = 400) => json(code, { id, message, detailed_error: '', request_id: 'rq1', status_code: code });
  return providerFixture((req) => {
    if (req.method !== 'POST' || req.path !== `/hooks/${hookId}`) return err('web.incoming_webhook.invalid.app_error', 'Invalid webhook');
    const b = bodyOf(req);
    if (!b) return err('web.incoming_webhook.parse.app_error', 'Unable to parse incoming data');
    if (typeof b.text !== 'string' && !Array.isArray(b.attachments)) return err('web.incoming_webhook.text.app_error', 'No text specified');
    if (typeof b.text === 'string' && b.text.length > 16_383) return err('model.post.is_valid.msg.app_error', 'Invalid message');
    return { status: 200, body: 'ok', headers: { 'Content-Type': 'text/plain' } };
  });
}

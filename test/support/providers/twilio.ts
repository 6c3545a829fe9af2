import { formOf, json, providerFixture, type ProviderFixture } from './fixture.js';

/**
 * Twilio's Messages resource (twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic AccountSid:AuthToken, form
 * To, From or MessagingServiceSid, Body (≤ 1,600 characters). 201 with the message; errors
 * {code, message, more_info, status}.
 */
export async function twilioFixture(sid: string, authToken: string): Promise<ProviderFixture> {
  const err = (status: number, code: number, message: string) => json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  return providerFixture((req) => {
    if (req.method !== 'POST' || req.path !== `/2010-04-01/Accounts/${sid}/Messages.json`) return err(404, 20404, 'The requested resource was not found');
    if (req.headers.authorization !== `Basic ${Buffer.from(`${sid}:${authToken}`).toString('base64')}`) return err(401, 20003, 'Authenticate');
    const f = formOf(req);
    if (!f) return err(400, 21602, 'Message body is required.');
    const to = f.get('To') ?? '';
    if (!/^\+[1-9]\d{1,14}$/.test(to)) return err(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!f.get('From') && !f.get('MessagingServiceSid')) return err(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
    const body = f.get('Body') ?? '';
    if (body === '') return err(400, 21602, 'Message body is required.');
    if (body.length > 1600) return err(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    return json(201, { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to, from: f.get('From'), body });
  });
}

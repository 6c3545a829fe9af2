import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert, type AlertContent } from '../content/alert-content.js';
import { clip } from '../content/plain-text.js';
import type { ProviderError } from '../http/request.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, tokenField, underBase } from '../shared/config-fields.js';

export const TWILIO_API = 'https://api.twilio.com';
/** Twilio's limit on a message body: 1,600 characters. */
export const SMS_MAX = 1_600;

export type TwilioSmsConfig = { account_sid: string; auth_token: string; from: string; to: string; api_url?: string };

const E164 = /^\+[1-9]\d{1,14}$/;

/** The SMS text: title, summary, link; short, as texts are paid per segment. */
export function renderSms(content: AlertContent): string {
  const link = `\n${content.link}`;
  return `${clip(`${content.title}\n${content.summary}`, SMS_MAX - link.length)}${link}`;
}

const codeOf = jsonError({ messagePaths: [['code']] });
const messageOf = jsonError({ messagePaths: [['message']] });

/** A Twilio error: "21211: Invalid 'To' Phone Number". */
function twilioError(body: string): ProviderError {
  const code = codeOf(body).message;
  const message = messageOf(body).message;
  return { message: code && message ? `${code}: ${message}` : message };
}

/** Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth. */
export const twilioSms = defineChannel({
  type: 'twilio_sms',
  label: 'Twilio SMS',
  description: 'Sends a text message through your Twilio account.',
  fields: [
    { name: 'account_sid', type: 'string', required: true, secret: false, description: 'Account SID, AC followed by 32 hex digits' },
    { name: 'auth_token', type: 'string', required: true, secret: true, description: 'Auth token of the account (or of an API key\'s account)' },
    { name: 'from', type: 'string', required: true, secret: false, description: 'Sending number in E.164 (+15017122661), or a Messaging Service SID (MG...)' },
    { name: 'to', type: 'string', required: true, secret: false, description: 'Recipient number in E.164, e.g. +15558675310' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `API base URL; default ${TWILIO_API}` },
  ],
  schema: Joi.object<TwilioSmsConfig>({
    account_sid: tokenField('account_sid', /^AC[0-9a-fA-F]{32}$/, 'an Account SID, AC and 32 hex digits', 34),
    auth_token: tokenField('auth_token', /^[A-Za-z0-9]{16,128}$/, 'an auth token (letters and digits)', 128),
    from: tokenField('from', /^(\+[1-9]\d{1,14}|MG[0-9a-fA-F]{32})$/, 'a number in E.164 (+15017122661) or a Messaging Service SID', 34),
    to: tokenField('to', E164, 'a number in E.164, e.g. +15558675310', 16),
    api_url: apiUrl(TWILIO_API),
  }),
  example: { account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: '0123456789abcdef0123456789abcdef', from: '+15017122661', to: '+15558675310' },
  createSender: (deps) => ({
    send: (target, alert) => {
      const c = target.config;
      const form = new URLSearchParams({
        To: c.to,
        ...(c.from.startsWith('MG') ? { MessagingServiceSid: c.from } : { From: c.from }),
        Body: renderSms(describeAlert(alert.envelope, deps.baseUrl)),
      });
      return sendHttp(
        {
          url: underBase(c.api_url ?? TWILIO_API, `/2010-04-01/Accounts/${c.account_sid}/Messages.json`),
          body: form.toString(),
          contentType: 'application/x-www-form-urlencoded',
          headers: { 'User-Agent': WEBHOOK_USER_AGENT, Authorization: `Basic ${Buffer.from(`${c.account_sid}:${c.auth_token}`).toString('base64')}` },
          readError: twilioError,
        },
        deps,
      );
    },
  }),
});

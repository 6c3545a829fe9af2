import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { clip, plainBody } from '../content/plain-text.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, tokenField, underBase } from '../shared/config-fields.js';
import { urgencyOf } from '../shared/priority.js';

export const PUSHOVER_API = 'https://api.pushover.net';
/** Pushover's limits: message 1,024 characters, title 250, URL 512. */
export const PUSHOVER_MESSAGE_MAX = 1_024;

export type PushoverConfig = { user_key: string; app_token: string; api_url?: string };

const PRIORITY = { high: 1, default: 0, low: -1 } as const;
const KEY = /^[A-Za-z0-9]{30}$/;

/** Pushover Messages API: a form POST to /1/messages.json. */
export const pushover = defineChannel({
  type: 'pushover',
  label: 'Pushover',
  description: 'Sends a push notification to a Pushover user or group.',
  fields: [
    { name: 'user_key', type: 'string', required: true, secret: true, description: 'User or group key (30 characters)' },
    { name: 'app_token', type: 'string', required: true, secret: true, description: 'API token of your Pushover application (30 characters)' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `API base URL; default ${PUSHOVER_API}` },
  ],
  schema: Joi.object<PushoverConfig>({
    user_key: tokenField('user_key', KEY, 'a Pushover user or group key (30 letters and digits)', 30),
    app_token: tokenField('app_token', KEY, 'a Pushover application token (30 letters and digits)', 30),
    api_url: apiUrl(PUSHOVER_API),
  }),
  example: { user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' },
  createSender: (deps) => ({
    send: (target, alert) => {
      const content = describeAlert(alert.envelope, deps.baseUrl);
      const form = new URLSearchParams({
        token: target.config.app_token,
        user: target.config.user_key,
        title: clip(content.title, 250),
        message: clip(plainBody(content), PUSHOVER_MESSAGE_MAX),
        priority: String(PRIORITY[urgencyOf(content)]),
        timestamp: String(Math.floor(Date.parse(content.time) / 1000) || Math.floor(deps.clock.now().getTime() / 1000)),
        ...(content.link.length <= 512 ? { url: content.link, url_title: 'View in Vigil' } : {}),
      });
      return sendHttp(
        {
          url: underBase(target.config.api_url ?? PUSHOVER_API, '/1/messages.json'),
          body: form.toString(),
          contentType: 'application/x-www-form-urlencoded',
          headers: { 'User-Agent': WEBHOOK_USER_AGENT },
          readError: jsonError({ messagePaths: [['errors', '0'], ['message']] }),
        },
        deps,
      );
    },
  }),
});

import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { clip, plainBody } from '../content/plain-text.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, tokenField, underBase } from '../shared/config-fields.js';
import { urgencyOf } from '../shared/priority.js';

export type GotifyConfig = { app_token: string; api_url: string };

const PRIORITY = { high: 8, default: 5, low: 2 } as const;

/** Gotify (self-hosted): POST /message with the application token in X-Gotify-Key. */
export const gotify = defineChannel({
  type: 'gotify',
  label: 'Gotify',
  description: 'Sends a message to your Gotify server as one of its applications.',
  fields: [
    { name: 'app_token', type: 'string', required: true, secret: true, description: 'Token of a Gotify application (Apps > Create application)' },
    { name: 'api_url', type: 'string', required: true, secret: false, description: 'Your Gotify server\'s base URL, e.g. https://gotify.example.com (there is no public one)' },
  ],
  schema: Joi.object<GotifyConfig>({
    app_token: tokenField('app_token', /^[A-Za-z0-9._-]{8,128}$/, 'a Gotify application token', 128),
    api_url: apiUrl(null).required().messages({ 'any.required': 'config.api_url is required' }),
  }),
  example: { app_token: 'AbCdEfGhIjKlMnO', api_url: 'https://gotify.example.com' },
  createSender: (deps) => ({
    send: (target, alert) => {
      const content = describeAlert(alert.envelope, deps.baseUrl);
      return sendHttp(
        {
          url: underBase(target.config.api_url, '/message'),
          body: JSON.stringify({
            title: clip(content.title, 250),
            message: clip(plainBody(content), 4_000),
            priority: PRIORITY[urgencyOf(content)],
            extras: {
              'client::display': { contentType: 'text/plain' },
              'client::notification': { click: { url: content.link } },
            },
          }),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT, 'X-Gotify-Key': target.config.app_token },
          readError: jsonError({ messagePaths: [['errorDescription'], ['error']] }),
        },
        deps,
      );
    },
  }),
});

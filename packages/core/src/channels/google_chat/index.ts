import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { httpUrl } from '../shared/config-fields.js';
import { renderGoogleChat } from './google-chat-message.js';

export type GoogleChatConfig = { url: string };

/** Google Chat incoming webhook: a text message to a space. */
export const googleChat = defineChannel({
  type: 'google_chat',
  label: 'Google Chat',
  description: 'Posts a message to a Google Chat space through an incoming webhook.',
  fields: [{ name: 'url', type: 'string', required: true, secret: true, description: 'Webhook URL, https://chat.googleapis.com/v1/spaces/.../messages?key=...&token=...' }],
  schema: Joi.object<GoogleChatConfig>({ url: httpUrl('url') }),
  example: { url: 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=XXXX&token=XXXX' },
  createSender: (deps) => ({
    send: (target, alert) =>
      sendHttp(
        {
          url: target.config.url,
          body: JSON.stringify(renderGoogleChat(describeAlert(alert.envelope, deps.baseUrl))),
          contentType: 'application/json; charset=UTF-8',
          headers: { 'User-Agent': WEBHOOK_USER_AGENT },
          readError: jsonError({ messagePaths: [['error', 'message']] }),
        },
        deps,
      ),
  }),
});

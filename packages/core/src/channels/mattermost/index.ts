import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { httpUrl } from '../shared/config-fields.js';
import { renderMattermost } from './mattermost-message.js';

export type MattermostConfig = { url: string };

/** Mattermost incoming webhook (any server: the URL names it). */
export const mattermost = defineChannel({
  type: 'mattermost',
  label: 'Mattermost',
  description: 'Posts a message with an attachment to a Mattermost channel through an incoming webhook.',
  fields: [{ name: 'url', type: 'string', required: true, secret: true, description: 'Incoming-webhook URL, https://<your server>/hooks/<id>' }],
  schema: Joi.object<MattermostConfig>({ url: httpUrl('url') }),
  example: { url: 'https://mattermost.example.com/hooks/xxxxxxxxxxxxxxxxxxxxxxxxxx' },
  createSender: (deps) => ({
    send: (target, alert) =>
      sendHttp(
        {
          url: target.config.url,
          body: JSON.stringify(renderMattermost(describeAlert(alert.envelope, deps.baseUrl))),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT },
          readError: jsonError({ messagePaths: [['message']] }),
        },
        deps,
      ),
  }),
});

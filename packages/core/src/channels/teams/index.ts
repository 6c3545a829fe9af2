import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { httpUrl } from '../shared/config-fields.js';
import { renderTeams } from './teams-card.js';

export type TeamsConfig = { url: string };

/** Microsoft Teams through a Workflows webhook: an Adaptive Card. */
export const teams = defineChannel({
  type: 'teams',
  label: 'Microsoft Teams',
  description: 'Posts an Adaptive Card to a Teams channel or chat through a Workflows webhook ("When a Teams webhook request is received").',
  fields: [{ name: 'url', type: 'string', required: true, secret: true, description: 'The workflow\'s HTTP POST URL (it carries its signature, sig=...)' }],
  schema: Joi.object<TeamsConfig>({ url: httpUrl('url') }),
  example: { url: 'https://prod-00.westeurope.logic.azure.com:443/workflows/0a1b/triggers/manual/paths/invoke?api-version=2016-06-01&sig=XXXX' },
  createSender: (deps) => ({
    send: (target, alert) =>
      sendHttp(
        {
          url: target.config.url,
          body: JSON.stringify(renderTeams(describeAlert(alert.envelope, deps.baseUrl))),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT },
          readError: jsonError({ messagePaths: [['error', 'message'], ['message']] }),
        },
        deps,
      ),
  }),
});

import { defineChannel } from '../channel.js';
import { chatPostSender } from '../http/chat-post.js';
import { chatWebhookConfig } from '../shared/chat-webhook-config.js';
import { renderSlack } from './slack-message.js';

/** Slack incoming webhook: `{text, blocks}`. */
export const slack = defineChannel({
  type: 'slack',
  label: 'Slack',
  description: 'Posts a message (text and Block Kit blocks) to a Slack incoming webhook.',
  fields: [{ name: 'webhook_url', type: 'string', required: true, secret: true, description: 'Incoming-webhook URL, https://hooks.slack.com/services/...' }],
  schema: chatWebhookConfig,
  example: { webhook_url: 'https://hooks.slack.com/services/T000/B000/XXXX' },
  createSender: (deps) => chatPostSender(deps, (c) => c.webhook_url, renderSlack),
});

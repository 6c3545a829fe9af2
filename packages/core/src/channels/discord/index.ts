import { defineChannel } from '../channel.js';
import { chatPostSender } from '../http/chat-post.js';
import { chatWebhookConfig } from '../shared/chat-webhook-config.js';
import { renderDiscord } from './discord-message.js';

/** Discord webhook: `{content, embeds}`. */
export const discord = defineChannel({
  type: 'discord',
  label: 'Discord',
  description: 'Posts a message (content and an embed) to a Discord channel webhook.',
  fields: [{ name: 'webhook_url', type: 'string', required: true, secret: true, description: 'Webhook URL, https://discord.com/api/webhooks/...' }],
  schema: chatWebhookConfig,
  example: { webhook_url: 'https://discord.com/api/webhooks/1/XXXX' },
  createSender: (deps) => chatPostSender(deps, (c) => c.webhook_url, renderDiscord),
});

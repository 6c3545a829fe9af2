import { randomBytes } from 'node:crypto';
import { defineChannel } from '../channel.js';
import { webhookConfig } from './webhook.config.js';
import { webhookSender } from './webhook.sender.js';

/** A webhook signing secret: 192 random bits, hex, with a recognisable prefix. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** The signed generic webhook. */
export const webhook = defineChannel({
  type: 'webhook',
  label: 'Webhook',
  description:
    'POSTs JSON {id, event, created_at, data} with X-Vigil-Event, X-Vigil-Delivery and X-Vigil-Signature ' +
    '(sha256=<hex HMAC-SHA256 of the raw body>) headers.',
  fields: [
    { name: 'url', type: 'string', required: true, secret: false, description: 'http:// or https:// URL that receives the POST' },
    {
      name: 'secret',
      type: 'string',
      required: false,
      secret: true,
      description: 'Signing secret; generated when omitted and shown once, in the create answer',
    },
  ],
  schema: webhookConfig,
  generated: { field: 'secret', generate: generateWebhookSecret },
  example: { url: 'https://hooks.example.com/vigil' },
  createSender: webhookSender,
});

import { randomBytes } from 'node:crypto';
import { defineChannel } from '../channel.js';
import type { InboundChannel } from '../inbound.js';
import { OPSGENIE_SECRET_HEADER, readOpsgenieCallback, verifyOpsgenieSecret } from './opsgenie-callback.js';
import { OPSGENIE_API_URL, opsgenieConfig } from './opsgenie.config.js';
import { opsgenieSender } from './opsgenie.sender.js';

/** A callback secret for the Opsgenie Webhook integration's custom header: 192 random bits, hex. */
export function generateCallbackSecret(): string {
  return `ogsec_${randomBytes(24).toString('hex')}`;
}

/** Opsgenie Alert API, with the incident kept in sync both ways (docs/channels/opsgenie.md). */
export const opsgenie = defineChannel({
  type: 'opsgenie',
  label: 'Opsgenie',
  description:
    'Creates an Opsgenie alert when a monitor goes down (alias vigil-incident-<id>), acknowledges it when the incident is acknowledged ' +
    'in Vigil and closes it on recovery (Alert API). Acknowledging in Opsgenie acknowledges the Vigil incident through an Opsgenie ' +
    `Webhook integration that posts to the inbound_url with the ${OPSGENIE_SECRET_HEADER} header.`,
  fields: [
    { name: 'api_key', type: 'string', required: true, secret: true, description: 'API key of an Opsgenie "API" integration (Authorization: GenieKey)' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `Alert API base URL; default ${OPSGENIE_API_URL} (EU: https://api.eu.opsgenie.com)` },
    {
      name: 'webhook_secret',
      type: 'string',
      required: false,
      secret: true,
      description: `Value of the ${OPSGENIE_SECRET_HEADER} header the Opsgenie Webhook integration sends to inbound_url; generated when omitted and shown once, in the create answer`,
    },
  ],
  schema: opsgenieConfig,
  generated: { field: 'webhook_secret', generate: generateCallbackSecret },
  example: { api_key: 'eb243592-faa2-4ba2-a551-1afdf565c889', api_url: 'https://api.eu.opsgenie.com' },
  createSender: opsgenieSender,
});

/** Opsgenie Webhook-integration callbacks: the shared secret in a custom header; Acknowledge (and Close) acknowledge. */
export const opsgenieInbound: InboundChannel = {
  verify: (_rawBody, header, config) => typeof config.webhook_secret === 'string' && verifyOpsgenieSecret(header(OPSGENIE_SECRET_HEADER.toLowerCase()), config.webhook_secret),
  read: readOpsgenieCallback,
};

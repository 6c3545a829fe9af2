import { defineChannel } from '../channel.js';
import type { InboundChannel } from '../inbound.js';
import { readPagerDutyWebhook, verifyPagerDutySignature } from './pagerduty-webhook.js';
import { PAGERDUTY_API_URL, pagerdutyConfig } from './pagerduty.config.js';
import { pagerdutySender } from './pagerduty.sender.js';

/** PagerDuty Events API v2, with the incident kept in sync both ways (docs/channels/pagerduty.md). */
export const pagerduty = defineChannel({
  type: 'pagerduty',
  label: 'PagerDuty',
  description:
    'Triggers a PagerDuty alert when a monitor goes down, acknowledges it when the incident is acknowledged in Vigil and resolves it ' +
    'on recovery (Events API v2, dedup_key vigil-incident-<id>). Acknowledging in PagerDuty acknowledges the Vigil incident through ' +
    'a v3 webhook subscription on the inbound_url.',
  fields: [
    { name: 'routing_key', type: 'string', required: true, secret: true, description: 'Integration Key of an "Events API V2" integration on the PagerDuty service' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `Events API base URL; default ${PAGERDUTY_API_URL}` },
    {
      name: 'webhook_secret',
      type: 'string',
      required: false,
      secret: true,
      description: 'Signing secret of the PagerDuty v3 webhook subscription that calls inbound_url (X-PagerDuty-Signature); without it callbacks are refused',
    },
  ],
  schema: pagerdutyConfig,
  example: { routing_key: 'e93facc04764012d7bfb002500d5d1a6' },
  createSender: pagerdutySender,
});

/** PagerDuty v3 webhooks: signed with the subscription's secret; incident.acknowledged (and .resolved) acknowledge. */
export const pagerdutyInbound: InboundChannel = {
  verify: (rawBody, header, config) =>
    typeof config.webhook_secret === 'string' && verifyPagerDutySignature(rawBody, header('x-pagerduty-signature'), config.webhook_secret),
  read: readPagerDutyWebhook,
};

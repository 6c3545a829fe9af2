import Joi from 'joi';
import type { IntegrationType } from '@vigil/core';

/** One setting of an integration type, as GET /integrations/types lists it. */
export interface ConfigField {
  name: string;
  type: 'string' | 'email | email[]';
  required: boolean;
  /** Encrypted at rest and masked in every response. */
  secret: boolean;
  description: string;
}

export interface IntegrationTypeSpec {
  type: IntegrationType;
  label: string;
  description: string;
  fields: ConfigField[];
  /** Validates and normalises a complete config of this type. */
  schema: Joi.ObjectSchema;
}

const MAX_URL = 2048;
const MAX_RECIPIENTS = 10;

const httpUrl = (field: string) =>
  Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(MAX_URL)
    .required()
    .messages({ 'any.required': `config.${field} is required`, '*': 'Invalid URL' });

const email = Joi.string().trim().email({ tlds: false }).max(254);
const recipientsMessage = `Invalid config.to: must be an email address or a list of 1 to ${MAX_RECIPIENTS} email addresses`;

/** The four channels (decisions §4). Field names are the API's; secrets never leave unmasked. */
export const INTEGRATION_TYPE_SPECS: Record<IntegrationType, IntegrationTypeSpec> = {
  email: {
    type: 'email',
    label: 'Email',
    description: 'Sends a plain-text and HTML email per alert through the service SMTP server.',
    fields: [{ name: 'to', type: 'email | email[]', required: true, secret: false, description: `Recipient address, or a list of up to ${MAX_RECIPIENTS}` }],
    schema: Joi.object({
      to: Joi.alternatives()
        .try(email, Joi.array().items(email).min(1).max(MAX_RECIPIENTS).unique())
        .required()
        .messages({ 'any.required': 'config.to is required', '*': recipientsMessage }),
    }),
  },
  webhook: {
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
    schema: Joi.object({
      url: httpUrl('url'),
      secret: Joi.string().min(1).max(256).messages({ '*': 'Invalid config.secret: must be a string of 1 to 256 characters' }),
    }),
  },
  slack: {
    type: 'slack',
    label: 'Slack',
    description: 'Posts a message (text and Block Kit blocks) to a Slack incoming webhook.',
    fields: [{ name: 'webhook_url', type: 'string', required: true, secret: true, description: 'Incoming-webhook URL, https://hooks.slack.com/services/...' }],
    schema: Joi.object({ webhook_url: httpUrl('webhook_url') }),
  },
  discord: {
    type: 'discord',
    label: 'Discord',
    description: 'Posts a message (content and an embed) to a Discord channel webhook.',
    fields: [{ name: 'webhook_url', type: 'string', required: true, secret: true, description: 'Webhook URL, https://discord.com/api/webhooks/...' }],
    schema: Joi.object({ webhook_url: httpUrl('webhook_url') }),
  },
};

/** Names of the secret fields of a type. */
export function secretFields(type: IntegrationType): string[] {
  return INTEGRATION_TYPE_SPECS[type].fields.filter((f) => f.secret).map((f) => f.name);
}

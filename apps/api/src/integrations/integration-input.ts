import Joi from 'joi';
import { ALERT_EVENTS, CHANNELS, channelOf, INTEGRATION_TYPES, ValidationError, type AlertEventName, type IntegrationType } from '@vigil/core';
import { annotated, documented, requestSchema } from '../http/joi-schema.js';
import { trimmedString, validate } from '../http/validate.js';
import { idListField } from '../http/id-list.js';

export interface IntegrationInput {
  type?: IntegrationType;
  name?: string;
  config?: Record<string, unknown>;
  events?: AlertEventName[];
  monitor_ids?: number[];
  domain_ids?: number[];
  is_active?: boolean;
}

const fields = {
  type: Joi.string()
    .valid(...INTEGRATION_TYPES)
    .messages({ 'any.required': 'type is required', '*': `Invalid type: must be one of ${INTEGRATION_TYPES.join(', ')}` }),
  name: trimmedString(100),
  config: Joi.object()
    .unknown(true)
    .messages({ 'any.required': 'config is required', '*': 'Invalid config: must be an object' })
    .description('Fields per type (GET /api/v1/integrations/types); on update merged into the current config'),
  events: Joi.array()
    .items(Joi.string().valid(...ALERT_EVENTS))
    .unique()
    .messages({ '*': `Invalid events: each must be one of ${ALERT_EVENTS.join(', ')}` })
    .description('Empty or absent = all events'),
  monitor_ids: idListField('monitor_ids').description("The account's own monitors; empty = all"),
  domain_ids: idListField('domain_ids').description("The account's own domains; empty = all"),
  is_active: annotated(Joi.boolean().messages({ '*': 'Invalid is_active: must be a boolean' }), { default: true }),
};

/**
 * A create's config is complete: documented as one of the types' own config schemas (the ones
 * validateConfig() runs once the type is known).
 */
const createConfig = documented(fields.config.required(), {
  description: 'Fields per type (GET /api/v1/integrations/types)',
  anyOf: CHANNELS.map((c) => ({ title: c.type, ...requestSchema(c.schema) })),
});

export const createIntegrationBody = Joi.object<IntegrationInput>({
  ...fields,
  type: fields.type.required(),
  name: fields.name.required(),
  config: createConfig,
})
  .example({ type: 'webhook', name: 'Ops webhook', config: { url: 'https://hooks.example.com/vigil' }, events: ['monitor.down', 'monitor.up'], monitor_ids: [42] })
  .example({ type: 'email', name: 'On-call', config: { to: ['oncall@example.com'] } });

export const updateIntegrationBody = Joi.object<IntegrationInput>(fields).example({ name: 'Ops webhook (primary)', events: ['monitor.down'], is_active: true });

export function parseCreateBody(body: unknown): Required<Pick<IntegrationInput, 'type' | 'name' | 'config'>> & IntegrationInput {
  return validate(createIntegrationBody, body) as Required<Pick<IntegrationInput, 'type' | 'name' | 'config'>> & IntegrationInput;
}

export function parseUpdateBody(body: unknown): IntegrationInput {
  return validate(updateIntegrationBody, body);
}

/** A complete config of a type, validated and normalised by its channel (email `to` always a list). */
export function validateConfig(type: IntegrationType, config: Record<string, unknown>): Record<string, unknown> {
  return channelOf(type).validateConfig(config);
}

export function requireConfigOnTypeChange(input: IntegrationInput, currentType: IntegrationType): void {
  if (input.type && input.type !== currentType && input.config === undefined) {
    throw new ValidationError('config is required when type changes');
  }
}

import Joi from 'joi';
import { ALERT_EVENTS, INTEGRATION_TYPES, ValidationError, type AlertEventName, type IntegrationType } from '@vigil/core';
import { trimmedString, validate } from '../http/validate.js';
import { idListField } from '../http/id-list.js';
import { INTEGRATION_TYPE_SPECS } from './integration-types.js';


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
  config: Joi.object().unknown(true).messages({ 'any.required': 'config is required', '*': 'Invalid config: must be an object' }),
  events: Joi.array()
    .items(Joi.string().valid(...ALERT_EVENTS))
    .unique()
    .messages({ '*': `Invalid events: each must be one of ${ALERT_EVENTS.join(', ')}` }),
  monitor_ids: idListField('monitor_ids'),
  domain_ids: idListField('domain_ids'),
  is_active: Joi.boolean().messages({ '*': 'Invalid is_active: must be a boolean' }),
};

const createSchema = Joi.object<IntegrationInput>({
  ...fields,
  type: fields.type.required(),
  name: fields.name.required(),
  config: fields.config.required(),
});

const updateSchema = Joi.object<IntegrationInput>(fields);

export function parseCreateBody(body: unknown): Required<Pick<IntegrationInput, 'type' | 'name' | 'config'>> & IntegrationInput {
  return validate(createSchema, body) as Required<Pick<IntegrationInput, 'type' | 'name' | 'config'>> & IntegrationInput;
}

export function parseUpdateBody(body: unknown): IntegrationInput {
  return validate(updateSchema, body);
}

/** A complete config of a type, validated and normalised (email `to` always a list). */
export function validateConfig(type: IntegrationType, config: Record<string, unknown>): Record<string, unknown> {
  const value = validate(INTEGRATION_TYPE_SPECS[type].schema, config) as Record<string, unknown>;
  if (type === 'email') {
    const to = value.to as string | string[];
    return { ...value, to: Array.isArray(to) ? to : [to] };
  }
  return value;
}

export function requireConfigOnTypeChange(input: IntegrationInput, currentType: IntegrationType): void {
  if (input.type && input.type !== currentType && input.config === undefined) {
    throw new ValidationError('config is required when type changes');
  }
}

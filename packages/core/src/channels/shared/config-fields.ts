import Joi from 'joi';

/** The longest URL a channel config takes. */
export const MAX_URL = 2048;

/** A required http(s) URL field: "config.<field> is required", else "Invalid URL". */
export function httpUrl(field: string): Joi.StringSchema<string> {
  return Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(MAX_URL)
    .required()
    .messages({ 'any.required': `config.${field} is required`, '*': 'Invalid URL' });
}

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

/** An optional `api_url`: the base URL of the provider's API (EU region, self-hosted server). */
export function apiUrl(publicUrl: string | null): Joi.StringSchema<string> {
  return Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(MAX_URL)
    .messages({ '*': 'Invalid config.api_url: must be an http:// or https:// URL' })
    .description(publicUrl ? `Base URL of the API; default ${publicUrl}` : 'Base URL of the server');
}

/** A URL under an API base: `base` without its trailing slashes, then `path`. */
export function underBase(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** A required string field of at most `max` characters matching `pattern`, with one message for any fault. */
export function tokenField(field: string, pattern: RegExp, what: string, max = 256): Joi.StringSchema<string> {
  return Joi.string()
    .max(max)
    .pattern(pattern)
    .required()
    .messages({ 'any.required': `config.${field} is required`, '*': `Invalid config.${field}: must be ${what}` });
}

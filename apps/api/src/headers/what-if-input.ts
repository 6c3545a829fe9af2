import Joi from 'joi';
import { ValidationError, parseHeaderTarget, type HeaderGradePayload } from '@vigil/core';
import { annotated } from '../http/joi-schema.js';
import { validate } from '../http/validate.js';

/** summary.site of a what-if report that names no site. */
export const WHAT_IF_SITE = 'what-if';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_HEADERS = 100;
const MAX_VALUE = 16 * 1024;
const HEADERS_MESSAGE = `Invalid headers: must be an object of at most ${MAX_HEADERS} header names (HTTP tokens) to a string, or an array of up to 20 strings for a header sent several times (each at most ${MAX_VALUE} characters)`;

const value = Joi.string().max(MAX_VALUE).allow('');

export const whatIfBody = Joi.object<{ headers: Record<string, string | string[]>; https?: boolean; site?: string; html?: string }>({
  headers: annotated(
    Joi.object()
      // Every key matches the pattern, so none is stripped as unknown; names are checked below.
      .pattern(/^/, Joi.alternatives(value, Joi.array().items(value).min(1).max(20)))
      .max(MAX_HEADERS)
      .custom((headers: Record<string, unknown>, helpers) => (Object.keys(headers).every((k) => TOKEN.test(k)) ? headers : helpers.error('object.base')))
      .required()
      .messages({ 'any.required': 'headers is required', '*': HEADERS_MESSAGE })
      .description('Header name -> value as the site would send it; an array of strings for a header sent several times'),
    // What the custom rule checks.
    { propertyNames: { pattern: TOKEN.source }, maxProperties: MAX_HEADERS },
  ),
  https: annotated(Joi.boolean().messages({ '*': 'Invalid https: must be a boolean' }), { default: true }).description(
    'The response would come over https: HSTS counts only then',
  ),
  site: Joi.string()
    .messages({ '*': 'Invalid site: must be a hostname, host:port or an http(s) URL' })
    .description('Hostname, host:port or URL the headers are for (summary.site; which scripts are same-site for SRI)'),
  html: Joi.string().allow('').messages({ '*': 'Invalid html: must be a string' }).description('The page, for the Subresource Integrity test (default: no scripts)'),
}).example({
  headers: {
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Content-Security-Policy': "default-src 'self'",
    'X-Content-Type-Options': 'nosniff',
    'Set-Cookie': ['session=abc; Secure; HttpOnly', 'theme=dark; Secure'],
  },
  https: true,
  site: 'shop.example.com',
});

/**
 * The body of POST /headers/grade: `headers` (required), `https` (default true), `site`
 * (a hostname, host:port or URL, as `q` of /headers/check; default none) and `html` (the page,
 * for Subresource Integrity).
 */
export function parseWhatIfBody(body: unknown): HeaderGradePayload {
  const input = validate(whatIfBody, body);
  let site = WHAT_IF_SITE;
  if (input.site !== undefined) {
    try {
      site = parseHeaderTarget(input.site).site;
    } catch {
      throw new ValidationError('Invalid site: must be a hostname, host:port or an http(s) URL');
    }
  }
  return { headers: input.headers, https: input.https ?? true, site, html: input.html ?? null };
}

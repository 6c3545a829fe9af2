import { ASSERTION_LIMITS, ASSERTION_OPERATORS, type AssertionSource } from '@vigil/core';
import type { JsonSchema } from '../http/route.js';

/** The OpenAPI schema of a monitor's `assertions`: one object shape per source, operators from core. */

const L = ASSERTION_LIMITS;
const flags = { type: 'string', pattern: '^[imsu]*$', description: 'Only with matches: i (case-insensitive), m, s, u; each at most once' };

function shape(source: AssertionSource, description: string, extra: Record<string, JsonSchema>, value: JsonSchema | null): JsonSchema {
  return {
    type: 'object',
    title: source,
    description,
    required: ['source', 'operator', ...Object.keys(extra)],
    additionalProperties: false,
    properties: {
      source: { type: 'string', const: source },
      ...extra,
      operator: { type: 'string', enum: [...ASSERTION_OPERATORS[source]] },
      ...(value ? { value } : {}),
      ...(source === 'header' || source === 'json_path' || source === 'body' ? { flags } : {}),
    },
  };
}

export const ASSERTION_SCHEMA: JsonSchema = {
  oneOf: [
    shape('status_code', 'The final response status code', {}, { type: 'integer', minimum: 100, maximum: 599 }),
    shape('response_time', 'The check\'s response time in milliseconds (request start to end of body)', {}, { type: 'integer', minimum: 1, maximum: 60_000 }),
    shape(
      'header',
      'A response header (name in any case; repeated headers joined with ", "). exists/not_exists take no value',
      { name: { type: 'string', maxLength: 200, description: 'Header name' } },
      { type: 'string', maxLength: L.text, description: 'The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update' },
    ),
    shape(
      'json_path',
      `An RFC 9535 JSONPath into the body parsed as JSON (the first 1 MiB). Every selected value (at most the first 100) must satisfy the condition, and at least one must be selected (not_exists: none). equals compares type and value; contains: a string containing the string, or an array holding the scalar; less_than/greater_than: numbers; matches: strings. exists/not_exists take no value`,
      { path: { type: 'string', minLength: 1, maxLength: L.text, examples: ['$.status', '$.checks[?@.status != "ok"]'] } },
      { oneOf: [{ type: 'string', maxLength: L.text }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
    ),
    shape('body', 'The body as UTF-8 text (the first 1 MiB)', {}, { type: 'string', minLength: 1, maxLength: L.text }),
    shape(
      'certificate_expiry',
      'Whole days left on the certificate presented to the check (negative once expired); fails over plain http',
      {},
      { type: 'integer', minimum: -3650, maximum: 3650 },
    ),
  ],
};

export const ASSERTIONS_PROPERTY: JsonSchema = {
  type: ['array', 'null'],
  maxItems: L.count,
  default: [],
  description:
    'http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check\'s error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none',
  items: ASSERTION_SCHEMA,
  examples: [
    [
      { source: 'status_code', operator: 'less_than', value: 400 },
      { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' },
      { source: 'header', name: 'content-type', operator: 'contains', value: 'json' },
      { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
    ],
  ],
};

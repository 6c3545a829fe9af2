import Joi from 'joi';
import { createRequire } from 'node:module';
import type { parse } from 'joi-to-json';
import type { JsonSchema } from './route.js';

// joi-to-json is CommonJS (`module.exports = parse`); its typings describe an ES default export.
const joiToJson: typeof parse = createRequire(import.meta.url)('joi-to-json');

/** Drops `additionalProperties: false`: validate() strips unknown fields, it does not refuse them. */
function allowUnknown(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowUnknown);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, allowUnknown(v)]));
}

/**
 * The OpenAPI 3.1 schema of a request body or query, derived from the joi schema that
 * validates it, so the document cannot drift from the validator.
 */
export function requestSchema(schema: Joi.Schema): JsonSchema {
  const derived = allowUnknown(joiToJson(schema, 'open-api-3.1'));
  if (derived === null || typeof derived !== 'object' || Array.isArray(derived)) throw new Error('joi-to-json gave no schema object');
  return Object.fromEntries(Object.entries(derived));
}

/** A request body as a route declares it: a joi validator (preferred) or a JSON Schema. */
export function bodySchema(body: JsonSchema | Joi.Schema): JsonSchema {
  return Joi.isSchema(body) ? requestSchema(body) : body;
}

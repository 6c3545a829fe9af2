import type Joi from 'joi';
import { createRequire } from 'node:module';
import type { parse } from 'joi-to-json';
import type { JsonSchema } from './route.js';

// joi-to-json is CommonJS (`module.exports = parse`); its typings describe an ES default export.
const joiToJson: typeof parse = createRequire(import.meta.url)('joi-to-json');

/** joi-to-json copies `x-` metas into the schema; these two are resolved by requestSchema(). */
const REPLACE = 'x-vigil-schema';
const MERGE = 'x-vigil-keywords';

/**
 * Documents a joi schema whose rules joi-to-json cannot express (`.custom()`, `.when()`,
 * alternatives chosen by another field): `jsonSchema` replaces what would be derived. It rides
 * on the joi object itself, so the validator and its documentation stay one value.
 */
export function documented<S extends Joi.Schema>(schema: S, jsonSchema: JsonSchema): S {
  return schema.meta({ [REPLACE]: jsonSchema }) as S;
}

/**
 * Documents a joi schema whose rule is a `.custom()` (a parser) by a plain joi schema of what it
 * accepts, e.g. `Joi.string().max(253)` for a hostname: the document is derived from joi all the same.
 */
export function documentedAs<S extends Joi.Schema>(schema: S, as: Joi.Schema): S {
  return documented(schema, requestSchema(as));
}

/**
 * Adds JSON Schema keywords to what is derived: facts joi must not act on (`default`: joi's own
 * `.default()` would fill the value in, and an update would then overwrite it) and the part of
 * a `.custom()` rule JSON Schema can say (e.g. `propertyNames` of header names).
 */
export function annotated<S extends Joi.Schema>(schema: S, keywords: JsonSchema): S {
  return schema.meta({ [MERGE]: keywords }) as S;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Resolves the metas above and drops `additionalProperties: false` (validate() strips unknown
 * fields, it does not refuse them). joi-to-json also lists a `.pattern()` key of an object as a
 * literal property named after the regular expression: dropped too.
 */
function resolve(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolve);
  if (!isObject(schema)) return schema;
  const replaced = schema[REPLACE];
  if (isObject(replaced)) return resolve(replaced);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === MERGE || (k === 'additionalProperties' && v === false)) continue;
    if (k !== 'properties' || !isObject(v)) out[k] = resolve(v);
    else {
      const named = Object.entries(v).filter(([name]) => !/^\/.*\/[a-z]*$/.test(name));
      if (named.length) out[k] = Object.fromEntries(named.map(([n, p]) => [n, resolve(p)]));
    }
  }
  // joi's greater()/less() come out as both exclusiveMinimum and minimum (same for the maximum): keep the exclusive one.
  if (out.exclusiveMinimum !== undefined && out.exclusiveMinimum === out.minimum) delete out.minimum;
  if (out.exclusiveMaximum !== undefined && out.exclusiveMaximum === out.maximum) delete out.maximum;
  // joi's valid(x) of one value comes out as a bare const: with its type (null: type null), which client generators read.
  if ('const' in out && out.type === undefined) {
    if (out.const === null) {
      delete out.const;
      out.type = 'null';
    } else if (typeof out.const === 'string' || typeof out.const === 'number' || typeof out.const === 'boolean') out.type = typeof out.const;
  }
  const merged = schema[MERGE];
  return isObject(merged) ? { ...out, ...merged } : out;
}

/**
 * The OpenAPI 3.1 schema of a request body or query, derived from the very joi schema that
 * validates it, so the document cannot drift from the validator. Examples given with joi's
 * `.example()` come out as `examples`.
 */
export function requestSchema(schema: Joi.Schema): JsonSchema {
  const derived = resolve(joiToJson(schema, 'open-api-3.1'));
  if (!isObject(derived)) throw new Error('joi-to-json gave no schema object');
  return derived;
}

/** queryFields per schema: joi's describe() costs more than validating a query (schemas are immutable). */
const fieldsOf = new WeakMap<Joi.ObjectSchema, Readonly<Record<string, Joi.Schema>>>();

/**
 * The fields of a joi object schema that validates a query, one per parameter, for RouteDocs.query
 * and validateQuery. Derived once per schema; callers must not change the record.
 */
export function queryFields(schema: Joi.ObjectSchema): Readonly<Record<string, Joi.Schema>> {
  let fields = fieldsOf.get(schema);
  if (!fields) {
    const keys = Object.keys((schema.describe() as { keys?: Record<string, unknown> }).keys ?? {});
    fields = Object.freeze(Object.fromEntries(keys.map((k) => [k, schema.extract(k)])));
    fieldsOf.set(schema, fields);
  }
  return fields;
}

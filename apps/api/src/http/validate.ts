import Joi from 'joi';
import { NotFoundError, ValidationError } from '@vigil/core';
import { queryFields } from './joi-schema.js';

/** A JSON body that is an array or a scalar where an object is expected. */
export const NOT_AN_OBJECT = 'Invalid request body: must be a JSON object';

/**
 * Validates input with a joi schema and returns the typed value. A schema may pin the exact
 * message of a field with `.error(new ValidationError('Invalid URL'))`; otherwise joi's message
 * is used without quotes (e.g. "name is required"). Unknown fields are dropped. An object
 * schema given an array or a scalar answers NOT_AN_OBJECT (no body at all counts as {}).
 */
export function validate<T>(schema: Joi.Schema<T>, input: unknown, opts: { convert?: boolean } = {}): T {
  if (schema.type === 'object' && input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw new ValidationError(NOT_AN_OBJECT);
  }
  const { error, value } = schema.validate(input ?? {}, {
    abortEarly: true,
    convert: opts.convert ?? false,
    stripUnknown: true,
    errors: { wrap: { label: false } },
  });
  if (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError(error.details[0]?.message ?? error.message);
  }
  return value as T;
}

/**
 * A string that is trimmed before its length is checked. joi's own `.trim()` does not trim
 * under `convert: false` (strict JSON types): it refuses " name " instead.
 */
export function trimmedString(maxLength: number): Joi.StringSchema {
  return Joi.string()
    .custom((v: string, helpers) => {
      const t = v.trim();
      return t ? t : helpers.error('string.empty');
    })
    .max(maxLength);
}

const MAX_ID = 2_147_483_647;

/** A path id; anything that is not a positive 32-bit integer is answered like a missing resource. */
export function parseId(raw: string | string[] | undefined, notFoundMessage: string): number {
  const id = idOrNull(raw);
  if (id === null) throw new NotFoundError(notFoundMessage);
  return id;
}

/** The path id parseId reads, or null where it answers 404. */
export function idOrNull(raw: string | string[] | undefined): number | null {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id < 1 || id > MAX_ID ? null : id;
}

/** A single query-string value (arrays from repeated parameters take the first). */
export function queryValue(raw: unknown): string | undefined {
  if (Array.isArray(raw)) return queryValue(raw[0]);
  return typeof raw === 'string' ? raw : undefined;
}

/**
 * A query string validated by the joi object that also documents it (RouteDocs.query:
 * queryFields(schema)): one value per parameter (repeated ones take the first), strings
 * converted as the schema says (e.g. an enum matched in any case).
 */
export function validateQuery<T>(schema: Joi.ObjectSchema<T>, query: Record<string, unknown>): T {
  const input: Record<string, string | undefined> = {};
  let given = false;
  for (const k of Object.keys(queryFields(schema))) {
    const v = queryValue(query[k]);
    input[k] = v;
    if (v !== undefined) given = true;
  }
  if (given) return validate(schema, input, { convert: true });
  return noParameters(schema, input);
}

/** What a query schema makes of no parameters at all (its defaults), once it accepted none. */
const withoutParameters = new WeakMap<Joi.ObjectSchema, Record<string, unknown>>();

/**
 * validateQuery of a request that gives none of the schema's parameters (most requests): the
 * answer is always the same for a schema, so joi runs once per schema. Each caller gets its own
 * copy of the value; a result holding objects (a default array or object) is not kept, and a
 * schema that refuses no parameters (a required one) runs joi each time.
 */
function noParameters<T>(schema: Joi.ObjectSchema<T>, input: Record<string, undefined | string>): T {
  const known = withoutParameters.get(schema);
  if (known) return { ...known } as T;
  const value = validate(schema, input, { convert: true });
  if (isFlatRecord(value)) withoutParameters.set(schema, { ...value });
  return value;
}

function isFlatRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((v) => v === null || (typeof v !== 'object' && typeof v !== 'function'));
}

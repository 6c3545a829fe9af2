import { Type, type SchemaOptions, type Static, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * Helpers for response and report schemas written in TypeBox (the API's answers, and the
 * reports core defines once for their producers and the API). Each returns plain JSON Schema as OpenAPI
 * 3.1 writes it (`type: [T, 'null']`, `enum`, `additionalProperties`) rather than TypeBox's
 * anyOf forms: the document reads as before and fast-json-stringify serialises them without
 * running a validator to pick a branch.
 */

/** T or null; T has a single JSON type (string, integer, object, ...). */
export function Nullable<T extends TSchema>(schema: T, options: SchemaOptions = {}) {
  if (typeof schema.type !== 'string') throw new Error('Nullable() needs a schema with a single type');
  const values: unknown = schema.enum;
  return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [schema.type, 'null'], ...(Array.isArray(values) ? { enum: [...values, null] } : {}) });
}

/** One of the given strings. */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

/** An object whose keys are data (region names, header names): every value of the same schema. */
export function MapOf<T extends TSchema>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<Record<string, Static<T>>>({ ...options, type: 'object', additionalProperties: values });
}

/** An ISO 8601 UTC timestamp (what iso() gives). */
export function DateTime(options: SchemaOptions = {}) {
  return Type.String({ ...options, format: 'date-time' });
}

/** An ISO 8601 UTC timestamp or null. */
export function DateTimeOrNull(options: SchemaOptions = {}) {
  return Nullable(DateTime(), options);
}

/**
 * An object whose fields depend on something else (e.g. an integration's type): written as it
 * is. Without `additionalProperties: true` the serializer would write `{}`.
 */
export function OpenObject(options: SchemaOptions = {}) {
  return Type.Unsafe<Record<string, unknown>>({ ...options, type: 'object', additionalProperties: true });
}

/**
 * Exactly one of the given shapes (`oneOf`): each variant is a closed object with its own
 * required fields, so an answer matches one. fast-json-stringify picks the branch by validating.
 */
export function OneOf<const T extends TSchema[]>(variants: [...T], options: SchemaOptions = {}) {
  return Type.Unsafe<Static<TUnion<T>>>({ ...options, oneOf: variants });
}

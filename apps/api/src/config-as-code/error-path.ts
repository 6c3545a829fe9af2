import Joi from 'joi';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, VigilError } from '@vigil/core';
import { validate } from '../http/validate.js';

/**
 * The field of `value` that `schema` refuses on its own: each field is checked with every other
 * field accepted as it is (still present, for rules that look at a sibling, e.g. url by type).
 * The resource schemas pin their messages with `.error()`, which drops joi's own path; this
 * finds it again, only once a document has failed (so the cost is paid on errors alone).
 */
function failingField(schema: Joi.ObjectSchema, value: Record<string, unknown>): string | null {
  const keys = Object.keys((schema.describe() as { keys?: Record<string, unknown> }).keys ?? {});
  for (const key of keys) {
    const others = keys.filter((k) => k !== key);
    const alone = others.length ? schema.fork(others, () => Joi.any()) : schema;
    try {
      validate(alone, value);
    } catch (e) {
      if (e instanceof ValidationError) return key;
      throw e;
    }
  }
  return null;
}

/** An entry's rule that is about one field (not one the joi schema checks): its error is placed at that field. */
class FieldFailure extends Error {
  constructor(
    readonly field: string,
    readonly original: VigilError,
  ) {
    super(original.message);
  }
}

/** Runs a check of one field of an entry (a plan's interval, an owned hostname): its error points at the field. */
export async function inField<T>(field: string, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    if (e instanceof VigilError) throw new FieldFailure(field, e);
    throw e;
  }
}

/** The error again, with `path` among its details (the resource errors are shared instances: never changed in place). */
function relocated(e: VigilError, path: string): VigilError {
  const details = { ...e.details, path };
  if (e instanceof ValidationError || e instanceof NotFoundError) return new ValidationError(e.message, details, e.headers);
  if (e instanceof ForbiddenError) return new ForbiddenError(e.message, details, e.headers);
  if (e instanceof ConflictError) return new ConflictError(e.message, details, e.headers);
  return e;
}

/**
 * Runs one entry's checks; an error they raise comes out with the document path of the field
 * at fault (`monitors[3].check_interval`): the field the resource's joi schema refuses, else the
 * field a message names ("Invalid regions: ..."), else the entry itself.
 */
export async function atEntry<T>(path: string, schema: Joi.ObjectSchema, fields: Record<string, unknown>, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    if (e instanceof FieldFailure) throw relocated(e.original, `${path}.${e.field}`);
    if (!(e instanceof VigilError) || 'path' in e.details) throw e;
    const keys = Object.keys((schema.describe() as { keys?: Record<string, unknown> }).keys ?? {});
    const named = /^Invalid ([a-z_]+)\b/.exec(e.message)?.[1];
    const field = (e instanceof ValidationError ? failingField(schema, fields) : null) ?? (named && keys.includes(named) ? named : null);
    throw relocated(e, field ? `${path}.${field}` : path);
  }
}

/** An error raised while one entry is written (a unique name taken meanwhile), with the entry's path. */
export async function atPath<T>(path: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof VigilError && !('path' in e.details)) throw relocated(e, path);
    throw e;
  }
}

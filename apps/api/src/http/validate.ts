import type Joi from 'joi';
import { NotFoundError, ValidationError } from '@vigil/core';

/**
 * Validates input with a joi schema and returns the typed value. A schema may pin the exact
 * message of a field with `.error(new ValidationError('Invalid URL'))`; otherwise joi's message
 * is used without quotes (e.g. "name is required"). Unknown fields are dropped.
 */
export function validate<T>(schema: Joi.Schema<T>, input: unknown, opts: { convert?: boolean } = {}): T {
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

const MAX_ID = 2_147_483_647;

/** A path id; anything that is not a positive 32-bit integer is answered like a missing resource. */
export function parseId(raw: string | string[] | undefined, notFoundMessage: string): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || !/^\d{1,10}$/.test(text)) throw new NotFoundError(notFoundMessage);
  const id = Number(text);
  if (id < 1 || id > MAX_ID) throw new NotFoundError(notFoundMessage);
  return id;
}

/** A single query-string value (arrays from repeated parameters take the first). */
export function queryValue(raw: unknown): string | undefined {
  if (Array.isArray(raw)) return queryValue(raw[0]);
  return typeof raw === 'string' ? raw : undefined;
}

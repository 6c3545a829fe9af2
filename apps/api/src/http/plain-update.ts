import type Joi from 'joi';
import { ValidationError } from '@vigil/core';
import { validate } from './validate.js';

/**
 * An update body for the one-statement way (updateOwnAudited, issue 35): validated, and only
 * when it sets at least one field and every field it sets is in `plain` (fields that need
 * neither the stored row to validate nor more than their own column). Otherwise null, and the
 * caller goes its reading way, whose order of answers (404 before 400) stays the one it answers.
 */
export function plainUpdate<T extends object>(schema: Joi.Schema<T>, body: unknown, plain: ReadonlySet<string>): T | null {
  let value: T;
  try {
    value = validate(schema, body);
  } catch (e) {
    if (e instanceof ValidationError) return null;
    throw e;
  }
  const set = Object.entries(value).filter(([, v]) => v !== undefined);
  return set.length && set.every(([k]) => plain.has(k)) ? value : null;
}

import type { RequestHandler } from 'express';
import { ValidationError } from '@vigil/core';

export const NUL_IN_BODY = 'Invalid request body: strings must not contain NUL (\\u0000) characters';

/**
 * Whether a parsed JSON value holds U+0000 in any string or key. PostgreSQL text and jsonb
 * cannot store it, so it must be a 400 here rather than a 500 from the database. Iterative:
 * deeply nested bodies cannot overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** 400 for a JSON body with U+0000 anywhere (see containsNul). */
export const rejectNulInBody: RequestHandler = (req, _res, next) => {
  if (containsNul(req.body)) throw new ValidationError(NUL_IN_BODY);
  next();
};

import type { Request, RequestHandler } from 'express';
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

/** Whether a request has a body, as body-parser judges it (type-is's hasBody): a Transfer-Encoding or a numeric Content-Length. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/**
 * `parse` (a body parser) then rejectNulInBody, as one step: a request without a body (most
 * GETs) passes at once, as it passed both steps before (the parser leaves req.body unset and
 * there is no NUL to find), without two more layers of the router.
 */
export function parsedBodyWithoutNul(parse: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    void parse(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) next(err);
      else if (containsNul(req.body)) next(new ValidationError(NUL_IN_BODY));
      else next();
    });
  };
}

import type { ErrorRequestHandler, Request, Response } from 'express';
import {
  AuthenticationError,
  DependencyUnavailableError,
  classifyOutage,
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  RateLimitError,
  UnavailableError,
  UpstreamError,
  ValidationError,
  VigilError,
  type Context,
} from '@vigil/core';

/** The one place where error kinds become HTTP statuses. */
const STATUS = new Map<abstract new (...args: never[]) => VigilError, number>([
  [ValidationError, 400],
  [AuthenticationError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [GoneError, 410],
  [RateLimitError, 429],
  [UpstreamError, 502],
  [UnavailableError, 503],
]);

function statusOf(err: VigilError): number {
  for (const [kind, status] of STATUS) if (err instanceof kind) return status;
  return 500;
}

/** Errors raised by Express and body-parser themselves carry `type` and `status`. */
interface HttpLibraryError {
  type?: string;
  status?: number;
  statusCode?: number;
}

const LIBRARY_MESSAGES: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Invalid JSON body'],
  'entity.too.large': [413, 'Request body too large'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'charset.unsupported': [415, 'Unsupported charset'],
  'request.aborted': [400, 'Request aborted'],
  'entity.verify.failed': [400, 'Invalid request body'],
};

/**
 * Answers `err` as its kind says. Driver and connection errors of PostgreSQL and Redis are a
 * dependency outage (503 `Service unavailable`, Retry-After), whatever code hit them; the outage
 * itself is logged once by the DependencyWatch, so each such answer is only a debug line.
 */
export function sendError(ctx: Context, err: unknown, req: Request, res: Response): void {
  const outage = err instanceof VigilError ? null : classifyOutage(err);
  const error = outage ? new DependencyUnavailableError(outage.dependency, outage.reason) : err;
  if (error instanceof DependencyUnavailableError) {
    ctx.logger.debug('answered 503: dependency unavailable', { dependency: error.dependency, reason: error.reason, requestId: req.requestId });
  }
  if (error instanceof VigilError) {
    const status = statusOf(error);
    if (status === 500) ctx.logger.error('unmapped error kind', { error, requestId: req.requestId });
    res.set(error.headers).status(status).json({ error: status === 500 ? 'Internal server error' : error.message, ...(status === 500 ? {} : error.details) });
    return;
  }
  const lib = error as HttpLibraryError;
  if (lib && typeof lib === 'object' && lib.type && LIBRARY_MESSAGES[lib.type]) {
    const [status, message] = LIBRARY_MESSAGES[lib.type];
    res.status(status).json({ error: message });
    return;
  }
  const status = lib?.status ?? lib?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // e.g. a malformed percent-encoding in the path.
    res.status(status).json({ error: status === 404 ? 'Not found' : 'Bad request' });
    return;
  }
  ctx.logger.error('unhandled error', { error, requestId: req.requestId, method: req.method, path: req.path });
  res.status(500).json({ error: 'Internal server error' });
}

export function errorHandler(ctx: Context): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      // Already answered (e.g. 503 when a dependency was lost mid-request): the late outcome of
      // the handler is dropped. A half-written answer cannot be completed: close the connection.
      if (!res.writableEnded) res.destroy();
      return;
    }
    sendError(ctx, err, req, res);
  };
}

import type { RequestHandler } from 'express';
import { DependencyUnavailableError, type Context } from '@vigil/core';
import { whenClosed } from '../http/response-end.js';
import { sendError } from './error-handler.js';

/** Routes that need neither PostgreSQL nor Redis (probes, documentation). */
const INDEPENDENT_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/docs', '/api/v1/openapi.json']);

/** Whether `path` is answered without PostgreSQL or Redis: the routes above and the docs page's own files. */
export function needsNoDependency(path: string): boolean {
  return INDEPENDENT_ROUTES.has(path) || path.startsWith('/docs/');
}

/**
 * While PostgreSQL or Redis is known to be down, requests are answered 503 at once instead of
 * waiting on a connection; a request already waiting when a dependency is lost (e.g. on a frozen
 * connection) is answered 503 at that moment. Whatever the handler does later is discarded.
 */
export function dependencyGate(ctx: Context): RequestHandler {
  return (req, res, next) => {
    if (needsNoDependency(req.path)) return next();
    const [down] = ctx.dependencies.down();
    if (down) {
      sendError(ctx, new DependencyUnavailableError(down, 'known down'), req, res);
      return;
    }
    const unsubscribe = ctx.dependencies.onLost((lost) => {
      if (!res.headersSent) sendError(ctx, new DependencyUnavailableError(lost, 'lost while answering'), req, res);
    });
    whenClosed(res, unsubscribe);
    next();
  };
}

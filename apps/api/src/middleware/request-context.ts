import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { holdLogContext, logContext, type Context } from '@vigil/core';
import { whenClosed, whenFinished } from '../http/response-end.js';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the caller's X-Request-Id when it is safe, else a new one),
 * echoes it, runs the rest of the request inside a log context carrying it, and writes the
 * HTTP metrics and one access-log line (when the log level includes http) when the response ends.
 */
export function requestContext(ctx: Context): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    req.requestId = given && SAFE_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    const started = process.hrtime.bigint();
    whenFinished(res, () => {
      const route = req.route ? `${req.baseUrl}${(req.route as { path: string }).path}` : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      ctx.metrics.httpRequests.inc(labels);
      ctx.metrics.httpDuration.observe(labels, seconds);
      // winston runs its formats (context, redaction, JSON) before any transport drops the line.
      if (!ctx.logger.isLevelEnabled('http')) return;
      ctx.logger.http('request', {
        requestId: req.requestId,
        accountId: req.auth?.account.id,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      });
    });
    // Held until the response closes: a checker in the same process turns the storage off only
    // while no request and no job is in a context.
    whenClosed(res, holdLogContext());
    logContext.run({ requestId: req.requestId }, () => next());
  };
}

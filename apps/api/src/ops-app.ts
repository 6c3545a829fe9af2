import express, { type Express, type Request, type Response } from 'express';
import type { Context } from '@vigil/core';
import { responseSender } from './http/send.js';
import { errorHandler } from './middleware/error-handler.js';
import { notFound } from './middleware/not-found.js';
import { operatorPortRoutes } from './routes/ops.routes.js';

/**
 * An HTTP process's operator port (VIGIL_OPS_PORT), for probes, Prometheus and operators only
 * (never exposed by the public Service): /healthz, /readyz with its failure reasons, /metrics, and
 * what `operator` mounts (the API's queue dashboard, /admin/queues with VIGIL_ADMIN_TOKEN; the
 * public face mounts nothing, so it needs no admin token). No API keys, limits or public pages.
 */
export function createOpsApp(ctx: Context, operator: (app: Express, ctx: Context) => void = () => undefined): Express {
  const app = express();
  app.disable('x-powered-by');
  const check = ctx.config.env === 'test';
  for (const def of operatorPortRoutes(ctx)) {
    const sender = responseSender(def, check);
    app[def.method](def.path, async (req: Request, res: Response) => {
      await def.handler(req, res, sender(res));
    });
  }
  operator(app, ctx);
  app.use(notFound);
  app.use(errorHandler(ctx));
  return app;
}

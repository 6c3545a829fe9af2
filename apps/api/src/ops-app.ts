import express, { type Express, type Request, type Response } from 'express';
import type { Context } from '@vigil/core';
import { mountBullBoard } from './admin/bull-board.js';
import { responseSender } from './http/send.js';
import { errorHandler } from './middleware/error-handler.js';
import { notFound } from './middleware/not-found.js';
import { operatorPortRoutes } from './routes/ops.routes.js';

/**
 * The API's operator port (VIGIL_OPS_PORT), for probes, Prometheus and operators only (never
 * exposed by the public Service): /healthz, /readyz with its failure reasons, /metrics, and the
 * queue dashboard (/admin/queues, with VIGIL_ADMIN_TOKEN). No API keys, limits or public pages.
 */
export function createOpsApp(ctx: Context): Express {
  const app = express();
  app.disable('x-powered-by');
  const check = ctx.config.env === 'test';
  for (const def of operatorPortRoutes(ctx)) {
    const sender = responseSender(def, check);
    app[def.method](def.path, async (req: Request, res: Response) => {
      await def.handler(req, res, sender(res));
    });
  }
  mountBullBoard(app, ctx);
  app.use(notFound);
  app.use(errorHandler(ctx));
  return app;
}

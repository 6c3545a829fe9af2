import express, { type Express } from 'express';
import type { Context } from '@vigil/core';
import { mountBullBoard } from './admin/bull-board.js';
import { registerRoutes } from './http/register-routes.js';
import type { RouteDef } from './http/route.js';
import { AccountQuota } from './limits/account-quota.js';
import { burstLimit } from './middleware/burst-limit.js';
import { errorHandler } from './middleware/error-handler.js';
import { notFound } from './middleware/not-found.js';
import { requestContext } from './middleware/request-context.js';
import { mountDocsPage, openApiRoute } from './routes/docs.routes.js';
import { allRoutes } from './routes/index.js';
import { BadgeService } from './badges/badge-service.js';
import { StatusPageService } from './public-status/status-page-service.js';
import { customHostnamePages } from './routes/public-status.routes.js';

/** The API as an Express app (no listening): main.ts serves it, tests drive it with supertest. */
export function createApp(ctx: Context): Express & { routes: RouteDef[] } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  const quota = new AccountQuota(ctx.redis, ctx.config.redisPrefix);
  const routes: RouteDef[] = [];
  const statusPages = new StatusPageService(ctx);
  routes.push(...allRoutes(ctx, { quota, statusPages, badges: new BadgeService(ctx) }), openApiRoute(ctx, () => routes));

  app.use(requestContext(ctx));
  app.use(burstLimit(ctx));
  app.use(customHostnamePages(statusPages));
  registerRoutes(app, ctx, quota, routes);
  mountDocsPage(app);
  mountBullBoard(app, ctx);
  app.use(notFound);
  app.use(errorHandler(ctx));
  return Object.assign(app, { routes });
}

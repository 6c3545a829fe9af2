import express, { type Express } from 'express';
import type { Context } from '@vigil/core';
import { BadgeService } from './badges/badge-service.js';
import { registerRoutes } from './http/register-routes.js';
import type { RouteDef } from './http/route.js';
import { AccountQuota } from './limits/account-quota.js';
import { burstLimit } from './middleware/burst-limit.js';
import { dependencyGate } from './middleware/dependency-gate.js';
import { errorHandler } from './middleware/error-handler.js';
import { notFound } from './middleware/not-found.js';
import { publicFace } from './middleware/public-face.js';
import { requestContext } from './middleware/request-context.js';
import { StatusPageService } from './public-status/status-page-service.js';
import { badgeRoutes } from './routes/badges.routes.js';
import { opsRoutes } from './routes/ops.routes.js';
import { customHostnamePages, publicStatusRoutes } from './routes/public-status.routes.js';
import { RequestUsage } from './usage/request-usage.js';

/**
 * The public face alone (`vigil start public`): status pages with their JSON and feeds, custom
 * hostnames, badges, and the probes; no API key route. Same middleware as in the API (the public
 * face's gate and lane, the burst limit, the dependency gate), so a page answers alike from
 * either; run it as its own Deployment so a crowd on a page shares no event loop with the API.
 */
export function createPublicApp(ctx: Context): Express & { routes: RouteDef[] } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');
  const statusPages = new StatusPageService(ctx);
  const badges = new BadgeService(ctx);
  const routes = [...opsRoutes(ctx), ...publicStatusRoutes(statusPages), ...badgeRoutes(ctx, badges)].filter((r) => r.auth === 'none');
  app.use(requestContext(ctx));
  app.use(dependencyGate(ctx));
  app.use(publicFace(ctx, statusPages, badges));
  app.use(burstLimit(ctx));
  app.use(customHostnamePages(statusPages));
  // No route here takes a key: the quota and usage are never consulted.
  registerRoutes(app, ctx, { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) }, routes);
  app.use(notFound);
  app.use(errorHandler(ctx));
  return Object.assign(app, { routes });
}

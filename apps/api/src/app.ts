import express, { type Express } from 'express';
import type { Context } from '@vigil/core';
import { mountBullBoard } from './admin/bull-board.js';
import { registerRoutes } from './http/register-routes.js';
import type { RouteDef } from './http/route.js';
import { AccountQuota } from './limits/account-quota.js';
import { RollupWindows } from './monitors/rollup-totals.js';
import { RequestUsage } from './usage/request-usage.js';
import { KeyUseFlusher } from './auth/key-use.js';
import { apiKeyRouteMatcher, ownBurstRouteMatcher } from './middleware/api-key-routes.js';
import { burstLimit } from './middleware/burst-limit.js';
import { dependencyGate } from './middleware/dependency-gate.js';
import { errorHandler } from './middleware/error-handler.js';
import { notFound } from './middleware/not-found.js';
import { publicFace } from './middleware/public-face.js';
import { requestContext } from './middleware/request-context.js';
import { varyOnHost } from './http/request-host.js';
import { mountDocsPage, openApiRoute } from './routes/docs.routes.js';
import { allRoutes } from './routes/index.js';
import { BadgeService } from './badges/badge-service.js';
import { StatusPageService } from './public-status/status-page-service.js';
import { customHostnamePages } from './routes/public-status.routes.js';

/** The API as an Express app (no listening): main.ts serves it, tests drive it with supertest. */
export function createApp(ctx: Context): Express & { routes: RouteDef[]; usage: RequestUsage; keyUse: KeyUseFlusher } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('query parser', 'simple');

  const quota = new AccountQuota(ctx.redis, ctx.config.redisPrefix, { oneCallEach: ctx.config.redis.mode === 'cluster' });
  // Flushed by the API process (main.ts); tests call usage.flush() themselves.
  const usage = new RequestUsage(ctx);
  // Likewise the keys' last use (and first use from an IP) recorded in Redis.
  const keyUse = new KeyUseFlusher(ctx);
  const routes: RouteDef[] = [];
  const statusPages = new StatusPageService(ctx);
  const badges = new BadgeService(ctx);
  routes.push(...allRoutes(ctx, { quota, usage, windows: new RollupWindows(), statusPages, badges }), openApiRoute(ctx, () => routes));

  app.use(requestContext(ctx));
  app.use(varyOnHost());
  app.use(dependencyGate(ctx));
  app.use(publicFace(ctx, statusPages, badges));
  // Requests for routes that take an API key have their burst limit checked in the same Redis call as their quota, pings in the same call as their token's limit.
  app.use(burstLimit(ctx, apiKeyRouteMatcher(routes), ownBurstRouteMatcher(routes)));
  app.use(customHostnamePages(statusPages));
  registerRoutes(app, ctx, { quota, usage }, routes);
  mountDocsPage(app);
  // With an ops port the queue dashboard lives there (ops-app.ts), not on the public port.
  if (ctx.config.opsPort === undefined) mountBullBoard(app, ctx);
  app.use(notFound);
  app.use(errorHandler(ctx));
  return Object.assign(app, { routes, usage, keyUse });
}

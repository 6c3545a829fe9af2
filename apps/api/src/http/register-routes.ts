import type { Express, Request, RequestHandler, Response } from 'express';
import type { Context } from '@vigil/core';
import type { AccountQuota } from '../limits/account-quota.js';
import { accountLimits } from '../middleware/account-limits.js';
import { optionalApiKey, requireApiKey } from '../middleware/authenticate.js';
import { methodNotAllowed } from './method-not-allowed.js';
import type { AuthMode, RouteDef } from './route.js';

/**
 * Mounts every route, grouped by path, and answers any other method on a known path with the
 * seed's 405 (Allow header, HTML body).
 */
export function registerRoutes(app: Express, ctx: Context, quota: AccountQuota, routes: RouteDef[]): void {
  const auth: Record<AuthMode, RequestHandler[]> = {
    'api-key': [requireApiKey(ctx), accountLimits(ctx, quota)],
    'optional-api-key': [optionalApiKey(ctx)],
    none: [],
  };
  const byPath = new Map<string, RouteDef[]>();
  for (const r of routes) {
    const list = byPath.get(r.path) ?? [];
    if (list.some((x) => x.method === r.method)) throw new Error(`Route declared twice: ${r.method.toUpperCase()} ${r.path}`);
    list.push(r);
    byPath.set(r.path, list);
  }
  for (const [path, defs] of byPath) {
    const chain = app.route(path);
    for (const def of defs) {
      const handler = async (req: Request, res: Response) => {
        await def.handler(req, res);
      };
      chain[def.method](...auth[def.auth], ...(def.before ?? []), handler);
    }
    chain.all(methodNotAllowed(defs.map((d) => d.method)));
  }
}

import express, { type RequestHandler, type Router } from 'express';
import { pathIndex } from './path-index.js';

/**
 * Express tests a request against every route mounted before its own, in turn: over a hundred
 * layers for the API's last-declared paths. This mounts each path on one small router per
 * request shape (pathIndex: the paths a request of that shape can match, in declaration order)
 * and hands a request to its shape's router only, so it is tested against a few candidates. A
 * request of no route's shape goes straight on. `mount` puts one path's route on a router; a
 * path that is a candidate for several shapes is mounted on each of their routers. The routers
 * stay reachable (`routers`) for whoever walks the app's stack (the OpenAPI coverage test).
 */
export function shapeDispatch(mounts: readonly (readonly [path: string, mount: (router: Router) => void])[]): RequestHandler & { routers: Router[] } {
  const routers: Router[] = [];
  const routerOf = pathIndex(mounts, (candidates) => {
    const router = express.Router();
    for (const mount of candidates) mount(router);
    routers.push(router);
    return router;
  });
  const dispatch: RequestHandler = (req, res, next) => {
    const router = routerOf(req.path);
    if (router) router(req, res, next);
    else next();
  };
  return Object.assign(dispatch, { routers });
}

import type { Request, RequestHandler } from 'express';
import { HOST_PATHS } from '../public-status/public-paths.js';

/**
 * The host name of the request's own `Host` header (lower-case, port and IPv6 brackets dropped),
 * or '' without one. Never `X-Forwarded-Host`: with `trust proxy` on, Express's `req.hostname`
 * takes the first X-Forwarded-Host value, which any client sets, so routing by it would let a
 * request for one tenant's hostname be served (and cached) as another's.
 */
export function requestHost(req: Request): string {
  const host = (req.headers.host ?? '').trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(1, end) : '';
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * `Vary: Host` on every answer whose content depends on the Host: a custom hostname's root
 * paths (`/`, `/index.json`, `/feed.atom`) are a page on a page's hostname and the service's
 * own answer on any other. Mounted before any handler that may answer them.
 */
export function varyOnHost(): RequestHandler {
  return (req, res, next) => {
    if (HOST_PATHS[req.path] !== undefined) res.vary('Host');
    next();
  };
}

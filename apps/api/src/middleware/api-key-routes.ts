import { pathIndex } from '../http/path-index.js';
import type { RouteDef } from '../http/route.js';

type RouteShape = Pick<RouteDef, 'method' | 'path' | 'auth' | 'ownBurst'>;

function pathPattern(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_$][\w$]*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // Express's defaults: case-insensitive, an optional trailing slash.
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * Whether a request will be answered by a route that takes an API key ('api-key'), judged the
 * way registerRoutes mounts them: routes grouped by path in the order paths first appear, the
 * first group whose path matches answers (a method it lacks gets the 405), HEAD is GET.
 */
export function apiKeyRouteMatcher(routes: readonly RouteShape[]): (method: string, path: string) => boolean {
  return routeMatcher(routes, (r) => r.auth === 'api-key');
}

/** Whether a request will be answered by a route that counts the burst limit itself (`ownBurst`: the pings, the agent routes), judged as apiKeyRouteMatcher judges. */
export function ownBurstRouteMatcher(routes: readonly RouteShape[]): (method: string, path: string) => boolean {
  return routeMatcher(routes, (r) => r.ownBurst === true);
}

function routeMatcher(routes: readonly RouteShape[], picked: (r: RouteShape) => boolean): (method: string, path: string) => boolean {
  const groups = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const r of routes) {
    let group = groups.get(r.path);
    if (!group) {
      group = { pattern: pathPattern(r.path), methods: new Set() };
      groups.set(r.path, group);
    }
    if (picked(r)) group.methods.add(r.method.toUpperCase());
  }
  // Only the groups of the request's shape can match (pathIndex), tested in the same order.
  const candidatesOf = pathIndex([...groups], (candidates) => candidates);
  return (method, path) => {
    const group = candidatesOf(path)?.find((g) => g.pattern.test(path));
    if (!group) return false;
    const m = method.toUpperCase();
    return group.methods.has(m) || (m === 'HEAD' && group.methods.has('GET'));
  };
}

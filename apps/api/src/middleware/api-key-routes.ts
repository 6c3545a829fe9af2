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

/** Whether a request will be answered by a route that counts the burst limit itself (`ownBurst`: the pings), judged as apiKeyRouteMatcher judges. */
export function ownBurstRouteMatcher(routes: readonly RouteShape[]): (method: string, path: string) => boolean {
  return routeMatcher(routes, (r) => r.ownBurst === true);
}

/**
 * Where a path can match in the route index: the number of '/' in it and its last segment,
 * lower-cased, once one trailing slash is dropped (as the patterns' optional one). A pattern's
 * parameters never span a '/', so a path matches only patterns with its count of '/', and a
 * pattern whose last segment is literal only when that segment is the path's, whatever its case.
 */
function shapeOf(path: string): { slashes: number; last: string } {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  let slashes = 0;
  for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) slashes++;
  return { slashes, last: p.slice(p.lastIndexOf('/') + 1).toLowerCase() };
}

interface Group {
  order: number;
  pattern: RegExp;
  methods: Set<string>;
}

function routeMatcher(routes: readonly RouteShape[], picked: (r: RouteShape) => boolean): (method: string, path: string) => boolean {
  const groups = new Map<string, Group>();
  for (const r of routes) {
    let group = groups.get(r.path);
    if (!group) {
      group = { order: groups.size, pattern: pathPattern(r.path), methods: new Set() };
      groups.set(r.path, group);
    }
    if (picked(r)) group.methods.add(r.method.toUpperCase());
  }
  // Each request used to test every group's pattern in turn (86 of them on the API, twice for
  // a keyed request); only the groups of its shape can match, tested in the same order.
  const byLiteral = new Map<string, Group[]>();
  const byParameter = new Map<number, Group[]>();
  for (const [path, group] of groups) {
    const { slashes, last } = shapeOf(path);
    const literal = !last.includes(':');
    const key = `${slashes} ${last}`;
    if (literal) byLiteral.set(key, [...(byLiteral.get(key) ?? []), group]);
    else byParameter.set(slashes, [...(byParameter.get(slashes) ?? []), group]);
  }
  // A literal last segment's candidates are its groups and the same count's parameter groups, in the routes' order.
  for (const [key, list] of byLiteral) {
    const slashes = Number(key.slice(0, key.indexOf(' ')));
    byLiteral.set(key, [...list, ...(byParameter.get(slashes) ?? [])].sort((a, b) => a.order - b.order));
  }
  return (method, path) => {
    const { slashes, last } = shapeOf(path);
    const candidates = byLiteral.get(`${slashes} ${last}`) ?? byParameter.get(slashes);
    const group = candidates?.find((g) => g.pattern.test(path));
    if (!group) return false;
    const m = method.toUpperCase();
    return group.methods.has(m) || (m === 'HEAD' && group.methods.has('GET'));
  };
}

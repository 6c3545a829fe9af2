/**
 * Which of a list of Express route paths a request path can match, found without testing each
 * path's pattern in turn (the burst step's route matchers tested up to 86 patterns a request,
 * twice for a keyed one). A route's parameters never span a '/', and its pattern takes one
 * optional trailing slash, so a path can only match the routes with its number of '/' (one
 * trailing slash dropped), and a route whose last segment is literal only when that segment is
 * the path's (lower-cased: routes are case-insensitive). The index keeps, for each such shape,
 * the candidates in declaration order; the caller still tests them as before.
 */

/** A request path's shape: its number of '/' once one trailing slash is dropped, and its last segment, lower-cased. */
function shapeOf(path: string): { slashes: number; last: string } {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  let slashes = 0;
  for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) slashes++;
  return { slashes, last: p.slice(p.lastIndexOf('/') + 1).toLowerCase() };
}

/** Syntax that could match across segments or make one optional: the index would miss such a route. */
const UNINDEXABLE = /[*{}()?+]/;

/**
 * Builds, for every shape the routes have, `build` of its candidate routes in declaration order
 * (called once per distinct list), and answers a request path with its shape's, or undefined
 * when no route can match it.
 */
export function pathIndex<T, U>(routes: readonly (readonly [path: string, value: T])[], build: (candidates: T[]) => U): (path: string) => U | undefined {
  const literal = new Map<string, { slashes: number; entries: { order: number; value: T }[] }>();
  const parameter = new Map<number, { order: number; value: T }[]>();
  routes.forEach(([path, value], order) => {
    if (UNINDEXABLE.test(path)) throw new Error(`Route path ${path} cannot be indexed by shape`);
    const { slashes, last } = shapeOf(path);
    if (last.includes(':')) {
      parameter.set(slashes, [...(parameter.get(slashes) ?? []), { order, value }]);
      return;
    }
    const key = `${slashes} ${last}`;
    literal.set(key, { slashes, entries: [...(literal.get(key)?.entries ?? []), { order, value }] });
  });
  const values = (entries: { order: number; value: T }[]) => entries.sort((a, b) => a.order - b.order).map((e) => e.value);
  const byLiteral = new Map([...literal].map(([key, { slashes, entries }]) => [key, build(values([...entries, ...(parameter.get(slashes) ?? [])]))]));
  const byParameter = new Map([...parameter].map(([slashes, entries]) => [slashes, build(values([...entries]))]));
  return (path) => {
    const { slashes, last } = shapeOf(path);
    return byLiteral.get(`${slashes} ${last}`) ?? byParameter.get(slashes);
  };
}

import express, { type Express, type Router } from 'express';
import request from 'supertest';
import { shapeDispatch } from './shape-dispatch.js';

// Overlapping shapes on purpose: a parameter route declared before a literal one of the same
// shape, a literal before a parameter, a suffix parameter, a root.
const PATHS = ['/', '/api/v1/monitors', '/api/v1/monitors/:id', '/api/v1/monitors/export.csv', '/api/v1/monitors/:id/Pause', '/status/:slug.json', '/status/:slug', '/api/v1/domains/bulk-delete', '/api/v1/domains/:id'];

function mountOn(router: Router | Express, path: string): void {
  router
    .route(path)
    .get((req, res) => {
      res.json({ route: path, params: req.params, matched: (req.route as { path: string }).path });
    })
    .all((req, res) => {
      res.status(405).json({ route: path, method: req.method });
    });
}

/** The same routes in one flat list (Express's own walk) and by shape, each followed by the same 404. */
function apps(): Record<'flat' | 'byShape', Express> {
  const flat = express();
  for (const path of PATHS) mountOn(flat, path);
  const byShape = express();
  byShape.use(shapeDispatch(PATHS.map((path) => [path, (router: Router) => mountOn(router, path)] as const)));
  for (const app of [flat, byShape]) app.use((req, res) => void res.status(404).json({ missing: req.path }));
  return { flat, byShape };
}

describe('shapeDispatch', () => {
  const { flat, byShape } = apps();

  it.each([
    ['GET', '/'],
    ['GET', '/api/v1/monitors'],
    ['GET', '/API/V1/Monitors/'],
    // Declared before the literal route of its shape: the parameter route answers, as in Express.
    ['GET', '/api/v1/monitors/export.csv'],
    ['GET', '/api/v1/monitors/7'],
    ['GET', '/api/v1/monitors/7/pause'],
    ['POST', '/api/v1/monitors/7/pause'],
    ['DELETE', '/api/v1/monitors'],
    ['GET', '/status/main.json'],
    ['GET', '/status/main'],
    ['GET', '/status/a%2Fb'],
    // Declared before the parameter route of its shape: the literal one answers.
    ['GET', '/api/v1/domains/bulk-delete'],
    ['GET', '/api/v1/domains/9'],
    // A shape some routes have that none of them matches, and a shape no route has.
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/monitors/7/nope'],
    ['GET', '/a/b/c/d/e/f'],
    ['GET', '/api/v1/monitors//'],
  ])('%s %s answers as the flat routes do', async (method, path) => {
    const [expected, actual] = await Promise.all([flat, byShape].map((app) => request(app)[method.toLowerCase() as 'get'](path)));
    expect(actual.status).toBe(expected.status);
    expect(actual.body).toEqual(expected.body);
  });

  it('answers a known path from its shape router, a foreign one by going on', async () => {
    expect((await request(byShape).get('/api/v1/monitors/7')).body).toEqual({ route: '/api/v1/monitors/:id', params: { id: '7' }, matched: '/api/v1/monitors/:id' });
    expect((await request(byShape).get('/zzz/1/2/3/4/5')).status).toBe(404);
  });

  it('mounts a path on every shape router it is a candidate of, and keeps them reachable', () => {
    const dispatch = shapeDispatch(PATHS.map((path) => [path, (router: Router) => mountOn(router, path)] as const));
    const mounted = dispatch.routers.flatMap((r) => (r.stack as { route?: { path: string } }[]).map((l) => l.route?.path));
    expect(new Set(mounted)).toEqual(new Set(PATHS));
    // '/api/v1/monitors/:id' is a candidate for its own shape and for the two literal paths with as many '/' (export.csv, bulk-delete).
    expect(mounted.filter((p) => p === '/api/v1/monitors/:id')).toHaveLength(3);
  });
});

/**
 * Express's routing alone, for the API's own route paths: each path (in declaration order, its
 * parameters filled in) dispatched through `app.handle` to a handler that records the hit, with
 * the paths mounted flat on the app (Express tests every route before a request's own, in turn:
 * the baseline, what register-routes did before issue 35's lead changed it) and by request shape
 * (shapeDispatch, what register-routes does). Both apps have the same six middleware in front.
 * In one process, no sockets, alternating rounds; per path the minimum over the rounds.
 *
 * Env: BENCH_ROUTING_REQUESTS (300 per path per round), BENCH_ROUTING_ROUNDS (7).
 */
import http from 'node:http';
import { Socket } from 'node:net';
import os from 'node:os';
import express, { type Express, type Router } from 'express';
import type { BenchResult } from './run.js';
import { apiBenchContext } from './support.js';
import { createApp } from '../apps/api/src/app.js';
import type { RouteDef } from '../apps/api/src/http/route.js';
import { shapeDispatch } from '../apps/api/src/http/shape-dispatch.js';

const REQUESTS = Number(process.env.BENCH_ROUTING_REQUESTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUTING_ROUNDS ?? 7);

export default async function routingBench(): Promise<BenchResult> {
  const { ctx, close } = await apiBenchContext('routing');
  const routes: RouteDef[] = createApp(ctx).routes;
  const paths = [...new Set(routes.map((r) => r.path))];
  await close();
  let hits = 0;
  let misses = 0;
  const mount = (router: Router | Express, path: string) => {
    router.route(path).all(() => void hits++);
  };
  const flat = express();
  const byShape = express();
  for (const app of [flat, byShape]) for (let i = 0; i < 6; i++) app.use((_req, _res, next) => next());
  for (const path of paths) mount(flat, path);
  byShape.use(shapeDispatch(paths.map((path) => [path, (router: Router) => mount(router, path)] as const)));
  for (const app of [flat, byShape]) app.use(() => void misses++);

  const socket = new Socket();
  const urls = paths.map((p) => p.replace(/:[A-Za-z_]+/g, '7'));
  const round = (app: Express, url: string, n: number): number => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const req = new http.IncomingMessage(socket);
      req.method = 'GET';
      req.url = url;
      const res = new http.ServerResponse(req);
      app(req, res);
    }
    return Number(process.hrtime.bigint() - started) / n / 1000;
  };
  const loadBefore = os.loadavg()[0];
  for (const app of [flat, byShape]) for (const url of urls) round(app, url, REQUESTS);
  const best = { flat: urls.map(() => Infinity), byShape: urls.map(() => Infinity) };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, app] of [['flat', flat], ['byShape', byShape]] as const) {
      urls.forEach((url, i) => {
        best[name][i] = Math.min(best[name][i], round(app, url, REQUESTS));
      });
    }
  }
  if (misses || hits !== 2 * urls.length * REQUESTS * (ROUNDS + 1)) throw new Error(`expected every request to reach its route: ${hits} did, ${misses} reached none`);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const at = (i: number) => `${urls[i]} (path ${i + 1}) ${best.flat[i].toFixed(2)} → ${best.byShape[i].toFixed(2)} µs`;
  const worse = urls.filter((_, i) => best.byShape[i] > best.flat[i]).length;
  return {
    name: `routing: the API's ${urls.length} route paths, flat against by request shape`,
    lines: [
      `${ROUNDS} alternating rounds of ${REQUESTS} requests per path; per path the minimum round, µs a request (a synthetic request through app.handle, six middleware in front)`,
      `mean over the paths: flat ${mean(best.flat).toFixed(2)} µs, by shape ${mean(best.byShape).toFixed(2)} µs (${(mean(best.byShape) / mean(best.flat)).toFixed(2)} ×); ${worse} of ${urls.length} paths slower by shape`,
      `first paths: ${[0, 1, 2].map(at).join('; ')}`,
      `middle: ${at(Math.floor(urls.length / 2))}; last paths: ${[urls.length - 2, urls.length - 1].map(at).join('; ')}`,
      `load average (1 min) before ${loadBefore.toFixed(2)}, after ${os.loadavg()[0].toFixed(2)}, on ${os.cpus().length} cores; Node ${process.version}`,
    ],
  };
}

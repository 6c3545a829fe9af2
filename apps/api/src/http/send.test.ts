import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from './route.js';
import { responseSender } from './send.js';
import { ResponseSchemaError } from './serialize.js';

const Thing = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One route mounted the way registerRoutes mounts it, with the check on or off. */
function appWith(def: RouteDef, check: boolean) {
  const app = express();
  const sender = responseSender(def, check);
  app.get(def.path, (req, res, next) => {
    Promise.resolve(def.handler(req, res, sender(res))).catch(next);
  });
  const onError: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    res.status(500).json({ error: err instanceof ResponseSchemaError ? `${err.where} ${err.pointer}` : String(err) });
  };
  app.use(onError);
  return app;
}

describe('responseSender', () => {
  const typed = route({
    method: 'get',
    path: '/things/:id',
    summary: 'A thing',
    tag: 'Things',
    auth: 'none',
    handler: (req, res, send) => (req.params.id === 'missing' ? res.status(404).json({ error: 'Thing not found' }) : send(200, { id: 1, name: 'one' })),
    docs: { responses: { 200: { description: 'The thing', schema: Thing }, 404: { description: 'Not found' } } },
  });

  it('answers through the schema, as JSON with the charset', async () => {
    const res = await request(appWith(typed, true)).get('/things/1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe('{"id":1,"name":"one"}');
  });

  it('answers a status without a schema as plain JSON', async () => {
    const res = await request(appWith(typed, true)).get('/things/missing');
    expect([res.status, res.text]).toEqual([404, '{"error":"Thing not found"}']);
  });

  const leaky = route({
    method: 'get',
    path: '/leaky',
    summary: 'Answers a field its schema lacks, through res.json',
    tag: 'Things',
    auth: 'none',
    handler: (_req, res) => res.json({ id: 1, name: 'one', secret: 'x' }),
    docs: { responses: { 200: { description: 'The thing', schema: Thing } } },
  });

  it('routes res.json through the schema too: with the check on, a field the schema lacks is an error naming route and pointer', async () => {
    const res = await request(appWith(leaky, true)).get('/leaky');
    expect([res.status, res.body]).toEqual([500, { error: 'GET /leaky 200 /secret' }]);
  });

  it('without the check (production), the field is not written', async () => {
    const res = await request(appWith(leaky, false)).get('/leaky');
    expect([res.status, res.text]).toEqual([200, '{"id":1,"name":"one"}']);
  });
});

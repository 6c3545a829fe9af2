import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from './route.js';
import { responseSender } from './send.js';
import { ResponseSchemaError } from './serialize.js';

const Thing = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One route mounted the way registerRoutes mounts it, with the check on or off. */
function appWith(def: RouteDef, check: boolean, unwritable?: (e: ResponseSchemaError) => void) {
  const app = express();
  const sender = responseSender(def, check, unwritable);
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

  const Shape = Type.Union([Type.Object({ kind: Type.Literal('circle'), r: Type.Number() }), Type.Object({ kind: Type.Literal('square'), side: Type.Number() })]);
  const offShape = route({
    method: 'get',
    path: '/shape',
    summary: 'Answers a body no branch of its schema describes',
    tag: 'Things',
    auth: 'none',
    handler: (_req, res) => res.json({ kind: 'triangle', sides: 3 }),
    docs: { responses: { 200: { description: 'A shape', schema: Shape } } },
  });

  it('with the check on, a body the serializer cannot write is an error naming the route', async () => {
    const res = await request(appWith(offShape, true)).get('/shape');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/^GET \/shape 200/);
  });

  it('without the check (production), such a body is answered as JSON.stringify writes it, and reported', async () => {
    const reported: string[] = [];
    const res = await request(appWith(offShape, false, (e) => reported.push(e.where))).get('/shape');
    expect([res.status, res.text]).toEqual([200, '{"kind":"triangle","sides":3}']);
    expect(reported).toEqual(['GET /shape 200']);
  });

  describe('the wire, as Express res.send writes it', () => {
    const shared = { id: 7, name: 'ünïcode' };
    const counted = route({
      method: 'get',
      path: '/shared',
      summary: 'The same object every time',
      tag: 'Things',
      auth: 'none',
      handler: (_req, _res, send) => send(200, shared),
      docs: { responses: { 200: { description: 'The thing', schema: Thing } } },
    });
    const app = appWith(counted, false);
    const bare = express().get('/shared', (_req, res) => {
      res.set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify(shared));
    });

    it('sends the same Content-Length and ETag as Express would, and 304 to a matching If-None-Match', async () => {
      const [ours, theirs] = await Promise.all([request(app).get('/shared'), request(bare).get('/shared')]);
      expect(ours.text).toBe(theirs.text);
      expect(ours.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(shared))));
      expect(ours.headers['content-length']).toBe(theirs.headers['content-length']);
      expect(ours.headers.etag).toMatch(/^W\/"/);
      expect(ours.headers.etag).toBe(theirs.headers.etag);
      const again = await request(app).get('/shared').set('If-None-Match', ours.headers.etag);
      expect([again.status, again.text, again.headers['content-type'], again.headers['content-length']]).toEqual([304, '', undefined, undefined]);
      const stale = await request(app).get('/shared').set('If-None-Match', 'W/"other"');
      expect(stale.status).toBe(200);
    });

    it("keeps the app's other ETag settings: a strong tag as Express makes it, none when off", async () => {
      for (const setting of ['strong', false]) {
        const ours = appWith(counted, false).set('etag', setting);
        const theirs = express().set('etag', setting).get('/shared', (_req, res) => {
          res.set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify(shared));
        });
        const [a, b] = await Promise.all([request(ours).get('/shared'), request(theirs).get('/shared')]);
        expect(a.headers.etag).toBe(b.headers.etag);
        expect(a.headers.etag === undefined).toBe(setting === false);
      }
    });

    it('answers HEAD with the headers and no body', async () => {
      const res = await request(app).head('/shared');
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(shared))));
      expect(res.text).toBeUndefined();
    });

    it('serialises a body answered twice in a row once (the readers of one coalesced read)', async () => {
      let reads = 0;
      const body = {
        id: 1,
        get name() {
          reads += 1;
          return 'read';
        },
      };
      const sender = responseSender(counted, false);
      const twice = express().get('/shared', (_req, res) => {
        sender(res)(200, body);
      });
      const texts = [(await request(twice).get('/shared')).text, (await request(twice).get('/shared')).text];
      expect(texts).toEqual(['{"id":1,"name":"read"}', '{"id":1,"name":"read"}']);
      expect(reads).toBe(1);
    });
  });
});

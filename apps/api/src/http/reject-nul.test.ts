import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { ValidationError } from '@vigil/core';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { containsNul, NUL_IN_BODY, parsedBodyWithoutNul } from './reject-nul.js';

describe('containsNul', () => {
  it('finds U+0000 in any string or key, however deep', () => {
    expect(containsNul({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(new Array(300_000).fill('ok'))).toBe(false);
    expect(containsNul({ a: ['\\u0000 as text', null, true, 1.5, { b: 'ünïcødé 😀' }] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});

describe('NUL characters in request bodies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000' } });
  });
  afterAll(() => ctx.teardown());

  it('answers 400, never a 500 from the database', async () => {
    const app = createApp(ctx);
    const { auth } = await createTestAccount(ctx, 'business');
    const cases: [string, object][] = [
      ['/api/v1/api-keys', { name: 'a\u0000b' }],
      ['/api/v1/integrations', { type: 'email', name: 'a\u0000b', config: { to: 'a@example.com' } }],
      ['/api/v1/integrations', { type: 'webhook', name: 'w', config: { url: 'https://example.com/', secret: 's\u0000' } }],
      ['/api/v1/uptime/monitors', { name: 'a\u0000b', url: 'https://example.com/' }],
      ['/api/v1/uptime/monitors', { name: 'm', url: 'https://example.com/', expected_content: 'x\u0000' }],
    ];
    for (const [path, body] of cases) {
      const res = await request(app).post(path).set(auth).send(body);
      expect([path, res.status, res.body]).toEqual([path, 400, { error: NUL_IN_BODY }]);
    }
  });
});

describe('parsedBodyWithoutNul', () => {
  /** A JSON body route with the step, answering what the handler saw of the body. */
  function app() {
    const a = express();
    a.post('/echo', parsedBodyWithoutNul(express.json()), (req, res) => {
      res.json({ body: req.body === undefined ? 'unset' : req.body });
    });
    a.get('/echo', parsedBodyWithoutNul(express.json()), (req, res) => {
      res.json({ body: req.body === undefined ? 'unset' : req.body });
    });
    const onError: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
      res.status(err instanceof ValidationError ? 400 : 500).json({ error: err instanceof Error ? err.message : String(err) });
    };
    a.use(onError);
    return a;
  }

  it('passes a request without a body at once, its body unset, as the parser leaves it', async () => {
    expect((await request(app()).get('/echo')).body).toEqual({ body: 'unset' });
    expect((await request(app()).post('/echo')).body).toEqual({ body: 'unset' });
  });

  it('parses a body, including an empty one with a Content-Length of 0', async () => {
    expect((await request(app()).post('/echo').send({ a: 1 })).body).toEqual({ body: { a: 1 } });
    expect((await request(app()).post('/echo').set('Content-Type', 'application/json').set('Content-Length', '0')).body).toEqual({ body: {} });
  });

  it("answers NUL in a body with the 400 and forwards the parser's errors", async () => {
    const nul = await request(app()).post('/echo').send({ a: 'x\u0000' });
    expect([nul.status, nul.body]).toEqual([400, { error: NUL_IN_BODY }]);
    const invalid = await request(app()).post('/echo').set('Content-Type', 'application/json').send('{"a":');
    expect([invalid.status, invalid.body]).toEqual([500, { error: expect.stringMatching(/JSON/) }]);
  });
});

import express from 'express';
import request from 'supertest';
import { clientIp } from './client-ip.js';

/** An app answering each request's clientIp, asked twice (the second from the request's memo). */
function appTrusting(trust: boolean | number) {
  const app = express();
  app.set('trust proxy', trust);
  app.get('/ip', (req, res) => {
    res.json({ first: clientIp(req), again: clientIp(req), express: req.ip });
  });
  return app;
}

describe('clientIp', () => {
  it("without a trusted proxy is the socket's address as Express's req.ip gives it (X-Forwarded-For ignored), IPv4-mapped read as IPv4", async () => {
    const res = await request(appTrusting(false)).get('/ip').set('X-Forwarded-For', '203.0.113.7');
    expect(res.body.first).toBe('127.0.0.1');
    expect(res.body.again).toBe('127.0.0.1');
    expect(String(res.body.express).replace(/^::ffff:/, '')).toBe('127.0.0.1');
  });

  it("behind a trusted proxy is the client X-Forwarded-For names, as Express's req.ip", async () => {
    const cases: [boolean | number, string][] = [
      [true, '2001:db8::1'],
      [1, '203.0.113.7'],
    ];
    for (const [trust, client] of cases) {
      const res = await request(appTrusting(trust)).get('/ip').set('X-Forwarded-For', '2001:db8::1, 203.0.113.7');
      expect(res.body).toEqual({ first: client, again: client, express: client });
    }
  });

  it("works out each request's address on its own", async () => {
    const app = appTrusting(true);
    const [one, two] = await Promise.all([
      request(app).get('/ip').set('X-Forwarded-For', '192.0.2.1'),
      request(app).get('/ip').set('X-Forwarded-For', '192.0.2.2'),
    ]);
    expect([one.body.first, two.body.first]).toEqual(['192.0.2.1', '192.0.2.2']);
  });
});

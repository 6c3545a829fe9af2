import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import request from 'supertest';
import { whenClosed, whenFinished } from './response-end.js';

/** Records, per request, which end jobs ran, in order. */
function recordingApp(answer: (res: Response) => void) {
  const ran: string[] = [];
  const app = express();
  app.get('/', (_req, res) => {
    whenFinished(res, () => ran.push('finished 1'));
    whenClosed(res, () => ran.push('closed 1'));
    whenFinished(res, () => ran.push(`finished 2 ${res.statusCode}`));
    whenClosed(res, () => ran.push('closed 2'));
    answer(res);
  });
  return { app, ran };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('response end jobs', () => {
  it('runs the finished jobs, then the closed jobs, each once, in the order given, after a full answer', async () => {
    const { app, ran } = recordingApp((res) => res.status(201).json({ ok: true }));
    await request(app).get('/').expect(201);
    await settled();
    expect(ran).toEqual(['finished 1', 'finished 2 201', 'closed 1', 'closed 2']);
  });

  it('shares one close listener between all of a response\'s jobs', async () => {
    let listeners = -1;
    const app = express();
    app.get('/', (_req, res) => {
      const before = res.listenerCount('close');
      for (let i = 0; i < 5; i++) {
        whenFinished(res, () => undefined);
        whenClosed(res, () => undefined);
      }
      listeners = res.listenerCount('close') - before;
      res.end();
    });
    await request(app).get('/').expect(200);
    expect(listeners).toBe(1);
  });

  it('runs only the closed jobs when the client leaves before the answer', async () => {
    let responded!: () => void;
    const answered = new Promise<void>((resolve) => (responded = resolve));
    let late!: Response;
    const { app, ran } = recordingApp((res) => {
      late = res;
      responded();
    });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const req = http.get({ port: (server.address() as AddressInfo).port, path: '/' });
      req.on('error', () => undefined);
      await answered;
      req.destroy();
      await settled();
      expect(ran).toEqual(['closed 1', 'closed 2']);
      // Jobs given after the close run at once, closed ones only (the answer was never sent).
      whenClosed(late, () => ran.push('closed late'));
      whenFinished(late, () => ran.push('finished late'));
      expect(ran).toEqual(['closed 1', 'closed 2', 'closed late']);
    } finally {
      server.close();
    }
  });

  it('runs a job given after a full answer closed at once', async () => {
    let answeredRes!: Response;
    const app = express();
    app.get('/', (_req, res) => {
      answeredRes = res;
      res.end('done');
    });
    await request(app).get('/').expect(200);
    await settled();
    const ran: string[] = [];
    whenFinished(answeredRes, () => ran.push('finished'));
    whenClosed(answeredRes, () => ran.push('closed'));
    expect(ran).toEqual(['finished', 'closed']);
  });
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { FairScheduler } from '../limits/fair-scheduler.js';
import { keyFairShare, yieldSlot } from './key-fair-share.js';

/**
 * A server whose handler holds each request until the test releases it; `held` paths also wait
 * before keyFairShare (like the burst limiter's Redis call) until `letThrough`.
 */
function gatedServer(limit: number, held = new Set<string>()) {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const arrived: string[] = [];
  const closed: string[] = [];
  const heldBack: (() => void)[] = [];
  const app = express();
  app.use((req, res, next) => {
    arrived.push(req.path);
    res.once('close', () => closed.push(req.path));
    if (held.has(req.path)) heldBack.push(next);
    else next();
  });
  app.use(keyFairShare(new FairScheduler({ limit, sharedLimit: limit, holdMs: 1_000, now: () => performance.now() }), (token) => token));
  app.get('/x/:id', (req, res) => {
    started.push(req.params.id);
    // A request that only waits on a worker's job from here on.
    if (req.params.id.startsWith('wait')) yieldSlot(res);
    releases.push(() => {
      res.json({ id: req.params.id });
    });
  });
  const server: Server = app.listen(0);
  const url = (id: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/x/${id}`;
  return { started, releases, arrived, closed, server, url, letThrough: () => heldBack.forEach((n) => n()) };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}

describe('keyFairShare', () => {
  it("lets one key use every slot, gives another key's request the next free one, and never holds a request without a key", async () => {
    const s = gatedServer(2);
    try {
      const a = (id: string) => fetch(s.url(id), { headers: { authorization: 'Bearer key-a' } });
      const pending = [a('a1'), a('a2')];
      await until(() => s.started.length === 2);
      pending.push(a('a3'), a('a4'));
      await until(() => s.arrived.length === 4);
      const b = fetch(s.url('b1'), { headers: { authorization: 'Bearer key-b' } });
      await until(() => s.arrived.length === 5);
      const anonymous = fetch(s.url('n1'));
      await until(() => s.started.length === 3);
      expect(s.started).toEqual(['a1', 'a2', 'n1']);
      // a3 and a4 came first, but key-b runs nothing: its request takes the freed slot.
      s.releases[0]();
      await until(() => s.started.length === 4);
      expect(s.started[3]).toBe('b1');
      s.releases[1]();
      await until(() => s.started.length === 5);
      expect(s.started[4]).toBe('a3');
      s.releases[3]();
      await until(() => s.started.length === 6);
      expect(s.started[5]).toBe('a4');
      // n1, a3, a4 (a1, a2 and b1 have answered).
      [2, 4, 5].forEach((i) => s.releases[i]());
      const bodies = await Promise.all([...pending, b, anonymous].map(async (p) => ((await (await p).json()) as { id: string }).id));
      expect(bodies.sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'n1']);
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('a request whose client leaves while waiting gives up its place without taking a slot', async () => {
    const s = gatedServer(1);
    try {
      const headers = { authorization: 'Bearer key-c' };
      const first = fetch(s.url('c1'), { headers });
      await until(() => s.started.length === 1);
      const abort = new AbortController();
      const gone = fetch(s.url('c2'), { headers, signal: abort.signal }).catch(() => 'aborted');
      const third = fetch(s.url('c3'), { headers });
      await until(() => s.arrived.length === 3); // both wait behind c1
      abort.abort();
      expect(await gone).toBe('aborted');
      await until(() => s.closed.includes('/x/c2'));
      s.releases[0]();
      await until(() => s.started.length === 2);
      expect(s.started).toEqual(['c1', 'c3']);
      s.releases[1]();
      expect((await first).status).toBe(200);
      expect((await third).status).toBe(200);
      // The key's line is empty again: a new request starts at once.
      const again = fetch(s.url('c4'), { headers });
      await until(() => s.started.length === 3);
      s.releases[2]();
      expect((await again).status).toBe(200);
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('a request whose client left during an earlier step takes no slot', async () => {
    const s = gatedServer(1, new Set(['/x/d1']));
    try {
      const headers = { authorization: 'Bearer key-d' };
      const abort = new AbortController();
      const gone = fetch(s.url('d1'), { headers, signal: abort.signal }).catch(() => 'aborted');
      await until(() => s.arrived.length === 1);
      abort.abort();
      expect(await gone).toBe('aborted');
      await until(() => s.closed.includes('/x/d1'));
      s.letThrough();
      const next = fetch(s.url('d2'), { headers });
      await until(() => s.started.includes('d2'));
      expect(s.started).toEqual(['d2']);
      s.releases[0]();
      expect((await next).status).toBe(200);
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('a request that yields its slot while it waits lets the next one start, and its own close gives nothing back twice', async () => {
    const s = gatedServer(1);
    try {
      const headers = { authorization: 'Bearer key-w' };
      const waiting = fetch(s.url('wait-1'), { headers });
      await until(() => s.started.length === 1);
      const next = fetch(s.url('d1'), { headers });
      // The only slot was given back: d1 starts while wait-1 still waits.
      await until(() => s.started.length === 2);
      expect(s.started).toEqual(['wait-1', 'd1']);
      const third = fetch(s.url('d2'), { headers });
      await until(() => s.arrived.length === 3);
      s.releases[0]();
      await waiting;
      // wait-1's close freed nothing: d1 still holds the one slot.
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      expect(s.started).toEqual(['wait-1', 'd1']);
      s.releases[1]();
      await until(() => s.started.length === 3);
      s.releases[2]();
      await Promise.all([next, third]);
    } finally {
      s.server.closeAllConnections();
      s.server.close();
    }
  });
});

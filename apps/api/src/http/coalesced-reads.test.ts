import express from 'express';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { issueApiKey } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, waitFor, type TestAccount, type TestContext } from '@vigil/testing';
import { AccountQuota } from '../limits/account-quota.js';
import { RequestUsage } from '../usage/request-usage.js';
import { registerRoutes } from './register-routes.js';
import { route, type RouteDef } from './route.js';

let ctx: TestContext;
let account: TestAccount;
beforeAll(async () => {
  ctx = await createTestContext({ clock: testClock('2026-11-21T10:00:00Z'), env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_API_IN_FLIGHT_SHARED: '32' } });
  // (The fair scheduler's shared slots would otherwise hold the overlapping requests back while the key's
  // first request, in the key's own line until its lookup is cached, holds its slot.)
  account = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());

/** A read that counts its executions and answers the state as it was when it started; `gate` holds each run until released. */
function countingRead() {
  const state = { version: 1, runs: 0, release: () => undefined as void };
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => (state.release = resolve));
  };
  const def = route({
    method: 'get',
    path: '/api/v1/counted',
    summary: 'A counted read',
    tag: 'Test',
    auth: 'api-key',
    scope: 'billing:read',
    coalesce: true,
    handler: async (req, _res, send) => {
      state.runs++;
      const seen = state.version;
      await gate;
      send(200, { version: seen, q: String(req.query.q ?? '') });
    },
    docs: { responses: { 200: { description: 'The version read', schema: Type.Object({ version: Type.Integer(), q: Type.String() }) } } },
  });
  return { def, state, hold };
}

function appWith(defs: RouteDef[]) {
  const app = express();
  registerRoutes(app, ctx, { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) }, defs);
  return app;
}

const until = (cond: () => boolean, what: string) => waitFor(() => cond() || null, { what, intervalMs: 5 });

describe('coalesced reads', () => {
  it('run identical overlapping requests of one key once per round, and each answer was read after its request arrived', async () => {
    const { def, state, hold } = countingRead();
    const app = appWith([def]);
    hold();
    const first = request(app).get('/api/v1/counted').set(account.auth).then((r) => r);
    await until(() => state.runs === 1, 'the first read');
    // A write lands while the first read runs: every request that arrives now must see it.
    state.version = 2;
    const later = Array.from({ length: 8 }, () => request(app).get('/api/v1/counted').set(account.auth).then((r) => r));
    const other = request(app).get('/api/v1/counted?q=x').set(account.auth).then((r) => r);
    await until(() => state.runs === 2, "the other URL's read");
    await new Promise((r) => setTimeout(r, 50));
    expect(state.runs).toBe(2); // the eight wait for the next round, not a run each
    const release = state.release;
    hold();
    release();
    await until(() => state.runs === 3, 'the round of the eight');
    state.release();
    release();
    const answers = await Promise.all([first, ...later, other]);
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(answers[0].body).toEqual({ version: 1, q: '' });
    for (const r of answers.slice(1, 9)) expect(r.body).toEqual({ version: 2, q: '' });
    expect(answers[9].body).toEqual({ version: 2, q: 'x' });
    expect(state.runs).toBe(3);
  });

  it('does not share between keys, even of one account', async () => {
    const { def, state } = countingRead();
    const app = appWith([def]);
    const { secret } = await issueApiKey(ctx.db.manager, account.account.id, { name: 'second' });
    await Promise.all([request(app).get('/api/v1/counted').set(account.auth), request(app).get('/api/v1/counted').set({ Authorization: `Bearer ${secret}` })]);
    expect(state.runs).toBe(2);
  });

  it('stops the boot on anything but a keyed GET', () => {
    const { def } = countingRead();
    expect(() => appWith([{ ...def, method: 'post' }])).toThrow('Route POST /api/v1/counted coalesces but is not a keyed GET');
    expect(() => appWith([{ ...def, auth: 'none' }])).toThrow('coalesces but is not a keyed GET');
  });
});

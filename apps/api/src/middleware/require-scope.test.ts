import express from 'express';
import { createTestContext, testClock, type TestContext } from '@vigil/testing';
import { registerRoutes } from '../http/register-routes.js';
import { buildOpenApi } from '../http/openapi.js';
import { route } from '../http/route.js';
import { AccountQuota } from '../limits/account-quota.js';
import { RequestUsage } from '../usage/request-usage.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: testClock('2026-11-21T10:00:00Z') });
});
afterAll(() => ctx.teardown());

const unscoped = route({
  method: 'get',
  path: '/api/v1/unscoped',
  summary: 'A keyed route that forgot its scope',
  tag: 'Test',
  auth: 'api-key',
  handler: (_req, res) => res.status(204).end(),
  docs: { responses: { 204: { description: 'Nothing' } } },
});

describe('a keyed route without a scope', () => {
  it('stops the boot', () => {
    const limits = { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) };
    expect(() => registerRoutes(express(), ctx, limits, [unscoped])).toThrow('Route GET /api/v1/unscoped takes an API key but declares no scope');
  });

  it('cannot be documented', () => {
    expect(() => buildOpenApi([unscoped], 'http://localhost')).toThrow('declares no scope');
  });

  it('is fine when public', () => {
    const limits = { quota: new AccountQuota(ctx.redis, ctx.config.redisPrefix), usage: new RequestUsage(ctx) };
    expect(() => registerRoutes(express(), ctx, limits, [{ ...unscoped, auth: 'none' }])).not.toThrow();
  });
});

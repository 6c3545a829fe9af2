import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { createApp } from './app.js';

// The README's first-hour steps, run in order against the API with one account: the curl step
// creates a monitor, then the client example creates its own (both must answer 201).
const README = new URL('../../../README.md', import.meta.url);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

/** The JSON body of the README's `curl ... /api/v1/uptime/monitors -d '...'` step. */
function curlMonitorBody(text: string): Record<string, unknown> {
  const m = /curl -s http:\/\/localhost:3000\/api\/v1\/uptime\/monitors \\\n[^\n]*\n\s*-d '([^']+)'/.exec(text);
  if (!m) throw new Error('README: no curl step creating a monitor');
  return JSON.parse(m[1]) as Record<string, unknown>;
}

/** The `body` of the client example's POST /api/v1/uptime/monitors (a flat object literal of strings). */
function clientMonitorBody(text: string): Record<string, string> {
  const m = /vigil\.POST\('\/api\/v1\/uptime\/monitors', \{ body: \{ ([^}]+) \} \}\)/.exec(text);
  if (!m) throw new Error('README: no client example creating a monitor');
  return Object.fromEntries([...m[1].matchAll(/(\w+): '([^']*)'/g)].map((p) => [p[1], p[2]]));
}

it("the README's client example does not collide with its own curl step (each creates its monitor)", async () => {
  const text = await readFile(README, 'utf8');
  const app = createApp(ctx);
  const account = await createTestAccount(ctx, 'pro');
  for (const body of [curlMonitorBody(text), clientMonitorBody(text)]) {
    const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send(body);
    expect({ body, status: res.status }).toEqual({ body, status: 201 });
  }
});

import { createHmac } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { Incident } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { INBOUND_BODY_MAX_BYTES } from './inbound.routes.js';

const SECRET = 'pd-signing-secret-for-inbound-tests';
const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());

async function pagerduty(account: TestAccount, config: Record<string, unknown> = { webhook_secret: SECRET }) {
  const res = await request(app)
    .post('/api/v1/integrations')
    .set(account.auth)
    .send({ type: 'pagerduty', name: 'PD', config: { routing_key: 'e93facc04764012d7bfb002500d5d1a6', ...config } });
  expect(res.status).toBe(201);
  return { id: res.body.integration.id as number, path: new URL(res.body.integration.inbound_url as string).pathname };
}

async function incidentOf(account: TestAccount, over: Partial<Incident> = {}) {
  const [m] = (await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url, status) VALUES ($1, 'Site', $2, $2, 'down') RETURNING id`, [
    account.account.id,
    `https://inbound-${Math.random()}.example.com/`,
  ])) as { id: number }[];
  return ctx.db.getRepository(Incident).save({
    monitorId: m.id,
    accountId: account.account.id,
    status: 'open' as const,
    startedAt: new Date(shiftDates('2026-11-21T10:00:00Z')),
    cause: 'HTTP 503',
    affectedChecks: 1,
    ...over,
  });
}

const event = (eventType: string, incidentKey: string) =>
  JSON.stringify({ event: { id: 'e1', event_type: eventType, resource_type: 'incident', agent: { summary: 'Jane Doe' }, data: { incident_key: incidentKey } } });
const signed = (path: string, body: string, secret = SECRET) =>
  request(app).post(path).set('Content-Type', 'application/json').set('X-PagerDuty-Signature', `v1=${createHmac('sha256', secret).update(body).digest('hex')}`).send(body);

describe('POST /inbound/{type}/{token}', () => {
  it('acknowledges at the injected clock, by the agent, once; records nothing for a forged signature', async () => {
    const pd = await pagerduty(pro);
    const incident = await incidentOf(pro);
    const body = event('incident.acknowledged', `vigil-incident-${incident.id}`);
    expect((await signed(pd.path, body, 'wrong')).status).toBe(401);
    const res = await signed(pd.path, body);
    expect([res.status, res.body, res.headers['cache-control']]).toEqual([200, { result: 'acknowledged' }, 'no-store']);
    const row = await ctx.db.getRepository(Incident).findOneByOrFail({ id: incident.id });
    expect([row.acknowledgedBy, row.acknowledgedAt?.toISOString()]).toEqual(['Jane Doe', clock.now().toISOString()]);
    expect(await ctx.db.query(`SELECT payload->'data'->>'acknowledged_via' AS via FROM outbox WHERE job_id = $1`, [`incident-${incident.id}-acknowledged`])).toEqual([{ via: 'pagerduty' }]);
  });

  it("ignores (200) other events, other tools' alerts, another account's incident and a resolved one nobody acknowledged", async () => {
    const pd = await pagerduty(pro);
    const theirs = await incidentOf(other);
    const resolved = await incidentOf(pro, { status: 'resolved', resolvedAt: clock.now(), durationSeconds: 60 });
    for (const body of [
      event('incident.triggered', 'vigil-incident-1'),
      event('pagey.ping', ''),
      event('incident.acknowledged', 'f0a1b2c3d4e5f60718293a4b5c6d7e8f'),
      event('incident.acknowledged', `vigil-incident-${theirs.id}`),
      event('incident.acknowledged', `vigil-incident-${resolved.id}`),
    ]) {
      const res = await signed(pd.path, body);
      expect([body, res.status, res.body]).toEqual([body, 200, { result: 'ignored' }]);
    }
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: theirs.id })).acknowledgedAt).toBeNull();
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: resolved.id })).acknowledgedAt).toBeNull();
  });

  it('404 for unknown tokens, types and deleted or inactive integrations; 401 without a webhook_secret; 400 and 413 for bad bodies; never 500', async () => {
    const pd = await pagerduty(pro);
    const body = event('incident.acknowledged', 'vigil-incident-1');
    const token = pd.path.split('/').at(-1)!;
    for (const path of [`/inbound/pagerduty/${pd.id}.AAAAAAAAAAAAAAAAAAAAAA`, `/inbound/pagerduty/nope`, `/inbound/slack/${token}`, `/inbound/opsgenie/${token}`]) {
      const res = await signed(path, body);
      expect([path, res.status, res.body]).toEqual([path, 404, { error: 'Unknown inbound URL' }]);
    }
    await request(app).put(`/api/v1/integrations/${pd.id}`).set(pro.auth).send({ is_active: false }).expect(200);
    expect((await signed(pd.path, body)).status).toBe(404);

    const bare = await pagerduty(pro, {});
    expect((await signed(bare.path, body)).body).toEqual({ error: 'Invalid signature' });

    const live = await pagerduty(pro);
    const notJson = await signed(live.path, '{"event":');
    expect([notJson.status, notJson.body]).toEqual([400, { error: 'Invalid JSON body' }]);
    // A body that is not a callback is a 400 only once it proved authentic.
    expect((await signed(live.path, '{"event":', 'wrong')).body).toEqual({ error: 'Invalid signature' });
    const huge = JSON.stringify({ event: { event_type: 'x', pad: 'a'.repeat(INBOUND_BODY_MAX_BYTES) } });
    const tooBig = await signed(live.path, huge);
    expect([tooBig.status, tooBig.body]).toEqual([413, { error: `Body too large: at most ${INBOUND_BODY_MAX_BYTES} bytes` }]);

    await request(app).delete(`/api/v1/integrations/${live.id}`).set(pro.auth).expect(200);
    expect((await signed(live.path, body)).status).toBe(404);
  });

  it('checks the signature against the secret the integration has now: a changed webhook_secret counts from the next callback', async () => {
    const pd = await pagerduty(pro);
    const incident = await incidentOf(pro);
    const body = event('incident.acknowledged', `vigil-incident-${incident.id}`);
    expect((await signed(pd.path, body)).body).toEqual({ result: 'acknowledged' });
    const renewed = 'pd-signing-secret-renewed-for-inbound';
    await request(app).put(`/api/v1/integrations/${pd.id}`).set(pro.auth).send({ config: { routing_key: 'e93facc04764012d7bfb002500d5d1a6', webhook_secret: renewed } }).expect(200);
    expect((await signed(pd.path, body)).body).toEqual({ error: 'Invalid signature' });
    expect((await signed(pd.path, body, renewed)).body).toEqual({ result: 'already_acknowledged' });
  });

  it('is in the OpenAPI document, without an API key', async () => {
    const doc = (await request(app).get('/api/v1/openapi.json')).body as { paths: Record<string, { post?: { security?: unknown[] } }> };
    expect(doc.paths['/inbound/{type}/{token}'].post).toBeDefined();
  });
});

import { createHmac } from 'node:crypto';
import request from 'supertest';
import { AlertDelivery, Incident, JobName } from '@vigil/core';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { createNotifierApp } from '@vigil/notifier';
import {
  captureLogs,
  createTestAccount,
  createTestContext,
  startOpsgenieApi,
  startPagerDutyEventsApi,
  startReceiver,
  waitFor,
  type CapturedLogs,
  type OpsgenieApi,
  type PagerDutyEventsApi,
  type Receiver,
  type TestAccount,
  type TestContext,
} from '@vigil/testing';

const ROUTING_KEY = 'e93facc04764012d7bfb002500d5d1a6';
const PD_SIGNING_SECRET = 'pd-v3-signing-secret-5f1c2b';
const OG_API_KEY = 'eb243592-faa2-4ba2-a551-1afdf565c889';

/**
 * The incident sync both ways, through the real fleet: the checker opens and resolves incidents
 * (and relays the outbox), the notifier delivers to loopback PagerDuty and Opsgenie APIs, and the
 * API takes acknowledgements from a key and from the tools' callbacks.
 */
describe('PagerDuty and Opsgenie incident sync, both ways', () => {
  let ctx: TestContext;
  let logs: CapturedLogs;
  let target: Receiver;
  let pd: PagerDutyEventsApi;
  let og: OpsgenieApi;
  let checker: ReturnType<typeof createCheckerApp>;
  let notifier: ReturnType<typeof createNotifierApp>;
  let app: ReturnType<typeof createApp>;
  let pro: TestAccount;
  let targetStatus = 503;
  let monitorId: number;
  let pdIntegration: { id: number; inbound_url: string };
  let ogIntegration: { id: number; inbound_url: string };
  let ogSecret: string;

  beforeAll(async () => {
    logs = captureLogs('info');
    ctx = await createTestContext({ logger: logs.logger, env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000' } });
    target = await startReceiver(() => ({ status: targetStatus }));
    pd = await startPagerDutyEventsApi();
    og = await startOpsgenieApi(OG_API_KEY);
    checker = createCheckerApp(ctx);
    notifier = createNotifierApp(ctx);
    await Promise.all([checker.start(), notifier.start()]);
    app = createApp(ctx);
    pro = await createTestAccount(ctx, 'pro');

    const created = await request(app)
      .post('/api/v1/integrations')
      .set(pro.auth)
      .send({ type: 'pagerduty', name: 'On call', config: { routing_key: ROUTING_KEY, api_url: pd.url, webhook_secret: PD_SIGNING_SECRET } });
    expect(created.status).toBe(201);
    pdIntegration = created.body.integration;
    expect(created.body.integration.config).toEqual({ routing_key: `****${ROUTING_KEY.slice(-4)}`, api_url: pd.url, webhook_secret: expect.stringMatching(/^\*\*\*\*/) });
    expect(pdIntegration.inbound_url).toMatch(new RegExp(`/inbound/pagerduty/${pdIntegration.id}\\.[A-Za-z0-9_-]{22}$`));

    const ogCreated = await request(app).post('/api/v1/integrations').set(pro.auth).send({ type: 'opsgenie', name: 'Opsgenie', config: { api_key: OG_API_KEY, api_url: og.url } });
    expect(ogCreated.status).toBe(201);
    ogIntegration = ogCreated.body.integration;
    ogSecret = ogCreated.body.integration.config.webhook_secret as string;
    expect(ogSecret).toMatch(/^ogsec_[0-9a-f]{48}$/);
    expect(ogIntegration.inbound_url).toMatch(/\/inbound\/opsgenie\//);

    const [row] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, alert_threshold, status) VALUES ($1, 'Checkout API', $2, $2, 1, 'up') RETURNING id`,
      [pro.account.id, `${target.url}/health`],
    )) as { id: number }[];
    monitorId = row.id;
  });
  afterAll(async () => {
    await Promise.all([checker.stop(), notifier.stop()]);
    await Promise.all([target.close(), pd.close(), og.close()]);
    await ctx.teardown();
  });

  let runs = 0;
  const check = async (status: number) => {
    targetStatus = status;
    await ctx.queues.add(JobName.MonitorCheck, { monitorId }, { jobId: `sync-${monitorId}-${++runs}` });
  };
  const openIncident = () =>
    waitFor(async () => ctx.db.getRepository(Incident).findOneBy({ monitorId, status: 'open' }), { timeoutMs: 20_000, what: 'an open incident' });
  const pdActions = (key: string) => pd.events.filter((e) => e.dedup_key === key).map((e) => e.event_action);
  const ogActions = (alias: string) => og.actions.filter((a) => a.alias === alias).map((a) => a.action);
  const pathOf = (url: string) => new URL(url).pathname;

  it('down triggers, acknowledging in Vigil acknowledges, recovery resolves: one alert per incident', async () => {
    await check(503);
    const incident = await openIncident();
    const key = `vigil-incident-${incident.id}`;
    await waitFor(() => pdActions(key).length === 1 && ogActions(key).length === 1, { timeoutMs: 20_000, what: 'trigger and create' });
    expect(pd.alerts.get(key)).toBe('triggered');
    expect(og.alerts.get(key)).toBe('open');

    const ack = await request(app).post(`/api/v1/uptime/monitors/${monitorId}/incidents/${incident.id}/acknowledge`).set(pro.auth);
    expect(ack.status).toBe(200);
    await waitFor(() => pdActions(key).length === 2 && ogActions(key).length === 2, { timeoutMs: 20_000, what: 'acknowledge in both tools' });
    expect(pd.alerts.get(key)).toBe('acknowledged');
    expect(og.alerts.get(key)).toBe('acknowledged');

    await check(200);
    await waitFor(() => pdActions(key).length === 3 && ogActions(key).length === 3, { timeoutMs: 20_000, what: 'resolve and close' });
    expect(pdActions(key)).toEqual(['trigger', 'acknowledge', 'resolve']);
    expect(ogActions(key)).toEqual(['create', 'acknowledge', 'close']);
    expect(pd.alerts.get(key)).toBe('resolved');
    expect(og.alerts.get(key)).toBe('closed');
  });

  it('acknowledging in PagerDuty (a signed v3 webhook) acknowledges the Vigil incident, by whom and when, and Opsgenie follows', async () => {
    await check(503);
    const incident = await openIncident();
    const key = `vigil-incident-${incident.id}`;
    await waitFor(() => pdActions(key).length === 1, { timeoutMs: 20_000, what: 'trigger' });

    const body = JSON.stringify({
      event: {
        id: '01DEN3ED5LP5VOI8M7AJ0E3ELO',
        event_type: 'incident.acknowledged',
        resource_type: 'incident',
        occurred_at: '2026-11-21T10:05:00.000Z',
        agent: { html_url: 'https://acme.pagerduty.com/users/PLH1HKV', id: 'PLH1HKV', self: 'https://api.pagerduty.com/users/PLH1HKV', summary: 'Jane Doe', type: 'user_reference' },
        client: null,
        data: { id: 'Q1P3AHC7HP27QI', type: 'incident', number: 7, status: 'acknowledged', incident_key: key, title: `Monitor down: Checkout API` },
      },
    });
    const sign = (secret: string) => `v1=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const post = (url: string, signature: string) => request(app).post(pathOf(url)).set('Content-Type', 'application/json').set('X-PagerDuty-Signature', signature).send(body);

    const forged = await post(pdIntegration.inbound_url, sign('not-the-secret'));
    expect([forged.status, forged.body]).toEqual([401, { error: 'Invalid signature' }]);
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: incident.id })).acknowledgedAt).toBeNull();
    const unknown = await post(pdIntegration.inbound_url.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAA'), sign(PD_SIGNING_SECRET));
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'Unknown inbound URL' }]);

    const before = ctx.clock.now().getTime();
    const res = await post(pdIntegration.inbound_url, `v1=${'0'.repeat(64)}, ${sign(PD_SIGNING_SECRET)}`);
    expect([res.status, res.body]).toEqual([200, { result: 'acknowledged' }]);
    const acked = await ctx.db.getRepository(Incident).findOneByOrFail({ id: incident.id });
    expect(acked.acknowledgedBy).toBe('Jane Doe');
    expect(acked.acknowledgedAt!.getTime()).toBeGreaterThanOrEqual(before);
    const detail = await request(app).get(`/api/v1/uptime/monitors/${monitorId}/incidents/${incident.id}`).set(pro.auth);
    expect(detail.body.incident).toMatchObject({ acknowledged_by: 'Jane Doe', acknowledged_at: acked.acknowledgedAt!.toISOString() });

    // Opsgenie follows the acknowledgement made in PagerDuty, naming who made it.
    await waitFor(() => ogActions(key).includes('acknowledge'), { timeoutMs: 20_000, what: 'Opsgenie acknowledge' });
    expect(og.actions.find((a) => a.alias === key && a.action === 'acknowledge')!.body).toMatchObject({ user: 'Jane Doe' });

    // The same callback again (PagerDuty retries) changes nothing.
    expect((await post(pdIntegration.inbound_url, sign(PD_SIGNING_SECRET))).body).toEqual({ result: 'already_acknowledged' });
    await check(200);
    await waitFor(() => pdActions(key).includes('resolve'), { timeoutMs: 20_000, what: 'resolve' });
  });

  it('acknowledging in Opsgenie (its Webhook integration with the secret header) acknowledges the Vigil incident', async () => {
    await check(503);
    const incident = await openIncident();
    const alias = `vigil-incident-${incident.id}`;
    await waitFor(() => ogActions(alias).length === 1, { timeoutMs: 20_000, what: 'create' });
    const body = {
      source: { name: '', type: 'web' },
      alert: { alertId: '052652ac', message: 'Monitor down: Checkout API', username: 'sam@example.com', alias, tinyId: '23', createdAt: 1420452191104, userId: 'daed1180', entity: '' },
      action: 'Acknowledge',
      integrationId: '37c8f316',
      integrationName: 'Vigil callback',
    };
    const path = pathOf(ogIntegration.inbound_url);
    expect((await request(app).post(path).send(body)).status).toBe(401);
    expect((await request(app).post(path).set('X-Vigil-Webhook-Secret', `${ogSecret}x`).send(body)).status).toBe(401);
    const res = await request(app).post(path).set('X-Vigil-Webhook-Secret', ogSecret).send(body);
    expect([res.status, res.body]).toEqual([200, { result: 'acknowledged' }]);
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: incident.id })).acknowledgedBy).toBe('sam@example.com');
    // PagerDuty follows too.
    await waitFor(() => pdActions(alias).includes('acknowledge'), { timeoutMs: 20_000, what: 'PagerDuty acknowledge' });
    await check(200);
    await waitFor(() => ogActions(alias).includes('close'), { timeoutMs: 20_000, what: 'close' });
  });

  it('no secret in a delivery log, an API answer or a log line', async () => {
    const secrets = [ROUTING_KEY, PD_SIGNING_SECRET, OG_API_KEY, ogSecret];
    const rows = await ctx.db.getRepository(AlertDelivery).find({ where: { accountId: pro.account.id } });
    expect(rows.length).toBeGreaterThan(0);
    const answers = [
      await request(app).get('/api/v1/integrations').set(pro.auth),
      await request(app).get(`/api/v1/integrations/${pdIntegration.id}`).set(pro.auth),
      await request(app).get(`/api/v1/integrations/${pdIntegration.id}/deliveries`).set(pro.auth),
      await request(app).get(`/api/v1/integrations/${ogIntegration.id}/deliveries`).set(pro.auth),
    ];
    const seen = [JSON.stringify(rows), ...answers.map((a) => JSON.stringify(a.body)), ...logs.lines()].join('\n');
    for (const s of secrets) expect(seen).not.toContain(s);
    expect(answers[1].body.integration.inbound_url).toBe(pdIntegration.inbound_url);
  });
});

import { createHmac } from 'node:crypto';
import { AlertDelivery, Incident, JobName } from '@vigil/core';
import { createCheckerApp } from '@vigil/checker';
import { createTestAccount, createTestContext, waitFor, type TestContext, startReceiver, type Receiver } from '@vigil/testing';
import { createNotifierApp } from './app.js';
import { webhookIntegration } from './testing/fixtures.js';

/**
 * The whole alert path: the checker worker sees a monitor fail, opens an incident and enqueues
 * monitor.down; the notifier worker fans it out and POSTs the signed webhook; the incident
 * records the delivery in alerts_sent. Then the recovery (monitor.up) goes the same way.
 */
describe('monitor down end to end: checker -> notifier -> webhook', () => {
  let ctx: TestContext;
  let server: Receiver;
  let targetStatus = 503;
  let checker: ReturnType<typeof createCheckerApp>;
  let notifier: ReturnType<typeof createNotifierApp>;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
    server = await startReceiver((_n, req) => ({ status: req.path.startsWith('/target') ? targetStatus : 200 }));
    checker = createCheckerApp(ctx);
    notifier = createNotifierApp(ctx);
    await Promise.all([checker.start(), notifier.start()]);
  });
  afterAll(async () => {
    await Promise.all([checker.stop(), notifier.stop()]);
    await server.close();
    await ctx.teardown();
  });

  const hooks = () => server.requests.filter((r) => r.path === '/hook');

  it('delivers monitor.down and monitor.up, signed, and fills the incident alerts_sent', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const url = `${server.url}/target`;
    const [{ id: monitorId }] = (await ctx.db.query(
      `INSERT INTO monitors (account_id, name, url, normalized_url, alert_threshold, status)
       VALUES ($1, 'Checkout API', $2, $2, 1, 'up') RETURNING id`,
      [account.id, url],
    )) as { id: number }[];
    const hook = await webhookIntegration(ctx, account.id, `${server.url}/hook`, 'whsec_e2e', { events: ['monitor.down', 'monitor.up'] });

    await ctx.queues.add(JobName.MonitorCheck, { monitorId }, { jobId: `e2e-down-${monitorId}` });
    const down = await waitFor(() => hooks().find((r) => r.headers['x-vigil-event'] === 'monitor.down'), { timeoutMs: 20_000, what: 'monitor.down webhook' });
    expect(down.headers['x-vigil-signature']).toBe(`sha256=${createHmac('sha256', 'whsec_e2e').update(down.raw).digest('hex')}`);
    const body = down.json as { id: string; event: string; created_at: string; data: Record<string, unknown> };
    expect(body.event).toBe('monitor.down');
    expect(body.data).toMatchObject({ monitor: { id: monitorId, name: 'Checkout API', url }, status_code: 503 });
    expect(String(body.data.cause)).toContain('503');

    const incident = await waitFor(
      async () => {
        const found = await ctx.db.getRepository(Incident).findOneBy({ monitorId });
        return found && found.alertsSent.length === 1 ? found : null;
      },
      { what: 'alerts_sent of the incident' },
    );
    expect(incident.alertsSent).toEqual([{ type: 'webhook', sent_at: expect.any(String), event: 'monitor.down', kind: 'alert', integration_id: hook.id }]);
    expect(body.data.incident_id).toBe(incident.id);

    targetStatus = 200;
    await ctx.queues.add(JobName.MonitorCheck, { monitorId }, { jobId: `e2e-up-${monitorId}` });
    const up = await waitFor(() => hooks().find((r) => r.headers['x-vigil-event'] === 'monitor.up'), { timeoutMs: 20_000, what: 'monitor.up webhook' });
    expect((up.json as { data: { incident_id: number } }).data.incident_id).toBe(incident.id);
    await waitFor(async () => (await ctx.db.getRepository(Incident).findOneByOrFail({ id: incident.id })).alertsSent.length === 2, {
      what: 'the recovery in alerts_sent',
    });
    const rows = await ctx.db.getRepository(AlertDelivery).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      ['monitor.down', 'success'],
      ['monitor.up', 'success'],
    ]);
  });
});

import { createHmac } from 'node:crypto';
import { AlertDelivery, JobName, QueueName } from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestContext, startReceiver, type Receiver } from '@vigil/testing';
import { ALERT_STALLED_JOBS, createNotifierApp } from './app.js';
import { alertEvent, downData, insertMonitor, webhookIntegration } from './testing/fixtures.js';

describe('notifier app end to end', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let app: ReturnType<typeof createNotifierApp>;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await startReceiver();
    app = createNotifierApp(ctx);
    await app.start();
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
    await ctx.teardown();
  });

  it('an AlertEvent job reaches the webhook receiver, signed, and is recorded as delivered', async () => {
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id, { name: 'Checkout API', url: 'https://shop.example.com/health' });
    await webhookIntegration(ctx, account.id, `${receiver.url}/vigil`, 'whsec_e2e', { events: ['monitor.down'] });
    const event = alertEvent(account.id, { monitorId, data: downData({ id: monitorId, name: 'Checkout API', url: 'https://shop.example.com/health' }) });
    await ctx.queues.add(JobName.AlertEvent, event);

    const req = await waitFor(() => receiver.requests.find((r) => (r.json as { id?: string })?.id === event.eventId), {
      timeoutMs: 15_000,
      what: 'the webhook',
    });
    expect(req.headers['x-vigil-signature']).toBe(`sha256=${createHmac('sha256', 'whsec_e2e').update(req.raw).digest('hex')}`);
    expect(req.json).toMatchObject({
      event: 'monitor.down',
      data: { error: 'HTTP 503 Service Unavailable', monitor: { id: monitorId, name: 'Checkout API' } },
    });
    const row = await waitFor(() => ctx.db.getRepository(AlertDelivery).findOneBy({ eventId: event.eventId, status: 'success' }), {
      what: 'the delivery row',
    });
    expect(row.responseCode).toBe(200);
  });

  it('takes the alert jobs of a dead notifier back within 10 s (short locks on the alerts queue)', () => {
    const alerts = app.workers().find((w) => w.name === QueueName.Alerts);
    expect(alerts?.opts).toMatchObject(ALERT_STALLED_JOBS);
    expect(ALERT_STALLED_JOBS.lockDuration! + ALERT_STALLED_JOBS.stalledInterval!).toBeLessThanOrEqual(10_000);
  });
});

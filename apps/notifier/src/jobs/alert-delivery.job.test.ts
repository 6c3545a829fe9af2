import { createHmac } from 'node:crypto';
import {
  AlertDelivery,
  createDelivery,
  Incident,
  Integration,
  JobName,
  QueueName,
  createSecretBox,
  createWorkerApp,
  type AppProcess,
} from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestContext, startReceiver, type Receiver, type Responder, parseMail, startSmtpSink, type SmtpSink, sampleEventData } from '@vigil/testing';
import { ALERT_WORKER_SETTINGS, deliveryJobOptions, type RetryPolicy } from '../delivery/retry-policy.js';
import { alertEvent, downData, eventOf, insertIncident, insertIntegration, insertMonitor, webhookIntegration } from '../testing/fixtures.js';
import { alertDeliveryJob } from './alert-delivery.job.js';
import { alertEventJob } from './alert-event.job.js';

/** Short backoff so that five attempts take well under a second. */
const FAST: RetryPolicy = { attempts: 5, baseDelayMs: 20, jitter: 0.5 };

describe('alert deliveries through a real BullMQ worker', () => {
  let ctx: TestContext;
  let smtp: SmtpSink;
  let worker: AppProcess;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', SMTP_URL: smtp.url } });
    worker = createWorkerApp(ctx, {
      app: 'notifier',
      concurrency: 4,
      healthPort: 0,
      settings: { [QueueName.Alerts]: ALERT_WORKER_SETTINGS },
      handlers: { [QueueName.Alerts]: { [JobName.AlertEvent]: alertEventJob(ctx, { retry: FAST }), [JobName.AlertDelivery]: alertDeliveryJob(ctx) } },
    });
    await worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await smtp.close();
    await ctx.teardown();
  });

  async function receiver(respond?: Responder) {
    const r = await startReceiver(respond);
    receivers.push(r);
    return r;
  }

  async function attemptsOf(eventId: string, until: (rows: AlertDelivery[]) => boolean) {
    return waitFor(
      async () => {
        const rows = await ctx.db.getRepository(AlertDelivery).find({ where: { eventId }, order: { attempt: 'ASC' } });
        return until(rows) ? rows : null;
      },
      { timeoutMs: 15_000, what: `deliveries of ${eventId}` },
    );
  }

  async function settled(eventId: string) {
    // Settled: the last attempt finished and no retry is scheduled.
    return attemptsOf(eventId, (rows) => rows.length > 0 && rows.at(-1)!.status !== 'pending' && !rows.at(-1)!.willRetry);
  }

  it('delivers a signed webhook and records the attempt', async () => {
    const r = await receiver();
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id, { name: 'Checkout API' });
    const hook = await webhookIntegration(ctx, account.id, `${r.url}/hook`, 'whsec_abc');
    const event = alertEvent(account.id, { monitorId, data: downData({ id: monitorId, name: 'Checkout API', url: 'https://example.com/checkout' }) });
    await ctx.queues.add(JobName.AlertEvent, event);

    const [row] = await settled(event.eventId);
    expect(row).toMatchObject({ status: 'success', responseCode: 200, error: null, attempt: 1, willRetry: false, integrationId: hook.id });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(r.requests).toHaveLength(1);
    const req = r.requests[0];
    expect(req.headers['x-vigil-delivery']).toBe(String(row.id));
    expect(req.headers['x-vigil-event']).toBe('monitor.down');
    expect(req.headers['x-vigil-signature']).toBe(`sha256=${createHmac('sha256', 'whsec_abc').update(req.raw).digest('hex')}`);
    expect((req.json as { id: string }).id).toBe(event.eventId);
  });

  it('retries a 500 and succeeds on the second attempt; every attempt is a row', async () => {
    const r = await receiver((n) => ({ status: n === 0 ? 500 : 200 }));
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed', { data: { ...sampleEventData['scan.completed'], hostname: 'x.example' } });
    await ctx.queues.add(JobName.AlertEvent, event);

    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.responseCode, x.willRetry])).toEqual([
      [1, 'failed', 500, true],
      [2, 'success', 200, false],
    ]);
    expect(rows[0].error).toBe('HTTP 500 Internal Server Error');
    expect(rows[1].deliveryId).toBe(rows[0].id);
    expect(r.requests).toHaveLength(2);
    // Every attempt carries the same delivery id and the same signed body.
    expect(r.requests[0].headers['x-vigil-delivery']).toBe(r.requests[1].headers['x-vigil-delivery']);
    expect(r.requests[0].raw.equals(r.requests[1].raw)).toBe(true);
  });

  it('does not retry a 400', async () => {
    const r = await receiver(() => ({ status: 400 }));
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.responseCode, x.willRetry, x.error])).toEqual([[1, 'failed', 400, false, 'HTTP 400 Bad Request']]);
    expect(r.requests).toHaveLength(1);
  });

  it('retries a 429', async () => {
    const r = await receiver((n) => ({ status: n < 2 ? 429 : 204 }));
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.responseCode])).toEqual([
      [1, 'failed', 429],
      [2, 'failed', 429],
      [3, 'success', 204],
    ]);
  });

  it("waits out a 429's Retry-After before the next attempt", async () => {
    const seen: number[] = [];
    const r = await receiver((n) => {
      seen.push(Date.now());
      return n === 0 ? { status: 429, headers: { 'Retry-After': '2' } } : { status: 204 };
    });
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.responseCode])).toEqual([
      [1, 'failed', 429],
      [2, 'success', 204],
    ]);
    // FAST's backoff alone would be at most 20 ms.
    expect(seen[1] - seen[0]).toBeGreaterThanOrEqual(1_900);
  });

  it('gives up after 5 attempts', async () => {
    const r = await receiver(() => ({ status: 503 }));
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.willRetry])).toEqual([
      [1, 'failed', true],
      [2, 'failed', true],
      [3, 'failed', true],
      [4, 'failed', true],
      [5, 'failed', false],
    ]);
    expect(r.requests).toHaveLength(5);
  });

  it('a duplicate AlertEvent job makes one delivery and one request', async () => {
    const r = await receiver();
    const { account } = await createTestAccount(ctx);
    await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    await ctx.queues.add(JobName.AlertEvent, event);
    await settled(event.eventId);
    // Both fan-out jobs have run once the queue holds no AlertEvent job any more.
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getJobCounts('waiting', 'active', 'delayed')).waiting === 0, {
      what: 'an empty queue',
    });
    await waitFor(async () => (await ctx.queues.queue(QueueName.Alerts).getJobCounts('active')).active === 0, { what: 'no active job' });
    expect(await ctx.db.getRepository(AlertDelivery).countBy({ eventId: event.eventId })).toBe(1);
    expect(r.requests).toHaveLength(1);
  });

  it("appends {type, sent_at} to the incident's alerts_sent for each successful delivery only", async () => {
    const ok = await receiver();
    const broken = await receiver(() => ({ status: 404 }));
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id, { name: 'Checkout API' });
    const incidentId = await insertIncident(ctx, account.id, monitorId);
    await webhookIntegration(ctx, account.id, ok.url, 's');
    await webhookIntegration(ctx, account.id, broken.url, 's');
    await insertIntegration(ctx, account.id, { type: 'email', config: { to: ['oncall@example.com'] } });
    const event = alertEvent(account.id, { monitorId, incidentId, data: downData({ id: monitorId, name: 'Checkout API', url: 'https://example.com/checkout' }, incidentId) });
    await ctx.queues.add(JobName.AlertEvent, event);

    await attemptsOf(event.eventId, (rows) => rows.length === 3 && rows.every((x) => x.status !== 'pending'));
    const incident = await ctx.db.getRepository(Incident).findOneByOrFail({ id: incidentId });
    expect(incident.alertsSent.map((a) => a.type).sort()).toEqual(['email', 'webhook']);
    for (const a of incident.alertsSent) expect(Number.isNaN(Date.parse(a.sent_at))).toBe(false);

    const mail = smtp.mails.find((m) => m.to.includes('oncall@example.com'))!;
    expect(parseMail(mail.raw).text).toContain('Checkout API');
  });

  it('an escalation step reaches exactly its integrations, whatever their filters, and is recorded as such in alerts_sent', async () => {
    const [named, namedScoped, notNamed, namedInactive] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id, { name: 'Checkout API' });
    const otherMonitor = await insertMonitor(ctx, account.id);
    const incidentId = await insertIncident(ctx, account.id, monitorId);
    // Its own filters would not select a monitor.down of this monitor; the escalation names it.
    const upOnly = await webhookIntegration(ctx, account.id, named.url, 's', { events: ['monitor.up'] });
    const otherScope = await webhookIntegration(ctx, account.id, namedScoped.url, 's', { monitorIds: [otherMonitor] });
    await webhookIntegration(ctx, account.id, notNamed.url, 's');
    const off = await webhookIntegration(ctx, account.id, namedInactive.url, 's', { isActive: false });
    const stranger = await createTestAccount(ctx);
    const foreign = await webhookIntegration(ctx, stranger.account.id, notNamed.url, 's');

    const event = alertEvent(account.id, {
      eventId: `incident-${incidentId}-escalation-1`,
      monitorId,
      incidentId,
      repeat: { kind: 'escalation', step: 1, integrationIds: [upOnly.id, otherScope.id, off.id, foreign.id] },
      data: {
        monitor: { id: monitorId, name: 'Checkout API', url: 'https://example.com/checkout', status: 'down' },
        incident_id: incidentId,
        cause: 'HTTP 503 Service Unavailable',
        started_at: '2026-11-21T10:00:00.000Z',
        resolved_at: null,
        duration_seconds: null,
        affected_checks: 3,
        alert_kind: 'escalation',
        escalation_step: 1,
      },
    });
    await ctx.queues.add(JobName.AlertEvent, event);

    const rows = await attemptsOf(event.eventId, (r) => r.length === 2 && r.every((x) => x.status === 'success'));
    expect(rows.map((r) => r.integrationId).sort((a, b) => Number(a) - Number(b))).toEqual([upOnly.id, otherScope.id]);
    expect(rows.every((r) => r.alertKind === 'escalation')).toBe(true);
    expect(named.requests).toHaveLength(1);
    expect(namedScoped.requests).toHaveLength(1);
    expect(notNamed.requests).toHaveLength(0);
    expect(namedInactive.requests).toHaveLength(0);
    expect((named.requests[0].json as { data: Record<string, unknown> }).data).toMatchObject({ alert_kind: 'escalation', escalation_step: 1, incident_id: incidentId });

    const incident = await ctx.db.getRepository(Incident).findOneByOrFail({ id: incidentId });
    expect(incident.alertsSent.map((a) => [a.integration_id, a.event, a.kind]).sort()).toEqual(
      [
        [upOnly.id, 'monitor.down', 'escalation'],
        [otherScope.id, 'monitor.down', 'escalation'],
      ].sort(),
    );
  });

  it('a reminder goes to the integrations the event selects, as the first alert did', async () => {
    const subscribed = await receiver();
    const other = await receiver();
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id);
    const incidentId = await insertIncident(ctx, account.id, monitorId);
    const hook = await webhookIntegration(ctx, account.id, subscribed.url, 's', { events: ['monitor.down'] });
    await webhookIntegration(ctx, account.id, other.url, 's', { events: ['monitor.up'] });
    const event = alertEvent(account.id, { eventId: `incident-${incidentId}-reminder-1`, monitorId, incidentId, repeat: { kind: 'reminder', number: 1 } });
    await ctx.queues.add(JobName.AlertEvent, event);
    const [row] = await attemptsOf(event.eventId, (r) => r.length === 1 && r[0].status === 'success');
    expect(row).toMatchObject({ integrationId: hook.id, alertKind: 'reminder' });
    expect(other.requests).toHaveLength(0);
    const incident = await ctx.db.getRepository(Incident).findOneByOrFail({ id: incidentId });
    expect(incident.alertsSent).toEqual([{ type: 'webhook', sent_at: expect.any(String), event: 'monitor.down', kind: 'reminder', integration_id: hook.id }]);
  });

  it('a delivery whose integration was deleted fails without a request', async () => {
    const r = await receiver();
    const { account } = await createTestAccount(ctx);
    const hook = await webhookIntegration(ctx, account.id, r.url, 's');
    const event = eventOf(account.id, 'scan.completed');
    // The delivery row alone (no job yet), then the integration goes, then the attempt runs.
    const deliveryId = (await createDelivery(ctx.db, {
      accountId: account.id,
      integrationId: hook.id,
      integrationType: 'webhook',
      envelope: { id: event.eventId, event: event.event, created_at: event.createdAt, data: event.data },
      monitorId: null,
      domainId: null,
      incidentId: null,
      alertKind: 'alert',
    }, ctx.clock.now()))!;
    await ctx.db.getRepository(Integration).delete({ id: hook.id });
    await ctx.queues.add(JobName.AlertDelivery, { deliveryId }, deliveryJobOptions(deliveryId, FAST));
    const [row] = await settled(event.eventId);
    expect(row).toMatchObject({ id: deliveryId, status: 'failed', error: 'Integration was deleted', integrationId: null, willRetry: false });
    expect(r.requests).toHaveLength(0);
  });

  it('secrets sealed under another key fail the delivery with a message saying so, without retry', async () => {
    const r = await receiver();
    const { account } = await createTestAccount(ctx);
    const hook = await webhookIntegration(ctx, account.id, r.url, 's');
    const foreign = createSecretBox('a-different-secret-key-0123456789abcdef').sealJson({ secret: 's' });
    await ctx.db.getRepository(Integration).update({ id: hook.id }, { secrets: foreign });
    const event = eventOf(account.id, 'scan.completed');
    await ctx.queues.add(JobName.AlertEvent, event);
    const rows = await settled(event.eventId);
    expect(rows.map((x) => [x.attempt, x.status, x.error])).toEqual([
      [1, 'failed', 'Integration secrets cannot be decrypted (was VIGIL_SECRET_KEY changed?)'],
    ]);
    expect(r.requests).toHaveLength(0);
  });
});

import { AlertDelivery, Incident, MaintenanceWindow, QueueName, type AlertEnvelope, type AlertEventName } from '@vigil/core';
import { createTestAccount, createTestContext, type TestContext, sampleEventData } from '@vigil/testing';
import { DELIVERY_BACKOFF, deliveryJobId, type RetryPolicy } from '../delivery/retry-policy.js';
import { alertEvent, downData, eventOf, insertDomain, insertIncident, insertIntegration, insertMonitor, webhookIntegration } from '../testing/fixtures.js';
import { fanOutAlertEvent } from './fan-out.js';

const policy: RetryPolicy = { attempts: 5, baseDelayMs: 1_000, jitter: 0.5 };

describe('fan-out of alert events (PostgreSQL + Redis, no worker)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  afterAll(() => ctx.teardown());

  const deliveriesOf = (eventId: string) =>
    ctx.db.getRepository(AlertDelivery).find({ where: { eventId }, order: { integrationId: 'ASC' } });

  it('reaches every active integration that subscribes and whose scope includes the monitor', async () => {
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id, { name: 'Checkout API', url: 'https://shop.example.com/health' });
    const otherMonitor = await insertMonitor(ctx, account.id);
    const url = 'http://127.0.0.1:9/hook';
    const everything = await webhookIntegration(ctx, account.id, url, 's1');
    const downOnly = await webhookIntegration(ctx, account.id, url, 's2', { events: ['monitor.down'] });
    const thisMonitor = await webhookIntegration(ctx, account.id, url, 's3', { monitorIds: [monitorId] });
    const domainScoped = await webhookIntegration(ctx, account.id, url, 's4', { domainIds: [12345] });
    await webhookIntegration(ctx, account.id, url, 's5', { events: ['monitor.up', 'certificate.expiring'] });
    await webhookIntegration(ctx, account.id, url, 's6', { monitorIds: [otherMonitor] });
    await webhookIntegration(ctx, account.id, url, 's7', { isActive: false });
    const someoneElse = await createTestAccount(ctx);
    await webhookIntegration(ctx, someoneElse.account.id, url, 's8');

    const event = alertEvent(account.id, { monitorId, data: downData({ id: monitorId, name: 'Checkout API', url: 'https://shop.example.com/health' }) });
    expect(await fanOutAlertEvent(ctx, event, policy)).toEqual({ deliveries: 4 });

    const rows = await deliveriesOf(event.eventId);
    expect(rows.map((r) => r.integrationId)).toEqual([everything.id, downOnly.id, thisMonitor.id, domainScoped.id]);
    for (const r of rows) {
      expect(r).toMatchObject({ accountId: account.id, attempt: 1, status: 'pending', event: 'monitor.down', monitorId, integrationType: 'webhook' });
      expect(r.deliveryId).toBe(r.id);
      const job = await ctx.queues.queue(QueueName.Alerts).getJob(deliveryJobId(r.id));
      expect(job?.data).toEqual({ deliveryId: r.id });
      expect(job?.opts.attempts).toBe(5);
      expect(job?.opts.backoff).toEqual({ type: DELIVERY_BACKOFF, delay: 1_000, jitter: 0.5 });
    }
    // The envelope is the producer's data plus the monitor's id.
    const envelope: AlertEnvelope = rows[0].payload;
    expect(envelope).toEqual({
      id: event.eventId,
      event: 'monitor.down',
      created_at: event.createdAt,
      data: {
        monitor: { id: monitorId, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
        checked_at: '2026-11-21T10:00:00.000Z',
        status_code: 503,
        error: 'HTTP 503 Service Unavailable',
        monitor_id: monitorId,
      },
    });
  });

  it('creates one delivery per integration even when the same event is fanned out twice', async () => {
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id);
    await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/a', 's');
    await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/b', 's');
    const event = alertEvent(account.id, { monitorId });
    await Promise.all([fanOutAlertEvent(ctx, event, policy), fanOutAlertEvent(ctx, event, policy)]);
    await fanOutAlertEvent(ctx, event, policy);
    const rows = await deliveriesOf(event.eventId);
    expect(rows).toHaveLength(2);
    const waiting = await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'active']);
    expect(waiting.filter((j) => rows.some((r) => j.id === deliveryJobId(r.id)))).toHaveLength(2);
  });

  it("domain events respect the domain's notifications_enabled and its scope", async () => {
    const { account } = await createTestAccount(ctx);
    const on = await insertDomain(ctx, account.id, { hostname: 'on.example.com' });
    const off = await insertDomain(ctx, account.id, { hostname: 'off.example.com', notificationsEnabled: false });
    const other = await insertDomain(ctx, account.id);
    const all = await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/a', 's');
    const scoped = await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/b', 's', { domainIds: [other] });
    await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/c', 's', { monitorIds: [999_999] });

    const muted = eventOf(account.id, 'certificate.expiring', { domainId: off, data: { ...sampleEventData['certificate.expiring'], days_until_expiry: 7 } });
    expect(await fanOutAlertEvent(ctx, muted, policy)).toEqual({ deliveries: 0 });
    expect(await deliveriesOf(muted.eventId)).toHaveLength(0);

    const heard = eventOf(account.id, 'certificate.expiring', { domainId: on, data: { ...sampleEventData['certificate.expiring'], days_until_expiry: 7 } });
    expect(await fanOutAlertEvent(ctx, heard, policy)).toEqual({ deliveries: 2 });
    const rows = await deliveriesOf(heard.eventId);
    expect(rows.map((r) => r.integrationId)).not.toContain(scoped.id);
    expect(rows[0].integrationId).toBe(all.id);
    expect(rows[0].payload.data.domain).toEqual({ id: on, hostname: 'on.example.com', port: 443 });
  });

  it('holds back grade changes and scan events of a domain under maintenance, never certificate notices', async () => {
    const { account } = await createTestAccount(ctx);
    const covered = await insertDomain(ctx, account.id, { hostname: 'covered.example.com' });
    const free = await insertDomain(ctx, account.id, { hostname: 'free.example.com' });
    await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/m', 's');
    const at = new Date('2026-06-01T11:00:00Z');
    await ctx.db.getRepository(MaintenanceWindow).save({
      accountId: account.id,
      title: 'TLS change',
      domainIds: [covered],
      startsAt: new Date('2026-06-01T10:00:00Z'),
      endsAt: new Date('2026-06-01T12:00:00Z'),
    });
    const event = (name: AlertEventName, domainId: number) => eventOf(account.id, name, { createdAt: at.toISOString(), domainId });

    expect(await fanOutAlertEvent(ctx, event('domain.grade_changed', covered), policy)).toEqual({ deliveries: 0 });
    expect(await fanOutAlertEvent(ctx, event('scan.completed', covered), policy)).toEqual({ deliveries: 0 });
    expect(await fanOutAlertEvent(ctx, event('headers.grade_changed', covered), policy)).toEqual({ deliveries: 0 });
    expect(await fanOutAlertEvent(ctx, event('certificate.expiring', covered), policy)).toEqual({ deliveries: 1 });
    expect(await fanOutAlertEvent(ctx, event('domain.grade_changed', free), policy)).toEqual({ deliveries: 1 });
    const after = eventOf(account.id, 'domain.grade_changed', { domainId: covered, createdAt: '2026-06-01T12:00:00.000Z' });
    expect(await fanOutAlertEvent(ctx, after, policy)).toEqual({ deliveries: 1 });
  });

  it("drops events about another account's or a deleted monitor or domain", async () => {
    const { account } = await createTestAccount(ctx);
    const stranger = await createTestAccount(ctx);
    const theirMonitor = await insertMonitor(ctx, stranger.account.id);
    const theirDomain = await insertDomain(ctx, stranger.account.id);
    await webhookIntegration(ctx, account.id, 'http://127.0.0.1:9/a', 's');
    expect(await fanOutAlertEvent(ctx, alertEvent(account.id, { monitorId: theirMonitor }), policy)).toEqual({ deliveries: 0 });
    expect(await fanOutAlertEvent(ctx, eventOf(account.id, 'certificate.expired', { domainId: theirDomain }), policy)).toEqual({
      deliveries: 0,
    });
    expect(await fanOutAlertEvent(ctx, alertEvent(account.id, { monitorId: 2_000_000_000 }), policy)).toEqual({ deliveries: 0 });
  });

  it('events about neither a monitor nor a domain reach every subscribed integration; the incident id is kept', async () => {
    const { account } = await createTestAccount(ctx);
    const monitorId = await insertMonitor(ctx, account.id);
    const incidentId = await insertIncident(ctx, account.id, monitorId);
    await insertIntegration(ctx, account.id, { type: 'email', config: { to: ['ops@example.com'] }, monitorIds: [monitorId] });
    const scan = eventOf(account.id, 'scan.completed', { data: { ...sampleEventData['scan.completed'], hostname: 'adhoc.example.com', grade: 'A' } });
    expect(await fanOutAlertEvent(ctx, scan, policy)).toEqual({ deliveries: 1 });
    const down = alertEvent(account.id, { monitorId, incidentId, data: downData({ id: monitorId, name: 'Checkout API', url: 'https://shop.example.com/health' }, incidentId) });
    await fanOutAlertEvent(ctx, down, policy);
    const [row] = await deliveriesOf(down.eventId);
    expect(row.incidentId).toBe(incidentId);
    expect(row.integrationType).toBe('email');
    expect(row.payload).toMatchObject({ event: 'monitor.down', data: { incident_id: incidentId } });
    // Fan-out alone records nothing on the incident: only successful deliveries do.
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: incidentId })).alertsSent).toEqual([]);
  });
});

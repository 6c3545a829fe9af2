import { Incident, MaintenanceWindow, monitoredTiers, QueueName, relayOutboxBatch, type AlertEventPayload, type Monitor } from '@vigil/core';
import { createTestContext, shiftDates, testClock, waitFor, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { sendIncidentRepeats } from './send-incident-repeats.js';

const START = '2026-03-29T00:50:00Z';
const T0 = new Date(shiftDates(START));
const clock = testClock(START);
const minutes = (m: number) => new Date(T0.getTime() + m * 60_000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());
beforeEach(() => clock.set(T0));
// Each test counts only its own incidents' alerts.
afterEach(() => ctx.db.query(`UPDATE incidents SET status = 'resolved' WHERE status = 'open'`));

const run = () => sendIncidentRepeats(ctx, monitoredTiers(ctx.config.tiers));

async function openIncident(over: Partial<Monitor> = {}): Promise<{ monitor: Monitor; incident: Incident }> {
  const monitor = await createMonitor(ctx, { status: 'down', alertThreshold: 1, ...over });
  const incident = await ctx.db.getRepository(Incident).save({
    monitorId: monitor.id,
    accountId: monitor.accountId,
    status: 'open' as const,
    startedAt: T0,
    cause: 'Unexpected status code 503 Service Unavailable',
    affectedChecks: 1,
  });
  return { monitor, incident };
}

/**
 * The AlertEvent jobs of an incident, once the outbox is relayed (the checker tests run no
 * notifier: they stay queued).
 */
async function jobsOf(incidentId: number): Promise<{ id: string; data: AlertEventPayload }[]> {
  await relayOutboxBatch(ctx.db, ctx.queues, { batch: 500, enqueueTimeoutMs: 5_000 });
  const jobs = await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((j) => j.id?.startsWith(`incident-${incidentId}-`))
    .map((j) => ({ id: String(j.id), data: j.data as AlertEventPayload }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
const ids = async (incidentId: number) => (await jobsOf(incidentId)).map((j) => j.id);
const reload = (id: number) => ctx.db.getRepository(Incident).findOneByOrFail({ id });

async function at(m: number) {
  clock.set(minutes(m));
  return run();
}

describe('reminders', () => {
  it('repeat the down alert every interval from the start, on the cadence of the start whatever the job phase', async () => {
    const { incident } = await openIncident({ reminderIntervalMinutes: 15 });
    await at(14);
    expect(await ids(incident.id)).toEqual([]);
    await at(15.5);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-reminder-1`]);
    await at(16);
    await at(29.9);
    expect(await ids(incident.id)).toHaveLength(1);
    await at(30.2);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-reminder-1`, `incident-${incident.id}-reminder-2`]);
    expect(await reload(incident.id)).toMatchObject({ remindersSent: 2, lastReminderAt: minutes(30), escalationStep: 0 });

    const [first] = await jobsOf(incident.id);
    expect(first.data).toMatchObject({
      eventId: `incident-${incident.id}-reminder-1`,
      event: 'monitor.down',
      incidentId: incident.id,
      repeat: { kind: 'reminder', number: 1 },
      createdAt: minutes(15.5).toISOString(),
      data: { alert_kind: 'reminder', reminder: 1, incident_id: incident.id, cause: incident.cause, started_at: T0.toISOString() },
    });
  });

  it('none without a reminder interval, and none once the incident is acknowledged or resolved', async () => {
    const silent = await openIncident();
    const acked = await openIncident({ reminderIntervalMinutes: 5 });
    const resolved = await openIncident({ reminderIntervalMinutes: 5 });
    await ctx.db.getRepository(Incident).update(acked.incident.id, { acknowledgedAt: minutes(1), acknowledgedBy: 'ops' });
    await ctx.db.getRepository(Incident).update(resolved.incident.id, { status: 'resolved', resolvedAt: minutes(2), durationSeconds: 120 });
    await at(600);
    for (const { incident } of [silent, acked, resolved]) expect(await ids(incident.id)).toEqual([]);
  });

  it('none while a maintenance window covers the monitor; what is owed goes out after it', async () => {
    const { monitor, incident } = await openIncident({ reminderIntervalMinutes: 10 });
    await ctx.db.getRepository(MaintenanceWindow).save({
      accountId: monitor.accountId,
      title: 'Migration',
      appliesToAll: false,
      monitorIds: [monitor.id],
      domainIds: [],
      startsAt: minutes(5),
      endsAt: minutes(40),
    });
    await at(10);
    await at(20);
    await at(39);
    expect(await ids(incident.id)).toEqual([]);
    await at(41);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-reminder-1`]);
    expect(await reload(incident.id)).toMatchObject({ remindersSent: 1, lastReminderAt: minutes(41) });
    await at(50);
    expect(await ids(incident.id)).toHaveLength(1);
    await at(51);
    expect(await ids(incident.id)).toHaveLength(2);
  });

  it('none for a paused or inactive monitor, or a deactivated account', async () => {
    const paused = await openIncident({ reminderIntervalMinutes: 5, status: 'paused' });
    const inactive = await openIncident({ reminderIntervalMinutes: 5, isActive: false });
    const gone = await openIncident({ reminderIntervalMinutes: 5 });
    await ctx.db.query('UPDATE accounts SET is_active = false WHERE id = $1', [gone.monitor.accountId]);
    await at(30);
    for (const { incident } of [paused, inactive, gone]) expect(await ids(incident.id)).toEqual([]);
  });

  it('a rerun of a due time whose progress was lost sends the same job ids: nothing is duplicated', async () => {
    const { incident } = await openIncident({ reminderIntervalMinutes: 5, escalation: [{ after_minutes: 5, integration_ids: [1] }] });
    await at(6);
    // As if the progress had been lost while its outbox messages were relayed.
    await ctx.db.getRepository(Incident).update(incident.id, { remindersSent: 0, lastReminderAt: null, escalationStep: 0 });
    await at(6);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-escalation-1`, `incident-${incident.id}-reminder-1`]);
  });
});

describe('escalation', () => {
  const STEPS = [
    { after_minutes: 10, integration_ids: [101] },
    { after_minutes: 30, integration_ids: [102, 103] },
    { after_minutes: 120, integration_ids: [104] },
  ];

  it('each step goes out once, at its after_minutes, carrying its integrations', async () => {
    const { incident } = await openIncident({ escalation: STEPS });
    await at(9.9);
    expect(await ids(incident.id)).toEqual([]);
    await at(10);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-escalation-1`]);
    await at(29);
    expect(await ids(incident.id)).toHaveLength(1);
    await at(31);
    const jobs = await jobsOf(incident.id);
    expect(jobs.map((j) => [j.id, j.data.repeat])).toEqual([
      [`incident-${incident.id}-escalation-1`, { kind: 'escalation', step: 1, integrationIds: [101] }],
      [`incident-${incident.id}-escalation-2`, { kind: 'escalation', step: 2, integrationIds: [102, 103] }],
    ]);
    expect(jobs[1].data.data).toMatchObject({ alert_kind: 'escalation', escalation_step: 2 });
    expect(await reload(incident.id)).toMatchObject({ escalationStep: 2, remindersSent: 0 });
  });

  it('steps overdue together (the job was down) all go out in one run, in order', async () => {
    const { incident } = await openIncident({ escalation: STEPS });
    expect(await at(500)).toEqual({ reminders: 0, escalations: 3 });
    expect(await ids(incident.id)).toEqual([1, 2, 3].map((s) => `incident-${incident.id}-escalation-${s}`));
    expect(await at(600)).toEqual({ reminders: 0, escalations: 0 });
  });

  it('acknowledgement stops the steps not sent yet', async () => {
    const { incident } = await openIncident({ escalation: STEPS });
    await at(15);
    await ctx.db.getRepository(Incident).update(incident.id, { acknowledgedAt: minutes(16), acknowledgedBy: 'ops' });
    await at(200);
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-escalation-1`]);
  });
});

describe('acknowledgement racing a reminder', () => {
  /** Until `n` sessions wait for a row lock on incidents (so the order of arrival is known). */
  const lockWaiters = (n: number) =>
    waitFor(async () => {
      const [{ count }] = (await ctx.db.query(
        `SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%incidents%'`,
      )) as { count: number }[];
      return count >= n;
    }, { what: `${n} sessions waiting for the incident lock` });

  /** Runs `sql` in a transaction of its own connection and keeps it open (and its locks held) until commit() is called. */
  async function heldTransaction(sql: string, params: unknown[]) {
    const runner = ctx.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query(sql, params);
    return async () => {
      await runner.commitTransaction();
      await runner.release();
    };
  }

  const acknowledge = (id: number) =>
    ctx.db.query(`UPDATE incidents SET acknowledged_at = $2, acknowledged_by = 'ops' WHERE id = $1 AND acknowledged_at IS NULL`, [id, clock.now()]);

  it('acknowledgement committed first: the job, waiting on the row, re-reads it and sends nothing', async () => {
    const { incident } = await openIncident({ reminderIntervalMinutes: 5 });
    clock.set(minutes(6));
    const commitAck = await heldTransaction(`UPDATE incidents SET acknowledged_at = $2, acknowledged_by = 'ops' WHERE id = $1`, [incident.id, clock.now()]);
    const job = run();
    await lockWaiters(1);
    await commitAck();
    expect(await job).toEqual({ reminders: 0, escalations: 0 });
    expect(await ids(incident.id)).toEqual([]);
    expect(await reload(incident.id)).toMatchObject({ acknowledgedBy: 'ops', remindersSent: 0 });
  });

  it('job first: the reminder goes out once and the acknowledgement, waiting behind it, is still recorded', async () => {
    const { incident } = await openIncident({ reminderIntervalMinutes: 5 });
    clock.set(minutes(6));
    const release = await heldTransaction('SELECT id FROM incidents WHERE id = $1 FOR UPDATE', [incident.id]);
    const job = run();
    await lockWaiters(1);
    const ack = acknowledge(incident.id);
    await lockWaiters(2);
    await release();
    expect(await job).toEqual({ reminders: 1, escalations: 0 });
    await ack;
    expect(await ids(incident.id)).toEqual([`incident-${incident.id}-reminder-1`]);
    expect(await reload(incident.id)).toMatchObject({ acknowledgedBy: 'ops', acknowledgedAt: minutes(6), remindersSent: 1 });
    await at(60);
    expect(await ids(incident.id)).toHaveLength(1);
  });
});

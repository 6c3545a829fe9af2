import request from 'supertest';
import { createApp } from '@vigil/api';
import { Incident, Integration } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { MONITOR_INPUT_MESSAGES as M } from './monitor-input.js';

const START = '2026-11-21T10:30:00Z';
const T0 = new Date(shiftDates(START));
const clock = testClock(START);
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({
        free: { requestsPerMinute: 100_000 },
        pro: { requestsPerMinute: 100_000, requestsPerDay: null },
      }),
    },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());
beforeEach(() => clock.set(T0));

let n = 0;
const uniqueUrl = () => `https://policy-${++n}.example.com/health`;
const BASE = '/api/v1/uptime/monitors';

async function create(account: TestAccount, body: Record<string, unknown> = {}) {
  const res = await request(app).post(BASE).set(account.auth).send({ name: 'Site', url: uniqueUrl(), ...body });
  expect(res.status).toBe(201);
  return res.body.monitor as { id: number };
}

const integration = (accountId: number) =>
  ctx.db.getRepository(Integration).save({ accountId, type: 'webhook' as const, name: 'Pager', config: { url: 'https://hooks.example.com/x' }, secrets: null, events: [], monitorIds: [], domainIds: [], isActive: true });

const openIncident = (account: TestAccount, monitorId: number, over: Partial<Incident> = {}) =>
  ctx.db.getRepository(Incident).save({
    monitorId,
    accountId: account.account.id,
    status: 'open' as const,
    startedAt: new Date(T0.getTime() - 600_000),
    cause: 'Timeout after 30 s',
    affectedChecks: 2,
    ...over,
  });

describe('policy fields on create, update and detail', () => {
  it('default to today\'s behaviour: recovery_threshold 1, no reminders, no escalation', async () => {
    const m = await create(pro);
    const detail = await request(app).get(`${BASE}/${m.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ recovery_threshold: 1, reminder_interval_minutes: null, escalation: [] });
  });

  it('are stored, shown in detail and echoed by an update', async () => {
    const [a, b] = [await integration(pro.account.id), await integration(pro.account.id)];
    const escalation = [
      { after_minutes: 15, integration_ids: [a.id] },
      { after_minutes: 60, integration_ids: [a.id, b.id] },
    ];
    const m = await create(pro, { recovery_threshold: 3, reminder_interval_minutes: 30, escalation });
    const detail = await request(app).get(`${BASE}/${m.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ recovery_threshold: 3, reminder_interval_minutes: 30, escalation });

    const upd = await request(app).patch(`${BASE}/${m.id}`).set(pro.auth).send({ recovery_threshold: 2, reminder_interval_minutes: null, escalation: null });
    expect(upd.status).toBe(200);
    expect(upd.body.monitor).toMatchObject({ recovery_threshold: 2, reminder_interval_minutes: null, escalation: [] });
    expect(Object.keys(upd.body.monitor).sort()).toEqual(['escalation', 'id', 'name', 'recovery_threshold', 'reminder_interval_minutes', 'updated_at']);
  });

  it.each([
    [{ recovery_threshold: 0 }, M.recoveryThreshold],
    [{ recovery_threshold: 11 }, M.recoveryThreshold],
    [{ recovery_threshold: 1.5 }, M.recoveryThreshold],
    [{ recovery_threshold: '2' }, M.recoveryThreshold],
    [{ reminder_interval_minutes: 4 }, M.reminderInterval],
    [{ reminder_interval_minutes: 1441 }, M.reminderInterval],
    [{ reminder_interval_minutes: '30' }, M.reminderInterval],
    [{ escalation: {} }, M.escalation],
    [{ escalation: [{ after_minutes: 10 }] }, M.escalation],
    [{ escalation: [{ after_minutes: 0, integration_ids: [1] }] }, M.escalation],
    [{ escalation: [{ after_minutes: 10081, integration_ids: [1] }] }, M.escalation],
    [{ escalation: [{ after_minutes: 10, integration_ids: [] }] }, M.escalation],
    [{ escalation: [{ after_minutes: 10, integration_ids: [1, 1] }] }, M.escalation],
    [{ escalation: [{ after_minutes: 10, integration_ids: ['1'] }] }, M.escalation],
    [
      {
        escalation: [
          { after_minutes: 10, integration_ids: [1] },
          { after_minutes: 10, integration_ids: [1] },
        ],
      },
      M.escalation,
    ],
    [{ escalation: Array.from({ length: 6 }, (_, i) => ({ after_minutes: i + 1, integration_ids: [1] })) }, M.escalation],
  ])('400 on create and update: %j', async (body, message) => {
    const res = await request(app).post(BASE).set(pro.auth).send({ name: 'Bad', url: uniqueUrl(), ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    const m = await create(pro);
    const upd = await request(app).put(`${BASE}/${m.id}`).set(pro.auth).send(body);
    expect(upd.status).toBe(400);
    expect(upd.body).toEqual({ error: message });
  });

  it("escalation may name only the account's own integrations", async () => {
    const mine = await integration(pro.account.id);
    const theirs = await integration(other.account.id);
    const body = { escalation: [{ after_minutes: 5, integration_ids: [mine.id, theirs.id, 2_000_000_000] }] };
    const res = await request(app).post(BASE).set(pro.auth).send({ name: 'X', url: uniqueUrl(), ...body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Invalid escalation: no such integration: ${theirs.id}, 2000000000` });
    const m = await create(pro);
    const upd = await request(app).patch(`${BASE}/${m.id}`).set(pro.auth).send(body);
    expect(upd.body).toEqual({ error: `Invalid escalation: no such integration: ${theirs.id}, 2000000000` });
  });

  it('every field is in the OpenAPI document of create and update', async () => {
    const doc = (await request(app).get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } }>>;
    };
    for (const method of ['post', 'patch', 'put']) {
      const path = method === 'post' ? BASE : `${BASE}/{id}`;
      const props = doc.paths[path][method].requestBody?.content['application/json'].schema.properties ?? {};
      expect(Object.keys(props)).toEqual(expect.arrayContaining(['recovery_threshold', 'reminder_interval_minutes', 'escalation']));
    }
    expect(doc.paths[`${BASE}/{id}/incidents/{incident_id}/acknowledge`].post).toBeDefined();
    expect(doc.paths[`${BASE}/{id}/incidents/{incident_id}`].get).toBeDefined();
  });
});

describe('POST .../incidents/{incident_id}/acknowledge', () => {
  const ackPath = (monitorId: number, incidentId: number | string) => `${BASE}/${monitorId}/incidents/${incidentId}/acknowledge`;

  it("records the API key's name and the time, answers the incident, and is idempotent", async () => {
    const named = await request(app).post('/api/v1/api-keys').set(pro.auth).send({ name: 'on-call bot' });
    expect(named.status).toBe(201);
    const auth = { Authorization: `Bearer ${named.body.key as string}` };
    const m = await create(pro);
    const incident = await openIncident(pro, m.id);

    clock.set(new Date(T0.getTime() + 5_000));
    const res = await request(app).post(ackPath(m.id, incident.id)).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      incident: expect.objectContaining({
        id: incident.id,
        status: 'open',
        acknowledged_at: shiftDates('2026-11-21T10:30:05.000Z'),
        acknowledged_by: 'on-call bot',
      }),
      message: 'Incident acknowledged',
    });
    // On-call tools and chat follow: one incident.acknowledged event, written to the outbox with the acknowledgement.
    const outbox = (await ctx.db.query(`SELECT job_name, payload FROM outbox WHERE job_id = $1`, [`incident-${incident.id}-acknowledged`])) as {
      job_name: string;
      payload: unknown;
    }[];
    expect(outbox).toEqual([
      {
        job_name: 'alert-event',
        payload: {
          eventId: `incident-${incident.id}-acknowledged`,
          accountId: pro.account.id,
          event: 'incident.acknowledged',
          createdAt: shiftDates('2026-11-21T10:30:05.000Z'),
          monitorId: m.id,
          incidentId: incident.id,
          data: {
            monitor: { id: m.id, name: 'Site', url: expect.stringMatching(/^https:\/\/policy-/), status: 'pending' },
            incident_id: incident.id,
            cause: 'Timeout after 30 s',
            started_at: shiftDates('2026-11-21T10:20:00.000Z'),
            resolved_at: null,
            duration_seconds: null,
            affected_checks: 2,
            acknowledged_at: shiftDates('2026-11-21T10:30:05.000Z'),
            acknowledged_by: 'on-call bot',
            acknowledged_via: 'api',
          },
        },
      },
    ]);

    clock.set(new Date(T0.getTime() + 60_000));
    const again = await request(app).post(ackPath(m.id, incident.id)).set(pro.auth);
    expect(again.status).toBe(200);
    expect(again.body.incident).toMatchObject({ acknowledged_at: shiftDates('2026-11-21T10:30:05.000Z'), acknowledged_by: 'on-call bot' });
    expect(again.body.message).toBe('Incident already acknowledged');
    expect(await ctx.db.query(`SELECT 1 FROM outbox WHERE job_id = $1`, [`incident-${incident.id}-acknowledged`])).toHaveLength(1);

    // Still answered the same once resolved.
    await ctx.db.getRepository(Incident).update(incident.id, { status: 'resolved', resolvedAt: T0, durationSeconds: 600 });
    expect((await request(app).post(ackPath(m.id, incident.id)).set(pro.auth)).status).toBe(200);
  });

  it('concurrent acknowledgements of one incident (their first reads shared): one acknowledges, the others answer it, one entry and one event', async () => {
    const m = await create(pro);
    const incident = await openIncident(pro, m.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(app).post(ackPath(m.id, incident.id)).set(pro.auth)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(answers.map((r) => r.body.message as string).sort()).toEqual(['Incident acknowledged', ...Array(7).fill('Incident already acknowledged')]);
    expect(new Set(answers.map((r) => r.body.incident.acknowledged_at as string)).size).toBe(1);
    const entries = await ctx.db.query(`SELECT 1 FROM audit_log WHERE resource_type = 'incident' AND resource_id = $1 AND action = 'acknowledge'`, [String(incident.id)]);
    expect(entries).toHaveLength(1);
    expect(await ctx.db.query(`SELECT 1 FROM outbox WHERE job_id = $1`, [`incident-${incident.id}-acknowledged`])).toHaveLength(1);
    // Another account naming the incident shares nothing: 404.
    expect((await request(app).post(ackPath(m.id, incident.id)).set(other.auth)).status).toBe(404);
  });

  it('shows in the incidents list and the incident detail', async () => {
    const m = await create(pro);
    const incident = await openIncident(pro, m.id, {
      alertsSent: [
        { type: 'webhook', sent_at: shiftDates('2026-11-21T10:20:01.000Z') },
        { type: 'slack', sent_at: shiftDates('2026-11-21T10:35:00.000Z'), event: 'monitor.down', kind: 'reminder', integration_id: 7 },
      ],
    });
    const list = await request(app).get(`${BASE}/${m.id}/incidents`).set(pro.auth);
    expect(list.body.incidents[0]).toMatchObject({ id: incident.id, acknowledged_at: null, acknowledged_by: null });
    await request(app).post(ackPath(m.id, incident.id)).set(pro.auth).expect(200);
    const after = await request(app).get(`${BASE}/${m.id}/incidents`).set(pro.auth);
    expect(after.body.incidents[0]).toMatchObject({ acknowledged_at: T0.toISOString(), acknowledged_by: 'default' });
    expect(after.body.incidents[0].alerts_sent).toEqual([
      { type: 'webhook', sent_at: shiftDates('2026-11-21T10:20:01.000Z'), kind: 'alert' },
      { type: 'slack', sent_at: shiftDates('2026-11-21T10:35:00.000Z'), event: 'monitor.down', kind: 'reminder', integration_id: 7 },
    ]);
    const detail = await request(app).get(`${BASE}/${m.id}/incidents/${incident.id}`).set(pro.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.incident).toEqual(after.body.incidents[0]);
  });

  it('409 for a resolved incident nobody acknowledged', async () => {
    const m = await create(pro);
    const incident = await openIncident(pro, m.id, { status: 'resolved', resolvedAt: T0, durationSeconds: 600 });
    const res = await request(app).post(ackPath(m.id, incident.id)).set(pro.auth);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Incident is already resolved' });
  });

  it("404 for another account's monitor, a missing incident, or another monitor's incident", async () => {
    const m = await create(pro);
    const sibling = await create(pro);
    const incident = await openIncident(pro, m.id);
    const theirs = await create(other);
    const theirIncident = await openIncident(other, theirs.id);

    const cases: [string, string][] = [
      [ackPath(theirs.id, theirIncident.id), 'Monitor not found'],
      [ackPath(999_999, incident.id), 'Monitor not found'],
      [ackPath(m.id, 999_999), 'Incident not found'],
      [ackPath(m.id, 'abc'), 'Incident not found'],
      [ackPath(m.id, theirIncident.id), 'Incident not found'],
      [ackPath(sibling.id, incident.id), 'Incident not found'],
    ];
    for (const [path, error] of cases) {
      const res = await request(app).post(path).set(pro.auth);
      expect([path, res.status, res.body]).toEqual([path, 404, { error }]);
    }
    expect((await request(app).get(`${BASE}/${m.id}/incidents/999999`).set(pro.auth)).body).toEqual({ error: 'Incident not found' });
    expect((await ctx.db.getRepository(Incident).findOneByOrFail({ id: theirIncident.id })).acknowledgedAt).toBeNull();
  });

  it('403 on the free plan', async () => {
    const free = await createTestAccount(ctx, 'free');
    const res = await request(app).post(ackPath(1, 1)).set(free.auth);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Feature not available');
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { fieldDiff, maintenanceWindowOfAccount, ManualClock, RRULE_NEVER_FIRES, snapshotOf } from '@vigil/core';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

const clock = new ManualClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let other: TestAccount;
let monitorId: number;
let foreignMonitorId: number;

const PATH = '/api/v1/maintenance-windows';

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null } }) },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'pro');
  const mine = await request(app).post('/api/v1/uptime/monitors').set(pro.auth).send({ name: 'Site', url: 'https://maint-a.example.com/' });
  const theirs = await request(app).post('/api/v1/uptime/monitors').set(other.auth).send({ name: 'Site', url: 'https://maint-b.example.com/' });
  monitorId = mine.body.monitor.id;
  foreignMonitorId = theirs.body.monitor.id;
});
afterAll(() => ctx.teardown());

const create = (body: Record<string, unknown>, account = pro) => request(app).post(PATH).set(account.auth).send(body);

describe('POST /api/v1/maintenance-windows', () => {
  it('creates a one-off window and shows when it happens', async () => {
    const res = await create({ title: ' DB upgrade ', monitor_ids: [monitorId], starts_at: '2026-11-22T01:00:00Z', ends_at: '2026-11-22T03:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      maintenance_window: {
        id: expect.any(Number),
        title: 'DB upgrade',
        description: null,
        applies_to_all: false,
        monitor_ids: [monitorId],
        domain_ids: [],
        starts_at: '2026-11-22T01:00:00.000Z',
        ends_at: '2026-11-22T03:00:00.000Z',
        rrule: null,
        duration_minutes: null,
        timezone: 'UTC',
        keep_checking: true,
        active: false,
        current_occurrence: null,
        next_occurrences: [{ starts_at: '2026-11-22T01:00:00.000Z', ends_at: '2026-11-22T03:00:00.000Z' }],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Maintenance window created',
    });
  });

  it('reads a recurring window on the wall clock of its zone (no offset = local time), across DST changes', async () => {
    const res = await create({
      title: 'Sunday deploys',
      applies_to_all: true,
      starts_at: '2026-03-01T02:30:00',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=SU',
      duration_minutes: 60,
      timezone: 'America/New_York',
      keep_checking: false,
    });
    expect(res.status).toBe(201);
    const w = res.body.maintenance_window;
    expect(w.starts_at).toBe('2026-03-01T07:30:00.000Z'); // 02:30 EST
    // Still 02:30 on the wall clock after summer time (EDT) has come and gone.
    expect(w.rrule).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(w.keep_checking).toBe(false);
    expect(w.next_occurrences.map((o: { starts_at: string }) => o.starts_at)).toEqual([
      '2026-11-22T07:30:00.000Z',
      '2026-11-29T07:30:00.000Z',
      '2026-12-06T07:30:00.000Z',
      '2026-12-13T07:30:00.000Z',
      '2026-12-20T07:30:00.000Z',
    ]);
  });

  it('is active while an occurrence is under way', async () => {
    const res = await create({ title: 'Now', monitor_ids: [monitorId], starts_at: '2026-11-21T10:00:00Z', ends_at: '2026-11-21T11:00:00Z' });
    expect(res.body.maintenance_window).toMatchObject({
      active: true,
      current_occurrence: { starts_at: '2026-11-21T10:00:00.000Z', ends_at: '2026-11-21T11:00:00.000Z' },
    });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${monitorId}`).set(pro.auth);
    expect(detail.body.monitor.in_maintenance).toBe(true);
    const list = await request(app).get('/api/v1/uptime/monitors').set(pro.auth);
    expect(list.body.monitors.find((m: { id: number }) => m.id === monitorId).in_maintenance).toBe(true);
    const status = await request(app).get('/api/v1/uptime/status').set(pro.auth);
    expect(status.body.monitors.find((m: { id: number }) => m.id === monitorId).in_maintenance).toBe(true);
    const theirs = await request(app).get(`/api/v1/uptime/monitors/${foreignMonitorId}`).set(other.auth);
    expect(theirs.body.monitor.in_maintenance).toBe(false);
  });

  it.each([
    [{}, 'Invalid title: must be a string of 1 to 200 characters'],
    [{ title: 'x', starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T01:00:00Z' }, 'Invalid scope: give monitor_ids or domain_ids, or applies_to_all: true'],
    [{ title: 'x', applies_to_all: true, ends_at: '2026-12-01T01:00:00Z' }, 'Invalid starts_at: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01' , ends_at: '2026-12-02T00:00:00Z' }, 'Invalid starts_at: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-02-30T00:00:00Z', ends_at: '2026-12-02T00:00:00Z' }, 'Invalid starts_at: must be an ISO 8601 date-time, e.g. 2026-12-06T02:00:00Z'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z' }, 'Invalid ends_at: a one-off window needs starts_at and ends_at (or give rrule and duration_minutes)'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T02:00:00Z', ends_at: '2026-12-01T01:00:00Z' }, 'Invalid ends_at: must be after starts_at'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T02:00:00Z', ends_at: '2028-12-01T01:00:00Z' }, 'Invalid ends_at: a one-off window lasts at most 366 days'],
    [
      { title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T01:00:00Z', rrule: 'FREQ=DAILY', duration_minutes: 5 },
      'Invalid window: give ends_at for a one-off window or rrule with duration_minutes for a recurring one, not both',
    ],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=DAILY' }, 'Invalid duration_minutes: a recurring window needs rrule and duration_minutes'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', duration_minutes: 5 }, 'Invalid rrule: a recurring window needs rrule and duration_minutes'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=MINUTELY', duration_minutes: 5 }, 'Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'nonsense', duration_minutes: 5 }, 'Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=DAILY', duration_minutes: 0 }, 'Invalid duration_minutes: must be an integer from 1 to 10080'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=DAILY', duration_minutes: 5, timezone: 'Mars/Base' }, 'Invalid timezone: must be an IANA time zone name, e.g. Europe/Berlin'],
    [{ title: 'x', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', duration_minutes: 5 }, RRULE_NEVER_FIRES],
    [{ title: 'x', applies_to_all: true, starts_at: '2020-12-01T00:00:00Z', rrule: 'FREQ=DAILY;COUNT=3', duration_minutes: 5 }, RRULE_NEVER_FIRES],
    [{ title: 'x', applies_to_all: 'yes' }, 'Invalid applies_to_all: must be a boolean'],
    [{ title: 'x', monitor_ids: [1, 1] }, 'Invalid monitor_ids: must be a list of at most 1000 distinct monitor ids'],
  ])('refuses %p with 400 %p', async (body, error) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('checks that a changed rule still occurs, and leaves an unchanged schedule alone', async () => {
    // A sparse rule that still occurs within the look-ahead is taken.
    const created = await create({ title: 'Yearly', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', rrule: 'FREQ=YEARLY;INTERVAL=4', duration_minutes: 5 });
    expect(created.status).toBe(201);
    const path = `${PATH}/${created.body.maintenance_window.id}`;
    const never = await request(app).patch(path).set(pro.auth).send({ rrule: 'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31' });
    expect(never.status).toBe(400);
    expect(never.body).toEqual({ error: RRULE_NEVER_FIRES });
    expect((await request(app).patch(path).set(pro.auth).send({ title: 'Renamed' })).status).toBe(200);
    await request(app).delete(path).set(pro.auth);
  });

  it("refuses another account's monitor as missing", async () => {
    const res = await create({ title: 'x', monitor_ids: [foreignMonitorId], starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T01:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Invalid monitor_ids: no such monitor: ${foreignMonitorId}` });
  });

  it('holds the cap of 100 windows under concurrent creates', async () => {
    const full = await createTestAccount(ctx, 'pro');
    await ctx.db.query(
      `INSERT INTO maintenance_windows (account_id, title, applies_to_all, starts_at, ends_at)
       SELECT $1, 'Planned ' || g, true, '2026-12-01T00:00:00Z', '2026-12-01T01:00:00Z' FROM generate_series(1, 97) g`,
      [full.account.id],
    );
    const body = { title: 'Race', applies_to_all: true, starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T01:00:00Z' };
    const results = await Promise.all(Array.from({ length: 6 }, () => create(body, full)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
    expect(results.find((r) => r.status === 403)?.body).toEqual({ error: 'Maintenance window limit reached', limit: 100, current: 100, remaining: 0 });
    const [{ n }] = (await ctx.db.query('SELECT count(*)::int AS n FROM maintenance_windows WHERE account_id = $1', [full.account.id])) as { n: number }[];
    expect(n).toBe(100);
  });
});

describe('GET, PUT/PATCH and DELETE /api/v1/maintenance-windows/{id}', () => {
  it('reads, updates partially (switching kinds), lists and deletes; another account sees 404', async () => {
    const created = await create({ title: 'Weekly', monitor_ids: [monitorId], starts_at: '2026-11-23T00:00:00Z', rrule: 'FREQ=DAILY', duration_minutes: 30 });
    const id = created.body.maintenance_window.id as number;

    const got = await request(app).get(`${PATH}/${id}`).set(pro.auth);
    expect(got.status).toBe(200);
    expect(got.body.maintenance_window.id).toBe(id);
    expect((await request(app).get(`${PATH}/${id}`).set(other.auth)).body).toEqual({ error: 'Maintenance window not found' });
    expect((await request(app).get(`${PATH}/abc`).set(pro.auth)).status).toBe(404);

    const renamed = await request(app).patch(`${PATH}/${id}`).set(pro.auth).send({ title: 'Nightly', description: 'backups' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ maintenance_window: { title: 'Nightly', description: 'backups', rrule: 'FREQ=DAILY', duration_minutes: 30 }, message: 'Maintenance window updated' });

    const oneOff = await request(app).put(`${PATH}/${id}`).set(pro.auth).send({ ends_at: '2026-11-23T05:00:00Z' });
    expect(oneOff.status).toBe(200);
    expect(oneOff.body.maintenance_window).toMatchObject({ rrule: null, duration_minutes: null, ends_at: '2026-11-23T05:00:00.000Z' });

    expect((await request(app).patch(`${PATH}/${id}`).set(pro.auth).send({})).body).toEqual({ error: 'Invalid request body: give at least one field to update' });
    expect((await request(app).patch(`${PATH}/${id}`).set(other.auth).send({ title: 'x' })).status).toBe(404);

    const list = await request(app).get(`${PATH}?per_page=2&page=1`).set(pro.auth);
    expect(list.status).toBe(200);
    expect(list.body.maintenance_windows).toHaveLength(2);
    expect(list.body.pagination).toMatchObject({ page: 1, per_page: 2 });
    const theirs = await request(app).get(PATH).set(other.auth);
    expect(theirs.body.maintenance_windows).toEqual([]);

    expect((await request(app).delete(`${PATH}/${id}`).set(other.auth)).status).toBe(404);
    const deleted = await request(app).delete(`${PATH}/${id}`).set(pro.auth);
    expect(deleted.body).toEqual({ message: 'Maintenance window deleted', deleted_maintenance_window_id: id });
    expect((await request(app).get(`${PATH}/${id}`).set(pro.auth)).status).toBe(404);
  });
});

describe('audit entries of a create and a delete (one statement each, issue 35)', () => {
  it('tell the window as recordAudit told its entity: every field on create, the same on delete', async () => {
    const created = await create({ title: 'Told', description: 'why', domain_ids: [], monitor_ids: [monitorId], starts_at: '2026-11-24T00:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=MO', duration_minutes: 45, timezone: 'Europe/Berlin' });
    const id = created.body.maintenance_window.id as number;
    const window = await maintenanceWindowOfAccount(ctx.db, pro.account.id, id);
    if (!window) throw new Error('window not saved');
    const entries = async () =>
      (await ctx.db.query(`SELECT action, changes FROM audit_log WHERE resource_type = 'maintenance_window' AND resource_id = $1 ORDER BY id`, [String(id)])) as { action: string; changes: unknown }[];
    expect(await entries()).toEqual([{ action: 'create', changes: fieldDiff(null, snapshotOf(ctx.db.manager, window)) }]);

    expect((await request(app).delete(`${PATH}/${id}`).set(pro.auth)).status).toBe(200);
    expect((await entries())[1]).toEqual({ action: 'delete', changes: fieldDiff(snapshotOf(ctx.db.manager, window), null) });
  });
});

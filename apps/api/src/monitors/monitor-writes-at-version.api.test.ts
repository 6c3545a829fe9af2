import request from 'supertest';
import { createApp } from '@vigil/api';
import { fieldDiff, readMonitorOfAccount, snapshotOf } from '@vigil/core';
import { monitorWriteContention } from './write-contention.js';
import { bucketsOfMonitor, createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

// A tier without a monitor limit: creates, updates, pauses, resumes and deletes each write their
// row, entry and schedule change in one statement (issue 35). Their entries and schedules are
// those of the transaction they replace.
let ctx: TestContext;
let account: TestAccount;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createTestAccount(ctx, 'enterprise');
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

const entriesOf = async (id: number) =>
  ctx.db.query<{ action: string; changes: Record<string, { before: unknown; after: unknown }>; key_name: string }[]>(
    `SELECT action, changes, key_name FROM audit_log WHERE account_id = $1 AND resource_type = 'monitor' AND resource_id = $2 ORDER BY id`,
    [account.account.id, String(id)],
  );
const rowOf = async (id: number) => {
  const row = await readMonitorOfAccount(ctx.db, id, account.account.id, false);
  if (!row) throw new Error(`monitor ${id} missing`);
  return row;
};
const intervalsOf = async (id: number) => (await bucketsOfMonitor(ctx, id)).map((b) => b.everyMs / 1000);

it('a create\'s entry tells the row as created (the fields given and those the database fills); it is scheduled', async () => {
  for (const body of [
    { name: 'plain', url: 'https://at-once-1.example.com/' },
    {
      name: 'full',
      url: 'https://at-once-2.example.com/x',
      check_interval: 600,
      headers: { Authorization: 'Bearer s3cret', 'X-A': '1' },
      expected_status_codes: [200, 301],
      assertions: [{ source: 'status_code', operator: 'less_than', value: 400 }, { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' }],
      follow_redirects: false,
    },
    { name: 'tcp', type: 'tcp', config: { host: 'db.at-once.example.com', port: 5432 } },
  ]) {
    const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send(body);
    expect(res.status).toBe(201);
    const id = res.body.monitor.id as number;
    const row = await rowOf(id);
    const [entry, ...more] = await entriesOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'create', key_name: 'default' });
    expect(entry.changes).toEqual(fieldDiff(null, snapshotOf(ctx.db.manager, row)));
    expect(await intervalsOf(id)).toEqual([row.checkInterval]);
  }
});

it('pause, resume, update and delete answer and record as before; the schedule follows', async () => {
  const created = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'cycle', url: 'https://at-once-3.example.com/' });
  const id = created.body.monitor.id as number;

  const paused = await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth);
  expect(paused.status).toBe(200);
  const row = await rowOf(id);
  expect(paused.body.monitor).toEqual({ id, status: 'paused', paused_at: row.pausedAt?.toISOString() });
  expect(await intervalsOf(id)).toEqual([]);
  // Pausing again changes nothing and records nothing.
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)).body.monitor.paused_at).toBe(row.pausedAt?.toISOString());

  const resumed = await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth);
  expect(resumed.status).toBe(200);
  expect(resumed.body.monitor).toEqual({ id, status: 'up', resumed_at: (await rowOf(id)).resumedAt?.toISOString() });
  expect((await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth)).status).toBe(409);
  expect(await intervalsOf(id)).toEqual([300]);

  const renamed = await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ name: 'renamed', check_interval: 600 });
  expect(renamed.status).toBe(200);
  expect(renamed.body.monitor).toEqual({ id, name: 'renamed', check_interval: 600, updated_at: (await rowOf(id)).updatedAt.toISOString() });
  expect(await intervalsOf(id)).toEqual([600]);
  // The same fields again: no entry.
  expect((await request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ name: 'renamed' })).status).toBe(200);

  const before = await rowOf(id);
  expect((await request(app).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth)).body).toEqual({ message: 'Monitor deleted', deleted_monitor_id: id });
  expect(await intervalsOf(id)).toEqual([]);
  expect((await request(app).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth)).status).toBe(404);

  const entries = await entriesOf(id);
  expect(entries.map((e) => e.action)).toEqual(['create', 'pause', 'resume', 'update', 'delete']);
  expect(entries[1].changes).toEqual({ status: { before: 'pending', after: 'paused' }, paused_at: { before: null, after: row.pausedAt?.toISOString() } });
  expect(Object.keys(entries[2].changes).sort()).toEqual(['paused_at', 'resumed_at', 'status']);
  expect(entries[3].changes).toEqual({ name: { before: 'cycle', after: 'renamed' }, check_interval: { before: 300, after: 600 } });
  expect(entries[4].changes).toEqual(fieldDiff(snapshotOf(ctx.db.manager, before), null));
});

it('another account\'s monitor answers 404 to each write', async () => {
  const other = await createTestAccount(ctx, 'enterprise');
  const id = (await request(app).post('/api/v1/uptime/monitors').set(other.auth).send({ name: 'theirs', url: 'https://at-once-4.example.com/' })).body.monitor.id as number;
  for (const res of [
    await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth),
    await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth),
    await request(app).patch(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ name: 'x' }),
    await request(app).delete(`/api/v1/uptime/monitors/${id}`).set(account.auth),
  ]) expect(res.status).toBe(404);
  expect((await readMonitorOfAccount(ctx.db, id, other.account.id, false))?.name).toBe('theirs');
});

it('concurrent writes of one monitor in one process take turns: each writes at the version it read (no miss, not contended), every change recorded', async () => {
  const created = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'turns', url: 'https://at-once-turns.example.com/' });
  const id = created.body.monitor.id as number;
  const names = Array.from({ length: 16 }, (_, i) => `turn ${i}`);
  const answers = await Promise.all(names.map((name) => request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ name })));
  expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
  expect(monitorWriteContention.isContended(id)).toBe(false);
  const pauses = await Promise.all([0, 1, 2, 3].map(() => request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)));
  expect(pauses.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  expect(monitorWriteContention.isContended(id)).toBe(false);
  const entries = await entriesOf(id);
  expect(entries.filter((e) => e.action === 'update')).toHaveLength(16);
  expect(entries.filter((e) => e.action === 'pause')).toHaveLength(1);
  expect((await rowOf(id)).name).toBe(answers[answers.length - 1].body.monitor.name);
});

it('pause then resume of one monitor by many clients at once (the bench row): a resume after another client\'s is 409 "Monitor is not paused", by design', async () => {
  const created = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'cycles', url: 'https://at-once-cycles.example.com/' });
  const id = created.body.monitor.id as number;
  const known = (await entriesOf(id)).length;
  // Each client pauses, then resumes: a pause of a paused monitor is 200 (idempotent), a resume of
  // a monitor another client resumed already is the 409 a resume of a running monitor answers.
  const cycle = async () => {
    const paused = await request(app).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth);
    const resumed = await request(app).post(`/api/v1/uptime/monitors/${id}/resume`).set(account.auth);
    return [paused, resumed];
  };
  const answers = await Promise.all(Array.from({ length: 12 }, cycle));
  expect(answers.map(([p]) => p!.status)).toEqual(Array(12).fill(200));
  const resumes = answers.map(([, r]) => r!);
  for (const r of resumes) expect(r.status === 200 || (r.status === 409 && r.body.error === 'Monitor is not paused')).toBe(true);
  // Every resume that answered 200 resumed a paused monitor once: the entries alternate.
  const actions = (await entriesOf(id)).slice(known).map((e) => e.action);
  expect(actions.filter((a) => a === 'resume')).toHaveLength(resumes.filter((r) => r.status === 200).length);
  actions.forEach((a, i) => expect(a).toBe(i % 2 ? 'resume' : 'pause'));
  expect((await rowOf(id)).status).toBe(actions.length % 2 ? 'paused' : 'up');
});

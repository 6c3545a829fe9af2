import request from 'supertest';
import { createApp } from '@vigil/api';
import { DEFAULT_REGION, Monitor, verifyHostnameManually } from '@vigil/core';
import { bucketsOfMonitor, createTestAccount, createTestContext, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { configDocumentSchema } from './config-schema.js';

const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null, statusPages: 10, monitors: 50 } }),
    },
  });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

async function proAccount(): Promise<TestAccount> {
  const a = await createTestAccount(ctx, 'pro');
  await verifyHostnameManually(ctx.db.manager, a.account.id, 'example.com', clock.now());
  return a;
}

const plan = (who: TestAccount, doc: unknown, query = '') => request(app).post(`/api/v1/config/plan${query}`).set(who.auth).send(doc as object);
const apply = (who: TestAccount, doc: unknown, query = '') => request(app).post(`/api/v1/config/apply${query}`).set(who.auth).send(doc as object);
const exported = (who: TestAccount) => request(app).get('/api/v1/config/export').set(who.auth);

/** One of every kind, referring to each other by key. */
function fullDocument() {
  return {
    domains: [{ key: 'shop-domain', hostname: 'shop.example.com', monitoring_frequency: 'daily' }],
    monitors: [
      {
        key: 'shop-home',
        name: 'Shop home',
        url: 'https://user:s3cret-password@shop.example.com/',
        headers: { Authorization: 'Bearer very-secret-token-123456' },
        check_interval: 600,
        escalation: [{ after_minutes: 10, integration_ids: ['ops-hook'] }],
      },
      { key: 'db', name: 'Orders database', type: 'tcp', config: { host: 'db.example.com', port: 5432 } },
      { key: 'dns', name: 'Shop DNS', type: 'dns', config: { name: 'shop.example.com', record_type: 'A' } },
      { key: 'backup', name: 'Nightly backup', type: 'heartbeat', config: { cron: '0 3 * * *', timezone: 'Europe/Berlin', grace: 600 } },
    ],
    integrations: [
      { key: 'ops-hook', type: 'webhook', name: 'Ops webhook', config: { url: 'https://hooks.example.com/vigil', secret: 'whsec_provided-signing-secret-0001' }, monitor_ids: ['shop-home'] },
      { key: 'oncall', type: 'email', name: 'On-call', config: { to: ['oncall@example.com'] } },
    ],
    maintenance_windows: [
      { key: 'sunday', title: 'Sunday deploys', monitor_ids: ['shop-home', 'db'], domain_ids: ['shop-domain'], starts_at: '2026-11-22T02:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=SU', duration_minutes: 30 },
    ],
    status_pages: [{ key: 'public', slug: `acme-${Date.now()}`, title: 'Acme status', sections: [{ title: 'Shop', monitor_ids: ['shop-home'], domain_ids: ['shop-domain'] }] }],
  };
}

const ORDER = [
  'domain:shop-domain',
  'monitor:shop-home',
  'monitor:db',
  'monitor:dns',
  'monitor:backup',
  'integration:ops-hook',
  'integration:oncall',
  'maintenance_window:sunday',
  'status_page:public',
];
const keysOf = (body: { changes: { kind: string; key: string }[] }) => body.changes.map((c) => `${c.kind}:${c.key}`);

describe('config plan, apply and export', () => {
  it('plans every kind as created, applies it, plans no changes after (idempotent) and exports a document that plans to none', async () => {
    const who = await proAccount();
    const doc = fullDocument();
    const first = await plan(who, doc);
    expect(first.status).toBe(200);
    expect(first.body.summary).toEqual({ create: 9, update: 0, delete: 0, unchanged: 0 });
    expect(keysOf(first.body)).toEqual(ORDER);
    // Secrets never come back in the clear.
    const text = JSON.stringify(first.body);
    expect(text).not.toContain('s3cret-password');
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('provided-signing-secret');

    const applied = await apply(who, doc);
    expect(applied.status).toBe(200);
    expect(applied.body.summary).toEqual({ create: 9, update: 0, delete: 0, unchanged: 0 });

    const again = await plan(who, doc);
    expect(again.status).toBe(200);
    expect(again.body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 9 });
    expect(again.body.fingerprint).not.toBe(first.body.fingerprint);

    const managedRows = () =>
      ctx.db.query<{ kind: string; key: string; version: string }[]>('SELECT kind, key, xmin::text AS version FROM config_managed WHERE account_id = $1 ORDER BY kind, key', [who.account.id]);
    const managedBefore = await managedRows();
    expect(managedBefore).toHaveLength(9);
    const second = await apply(who, doc);
    expect(second.body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 9 });
    // Nothing changed: the managed rows are not written again (same row versions).
    expect(await managedRows()).toEqual(managedBefore);

    const exp = await exported(who);
    expect(exp.status).toBe(200);
    expect(exp.body.monitors.map((m: { key: string }) => m.key)).toEqual(['shop-home', 'db', 'dns', 'backup']);
    expect(exp.body.monitors[0].escalation).toEqual([{ after_minutes: 10, integration_ids: ['ops-hook'] }]);
    expect(exp.body.status_pages[0].sections[0]).toEqual({ title: 'Shop', monitor_ids: ['shop-home'], domain_ids: ['shop-domain'] });
    expect(JSON.stringify(exp.body)).not.toContain('s3cret-password');
    const replanned = await plan(who, exp.body, '?prune=true');
    expect(replanned.body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 9 });

    // The objects are there, wired by id.
    const monitors = await ctx.db.getRepository(Monitor).find({ where: { accountId: who.account.id }, order: { id: 'ASC' } });
    expect(monitors.map((m) => m.type)).toEqual(['http', 'tcp', 'dns', 'heartbeat']);
    const hooks = await request(app).get('/api/v1/integrations').set(who.auth);
    const hook = hooks.body.integrations.find((i: { name: string }) => i.name === 'Ops webhook');
    expect(monitors[0].escalation).toEqual([{ after_minutes: 10, integration_ids: [hook.id] }]);
    expect(hook.monitor_ids).toEqual([monitors[0].id]);
  });

  it('updates field by field with before and after', async () => {
    const who = await proAccount();
    const doc = fullDocument();
    expect((await apply(who, doc)).status).toBe(200);
    doc.monitors[0].check_interval = 300;
    doc.status_pages[0].title = 'Acme platform';
    const res = await plan(who, doc);
    expect(res.body.summary).toEqual({ create: 0, update: 2, delete: 0, unchanged: 7 });
    expect(res.body.changes.find((c: { key: string }) => c.key === 'shop-home')).toEqual({ action: 'update', kind: 'monitor', key: 'shop-home', diff: { check_interval: { before: 600, after: 300 } } });
    expect((await apply(who, doc)).body.summary.update).toBe(2);
    expect((await plan(who, doc)).body.summary.update).toBe(0);
    // A sealed header, a typed configuration and a heartbeat's schedule change in place.
    doc.monitors[0].headers = { Authorization: 'Bearer another-secret-token-654321' };
    doc.monitors[1].config = { host: 'db.example.com', port: 5433 };
    doc.monitors[3].config = { cron: '0 4 * * *', timezone: 'Europe/Berlin', grace: 900 };
    expect((await apply(who, doc)).body.summary).toEqual({ create: 0, update: 3, delete: 0, unchanged: 6 });
    expect((await plan(who, doc)).body.summary.update).toBe(0);
    const rows = await ctx.db.getRepository(Monitor).find({ where: { accountId: who.account.id }, order: { id: 'ASC' } });
    expect(rows[1].url).toBe('tcp://db.example.com:5433');
    expect(JSON.stringify(rows[0])).not.toContain('another-secret-token');
  });
});

const monitorEntry = (key: string, extra: Record<string, unknown> = {}) => ({ key, name: key, url: `https://${key}.example.com/`, ...extra });
const countMonitors = async (who: TestAccount) => ctx.db.getRepository(Monitor).countBy({ accountId: who.account.id });

describe('config validation', () => {
  it('answers 400 with the resource message at the document path, and changes nothing', async () => {
    const who = await proAccount();
    const doc = { monitors: [monitorEntry('a'), monitorEntry('b'), monitorEntry('c'), monitorEntry('d', { check_interval: 7 })] };
    for (const res of [await plan(who, doc), await apply(who, doc)]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid interval', path: 'monitors[3].check_interval' });
    }
    expect(await countMonitors(who)).toBe(0);
  });

  it('points at keys, unknown references and unknown lists', async () => {
    const who = await proAccount();
    expect((await plan(who, { monitors: [monitorEntry('a'), { name: 'x', url: 'https://x.example.com/' }] })).body).toEqual({
      error: expect.stringMatching(/^Invalid key: /),
      path: 'monitors[1].key',
    });
    expect((await plan(who, { monitors: [monitorEntry('a'), monitorEntry('a')] })).body.path).toBe('monitors[1].key');
    const badRef = await plan(who, { maintenance_windows: [{ key: 'w', title: 'W', monitor_ids: ['nope'], starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T01:00:00Z' }] });
    expect(badRef.status).toBe(400);
    expect(badRef.body).toEqual({ error: 'Invalid monitor_ids: no such monitor: nope (name monitors by their key)', path: 'maintenance_windows[0].monitor_ids' });
    const unknown = await plan(who, { monitorz: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Invalid document: unknown list monitorz/);
    const tierLimit = await plan(who, { monitors: [monitorEntry('a', { check_interval: 60 })] });
    expect(tierLimit.status).toBe(403);
    expect(tierLimit.body).toMatchObject({ error: 'Interval not allowed', path: 'monitors[0].check_interval' });
  });

  it('checks the plan limits on the end state: a prune that frees room lets the creates in', async () => {
    const who = await proAccount();
    const fifty = Array.from({ length: 50 }, (_, i) => monitorEntry(`m${i}`));
    expect((await apply(who, { monitors: fifty })).status).toBe(200);
    const swapped = [...fifty.slice(1), monitorEntry('m-new')];
    const over = await apply(who, { monitors: [...fifty, monitorEntry('m-new')] });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ error: 'Monitor limit reached', limit: 50, current: 51 });
    const res = await apply(who, { monitors: swapped }, '?prune=true');
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ create: 1, update: 0, delete: 1, unchanged: 49 });
  });
});

describe('config apply atomicity and concurrency', () => {
  it('a change failing in the middle of an apply leaves nothing applied', async () => {
    const who = await proAccount();
    await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ name: 'by hand', url: 'https://taken.example.com/' }).expect(201);
    const doc = { domains: [{ key: 'd', hostname: 'api.example.com' }], monitors: [monitorEntry('first'), monitorEntry('clash', { url: 'https://taken.example.com/' }), monitorEntry('last')] };
    const res = await apply(who, doc);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'URL already monitored', path: 'monitors[1]' });
    expect(await countMonitors(who)).toBe(1);
    expect((await exported(who)).body.domains).toEqual([]);
  });

  it('two entries of one document with the same target: 409 at the second, nothing applied', async () => {
    const who = await proAccount();
    const res = await apply(who, { monitors: [monitorEntry('one'), monitorEntry('two'), monitorEntry('again', { url: 'https://one.example.com' })] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'URL already monitored', path: 'monitors[2]' });
    expect(await countMonitors(who)).toBe(0);
  });

  it('schedules what an apply created or changed after the commit, in batches, and unschedules what it deleted', async () => {
    const who = await proAccount();
    const doc = { monitors: [monitorEntry('s1'), monitorEntry('s2', { check_interval: 600 }), monitorEntry('s3')] };
    expect((await apply(who, doc)).status).toBe(200);
    const ids = (await ctx.db.getRepository(Monitor).find({ where: { accountId: who.account.id }, order: { id: 'ASC' } })).map((m) => m.id);
    const intervals = async (id: number) => (await bucketsOfMonitor(ctx, id)).map((b) => ({ everyMs: b.everyMs, scheduled: b.scheduler !== undefined }));
    expect(await Promise.all(ids.map(intervals))).toEqual([
      [{ everyMs: 300_000, scheduled: true }],
      [{ everyMs: 600_000, scheduled: true }],
      [{ everyMs: 300_000, scheduled: true }],
    ]);
    // Each new monitor's first check is queued.
    const firstChecks = (await ctx.queues.checkQueue(DEFAULT_REGION).getWaiting()).map((j) => (j.data as { monitorId: number }).monitorId);
    expect(firstChecks).toEqual(expect.arrayContaining(ids));
    // A changed interval moves the monitor to the other bucket; a pruned monitor leaves its own.
    const changed = await apply(who, { monitors: [monitorEntry('s1', { check_interval: 600 }), doc.monitors[1]] }, '?prune=true');
    expect(changed.body.summary).toEqual({ create: 0, update: 1, delete: 1, unchanged: 1 });
    expect(await Promise.all(ids.map(intervals))).toEqual([[{ everyMs: 600_000, scheduled: true }], [{ everyMs: 600_000, scheduled: true }], []]);
  });

  it('concurrent applies with the same plan: one wins, the other gets 409', async () => {
    const who = await proAccount();
    const doc = { monitors: Array.from({ length: 20 }, (_, i) => monitorEntry(`c${i}`)) };
    const { fingerprint } = (await plan(who, doc)).body;
    const results = await Promise.all([apply(who, doc, `?fingerprint=${fingerprint}`), apply(who, doc, `?fingerprint=${fingerprint}`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await countMonitors(who)).toBe(20);
  });

  it('refuses with 409 when the account changed since the plan', async () => {
    const who = await proAccount();
    const doc = { monitors: [monitorEntry('x')] };
    const { fingerprint } = (await plan(who, doc)).body;
    await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ name: 'by hand', url: 'https://hand.example.com/' }).expect(201);
    const res = await apply(who, doc, `?fingerprint=${fingerprint}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'The account changed since the plan: plan again', fingerprint: expect.any(String) });
    expect(await countMonitors(who)).toBe(1);
  });
});

describe('config prune and managed objects', () => {
  it('leaves objects made by hand alone; prune deletes only managed ones the document dropped', async () => {
    const who = await proAccount();
    await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ name: 'by hand', url: 'https://hand.example.com/' }).expect(201);
    expect((await apply(who, { monitors: [monitorEntry('a'), monitorEntry('b')] })).status).toBe(200);
    const noPrune = await plan(who, { monitors: [monitorEntry('a')] });
    expect(noPrune.body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1 });
    const pruned = await apply(who, { monitors: [monitorEntry('a')] }, '?prune=true');
    expect(pruned.body.changes).toEqual([
      { action: 'unchanged', kind: 'monitor', key: 'a', diff: {} },
      { action: 'delete', kind: 'monitor', key: 'b', diff: expect.objectContaining({ name: { before: 'b' } }) },
    ]);
    const left = await ctx.db.getRepository(Monitor).find({ where: { accountId: who.account.id }, order: { id: 'ASC' } });
    expect(left.map((m) => m.name)).toEqual(['by hand', 'a']);
    // An empty document with prune deletes the managed one, never the hand-made one.
    expect((await apply(who, {}, '?prune=true')).body.summary).toEqual({ create: 0, update: 0, delete: 1, unchanged: 0 });
    expect(await countMonitors(who)).toBe(1);
  });

  it('takes over a hand-made object under its export key (then prune may delete it)', async () => {
    const who = await proAccount();
    const made = await request(app).post('/api/v1/uptime/monitors').set(who.auth).send({ name: 'by hand', url: 'https://hand.example.com/' }).expect(201);
    const doc = (await exported(who)).body;
    expect(doc.monitors[0].key).toBe(`monitor-${made.body.monitor.id}`);
    expect((await apply(who, doc)).body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 1 });
    expect((await apply(who, {}, '?prune=true')).body.summary.delete).toBe(1);
    expect(await countMonitors(who)).toBe(0);
  });

  it('serves the document\'s JSON Schema without a key', async () => {
    const res = await request(app).get('/api/v1/config/schema');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(configDocumentSchema());
  });

  it('needs read scopes of every family to plan and write scopes to apply', async () => {
    const who = await proAccount();
    const create = (scopes: string[]) => request(app).post('/api/v1/api-keys').set(who.auth).send({ name: scopes.join(' '), scopes });
    const readOnly = { Authorization: `Bearer ${(await create(['*:read'])).body.key}` };
    const monitorsOnly = { Authorization: `Bearer ${(await create(['monitors:write'])).body.key}` };
    expect((await request(app).post('/api/v1/config/plan').set(readOnly).send({})).status).toBe(200);
    expect((await request(app).post('/api/v1/config/apply').set(readOnly).send({})).body).toEqual({ error: 'Insufficient scope', required: 'monitors:write' });
    expect((await request(app).post('/api/v1/config/apply').set(monitorsOnly).send({})).body).toEqual({ error: 'Insufficient scope', required: 'domains:write' });
    expect((await request(app).get('/api/v1/config/export').set(monitorsOnly)).status).toBe(403);
  });
});

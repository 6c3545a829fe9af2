import request from 'supertest';
import { createApp } from '@vigil/api';
import { Monitor, verifyHostnameManually } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestAccount, type TestContext } from '@vigil/testing';

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

    const second = await apply(who, doc);
    expect(second.body.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 9 });

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
  });
});

import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

/**
 * PUT and PATCH of plain fields (plainUpdate, updateOwnAudited: one statement without a read) of
 * the four resources that take them: another account's id, a body that changes nothing, an
 * invalid body (404 before 400, as the reading way answers), and concurrent updates of one row.
 */
const RELAXED = JSON.stringify(Object.fromEntries(['free', 'pro', 'business', 'enterprise'].map((t) => [t, { requestsPerMinute: 100_000, requestsPerDay: null }])));

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let owner: TestAccount;
let stranger: TestAccount;

interface Resource {
  path: string;
  /** The audit entries' resource type. */
  type: string;
  /** The answer's object. */
  key: string;
  id: number;
  /** A plain body and the field of the answer it sets, with a different value each call. */
  plain: (n: number) => Record<string, unknown>;
  field: string;
  invalid: Record<string, unknown>;
}

const resources: Resource[] = [];
const suffix = randomBytes(4).toString('hex');

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: RELAXED } });
  app = createApp(ctx);
  const domain = `plain-${suffix}.test`;
  owner = await createTestAccount(ctx, 'business', { email: `ops@${domain}`, emailVerified: true });
  stranger = await createTestAccount(ctx, 'business');
  const post = async (path: string, body: Record<string, unknown>, key: string) => {
    const res = await request(app).post(path).set(owner.auth).send(body);
    expect(res.status).toBe(201);
    return (res.body as Record<string, { id: number }>)[key]!.id;
  };
  resources.push(
    {
      path: '/api/v1/domains',
      type: 'domain',
      key: 'domain',
      id: await post('/api/v1/domains', { hostname: domain }, 'domain'),
      plain: (n) => ({ alert_days_before_expiry: n }),
      field: 'alert_days_before_expiry',
      invalid: { alert_days_before_expiry: 0 },
    },
    {
      path: '/api/v1/maintenance-windows',
      type: 'maintenance_window',
      key: 'maintenance_window',
      id: await post('/api/v1/maintenance-windows', { title: 'Upgrade', applies_to_all: true, starts_at: '2030-01-01T01:00:00Z', ends_at: '2030-01-01T02:00:00Z' }, 'maintenance_window'),
      plain: (n) => ({ title: `Upgrade ${n}` }),
      field: 'title',
      invalid: { title: 5 },
    },
    {
      path: '/api/v1/status-pages',
      type: 'status_page',
      key: 'status_page',
      id: await post('/api/v1/status-pages', { slug: `plain-${suffix}`, title: 'Status' }, 'status_page'),
      plain: (n) => ({ title: `Status ${n}` }),
      field: 'title',
      invalid: { theme: 'neon' },
    },
    {
      path: '/api/v1/integrations',
      type: 'integration',
      key: 'integration',
      id: await post('/api/v1/integrations', { type: 'webhook', name: 'Hook', config: { url: 'https://hooks.example.com/vigil' } }, 'integration'),
      plain: (n) => ({ name: `Hook ${n}` }),
      field: 'name',
      invalid: { name: '' },
    },
  );
});
afterAll(() => ctx.teardown());

interface Entry {
  account_id: number;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const entriesOf = async (r: Resource): Promise<Entry[]> =>
  ctx.db.query('SELECT account_id, action, changes FROM audit_log WHERE resource_type = $1 AND resource_id = $2 AND action = $3 ORDER BY id', [r.type, String(r.id), 'update']);

const send = (method: 'put' | 'patch', r: Resource, body: Record<string, unknown>, who = owner) => request(app)[method](`${r.path}/${r.id}`).set(who.auth).send(body);

describe.each(['put', 'patch'] as const)('%s of plain fields', (method) => {
  it("answers another account's id 404 like a missing one, with a valid or an invalid body, and writes nothing", async () => {
    for (const r of resources) {
      const before = await request(app).get(`${r.path}/${r.id}`).set(owner.auth);
      const entries = (await entriesOf(r)).length;
      const missing = await request(app)[method](`${r.path}/2147483000`).set(owner.auth).send(r.plain(1));
      for (const body of [r.plain(2), r.invalid]) {
        const res = await send(method, r, body, stranger);
        expect([res.status, res.body]).toEqual([404, missing.body]);
      }
      expect((await request(app).get(`${r.path}/${r.id}`).set(owner.auth)).body).toEqual(before.body);
      expect(await entriesOf(r)).toHaveLength(entries);
      expect((await send(method, r, r.invalid)).status).toBe(400);
    }
  });

  it('changes nothing, and writes no entry, when the fields sent are the values stored', async () => {
    for (const r of resources) {
      const first = await send(method, r, r.plain(7));
      expect(first.status).toBe(200);
      const entries = (await entriesOf(r)).length;
      const again = await send(method, r, r.plain(7));
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await entriesOf(r)).toHaveLength(entries);
    }
  });
});

it("concurrent updates of one row each tell the value they replaced: the entries chain from the first value to the stored one", async () => {
  for (const r of resources) {
    const start = await send('patch', r, r.plain(100));
    const from = (start.body as Record<string, Record<string, unknown>>)[r.key]![r.field];
    const known = (await entriesOf(r)).length;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send('patch', r, r.plain(101 + i))));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const entries = (await entriesOf(r)).slice(known);
    expect(entries).toHaveLength(12);
    const column = Object.keys(entries[0]!.changes)[0]!;
    let value = from;
    for (const e of entries) {
      expect(Object.keys(e.changes)).toEqual([column]);
      expect(e.changes[column]!.before).toEqual(value);
      value = e.changes[column]!.after;
    }
    const stored = (await request(app).get(`${r.path}/${r.id}`).set(owner.auth)).body as Record<string, Record<string, unknown>>;
    expect(stored[r.key]![r.field]).toEqual(value);
  }
});

import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createSecretBox, Integration, INTEGRATION_TYPES } from '@vigil/core';
import { createNotifierApp } from '@vigil/notifier';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

interface Hit {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: { id: string; event: string; created_at: string; data: Record<string, unknown> };
}

/** A webhook receiver on loopback answering `status()` and keeping the raw bodies. */
async function receiver(status: () => number = () => 200) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      hits.push({ headers: req.headers, raw, json: JSON.parse(raw.toString()) as Hit['json'] });
      res.statusCode = status();
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sign = (raw: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let notifier: ReturnType<typeof createNotifierApp>;
let hook: Awaited<ReturnType<typeof receiver>>;
let failing: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000}}' },
  });
  app = createApp(ctx);
  notifier = createNotifierApp(ctx);
  await notifier.start();
  hook = await receiver();
  failing = await receiver(() => 500);
});
afterAll(async () => {
  await notifier.stop();
  await hook.close();
  await failing.close();
  await ctx.teardown();
});

async function monitorOf(owner: TestAccount): Promise<number> {
  const [row] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', $2, $2) RETURNING id`,
    [owner.account.id, `https://example.com/${Math.random()}`],
  )) as { id: number }[];
  return row.id;
}

async function domainOf(owner: TestAccount): Promise<number> {
  const [row] = (await ctx.db.query(`INSERT INTO domains (account_id, hostname) VALUES ($1, $2) RETURNING id`, [
    owner.account.id,
    `d${Math.random().toString(36).slice(2, 8)}.example.com`,
  ])) as { id: number }[];
  return row.id;
}

describe('GET /api/v1/integrations/types', () => {
  it('lists the registered types with their config fields, and the events', async () => {
    const { auth } = await createTestAccount(ctx);
    const res = await request(app).get('/api/v1/integrations/types').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.types.map((t: { type: string }) => t.type)).toEqual([
      'email',
      'webhook',
      'slack',
      'discord',
      'pagerduty',
      'opsgenie',
      'teams',
      'telegram',
      'google_chat',
      'mattermost',
      'matrix',
      'ntfy',
      'pushover',
      'gotify',
      'twilio_sms',
      'webhook_template',
    ]);
    const byType = Object.fromEntries(res.body.types.map((t: { type: string; config_fields: unknown[] }) => [t.type, t.config_fields]));
    expect(byType.email).toEqual([expect.objectContaining({ name: 'to', required: true, secret: false })]);
    expect(byType.webhook).toEqual([
      expect.objectContaining({ name: 'url', required: true, secret: false }),
      expect.objectContaining({ name: 'secret', required: false, secret: true }),
    ]);
    expect(byType.slack).toEqual([expect.objectContaining({ name: 'webhook_url', required: true, secret: true })]);
    expect(byType.discord).toEqual([expect.objectContaining({ name: 'webhook_url', required: true, secret: true })]);
    expect(byType.pagerduty).toEqual([
      expect.objectContaining({ name: 'routing_key', required: true, secret: true }),
      expect.objectContaining({ name: 'api_url', required: false, secret: false }),
      expect.objectContaining({ name: 'webhook_secret', required: false, secret: true }),
    ]);
    expect(byType.opsgenie).toEqual([
      expect.objectContaining({ name: 'api_key', required: true, secret: true }),
      expect.objectContaining({ name: 'api_url', required: false, secret: false }),
      expect.objectContaining({ name: 'webhook_secret', required: false, secret: true }),
    ]);
    expect(res.body.events).toEqual([
      'monitor.down',
      'monitor.up',
      'monitor.degraded',
      'incident.acknowledged',
      'certificate.expiring',
      'certificate.expired',
      'domain.grade_changed',
      'headers.grade_changed',
      'scan.completed',
      'domain.verification_lapsed',
      'location.offline',
      'location.online',
      'test',
    ]);
  });

  it('needs an API key', async () => {
    expect((await request(app).get('/api/v1/integrations/types')).status).toBe(401);
  });
});

describe('creating integrations', () => {
  it('a webhook without a secret gets one, shown once in the create answer and masked afterwards', async () => {
    const owner = await createTestAccount(ctx);
    const res = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'webhook', name: 'Ops hook', config: { url: `${hook.url}/vigil` }, events: ['monitor.down'] });
    expect(res.status).toBe(201);
    const secret: string = res.body.secret;
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(res.body.integration).toEqual({
      id: expect.any(Number),
      type: 'webhook',
      name: 'Ops hook',
      config: { url: `${hook.url}/vigil`, secret },
      events: ['monitor.down'],
      monitor_ids: [],
      domain_ids: [],
      is_active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const one = await request(app).get(`/api/v1/integrations/${res.body.integration.id}`).set(owner.auth);
    expect(one.status).toBe(200);
    expect(one.body.integration.config).toEqual({ url: `${hook.url}/vigil`, secret: `****${secret.slice(-4)}` });
    const list = await request(app).get('/api/v1/integrations').set(owner.auth);
    expect(list.body.integrations).toHaveLength(1);
    expect(list.body.pagination).toEqual({ page: 1, per_page: 20, total: 1, pages: 1 });
    for (const body of [one.body, list.body]) expect(JSON.stringify(body)).not.toContain(secret);
    // At rest: sealed, not in clear.
    const [row] = (await ctx.db.query('SELECT config::text AS config, secrets FROM integrations WHERE id = $1', [res.body.integration.id])) as {
      config: string;
      secrets: string;
    }[];
    expect(row.config).not.toContain(secret);
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain(secret);
  });

  it('chat webhook URLs are secrets: masked in every answer, encrypted at rest', async () => {
    const owner = await createTestAccount(ctx);
    const slackUrl = 'https://hooks.slack.com/services/T0001/B0001/XXXXXXXXXXXXXXXXXXXXXXXX';
    const slack = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'slack', name: 'S', config: { webhook_url: slackUrl } });
    expect(slack.status).toBe(201);
    expect(slack.body.integration.config).toEqual({ webhook_url: 'https://hooks.slack.com/services/****' });
    expect(slack.body.secret).toBeUndefined();
    const discordUrl = 'https://discord.com/api/webhooks/1234567890/abcdefTOKEN';
    const discord = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'discord', name: 'D', config: { webhook_url: discordUrl } });
    expect(discord.body.integration.config).toEqual({ webhook_url: 'https://discord.com/api/webhooks/****' });
    const list = await request(app).get('/api/v1/integrations').set(owner.auth);
    expect(JSON.stringify(list.body)).not.toContain('XXXXXXXX');
    expect(JSON.stringify(list.body)).not.toContain('abcdefTOKEN');
    const rows = (await ctx.db.query('SELECT config::text AS c, secrets FROM integrations WHERE account_id = $1', [owner.account.id])) as {
      c: string;
      secrets: string;
    }[];
    for (const r of rows) expect(`${r.c}${r.secrets}`).not.toMatch(/hooks\.slack|discord\.com/);
  });

  it('email takes one address or a list; scopes name the account\'s own monitors and domains', async () => {
    const owner = await createTestAccount(ctx);
    const monitorId = await monitorOf(owner);
    const domainId = await domainOf(owner);
    const one = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'email', name: 'Mail', config: { to: 'ops@example.com' } });
    expect(one.status).toBe(201);
    expect(one.body.integration.config).toEqual({ to: ['ops@example.com'] });
    const scoped = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'email', name: 'Mail', config: { to: ['a@example.com', 'b@example.com'] }, monitor_ids: [monitorId], domain_ids: [domainId], is_active: false });
    expect(scoped.status).toBe(201);
    expect(scoped.body.integration).toMatchObject({ monitor_ids: [monitorId], domain_ids: [domainId], is_active: false, config: { to: ['a@example.com', 'b@example.com'] } });
  });

  it.each([
    [{ name: 'x', config: {} }, 'type is required'],
    [{ type: 'sms', name: 'x', config: {} }, `Invalid type: must be one of ${INTEGRATION_TYPES.join(', ')}`],
    [{ type: 'webhook', config: { url: 'https://example.com' } }, 'name is required'],
    [{ type: 'webhook', name: 'x' }, 'config is required'],
    [{ type: 'webhook', name: 'x', config: 'https://example.com' }, 'Invalid config: must be an object'],
    [{ type: 'webhook', name: 'x', config: {} }, 'config.url is required'],
    [{ type: 'webhook', name: 'x', config: { url: 'ftp://example.com/x' } }, 'Invalid URL'],
    [{ type: 'webhook', name: 'x', config: { url: 'not a url' } }, 'Invalid URL'],
    [{ type: 'webhook', name: 'x', config: { url: 'https://example.com', secret: '' } }, 'Invalid config.secret: must be a string of 1 to 256 characters'],
    [{ type: 'slack', name: 'x', config: {} }, 'config.webhook_url is required'],
    [{ type: 'discord', name: 'x', config: { webhook_url: 42 } }, 'Invalid URL'],
    [{ type: 'email', name: 'x', config: { to: 'not-an-email' } }, 'Invalid config.to: must be an email address or a list of 1 to 10 email addresses'],
    [{ type: 'email', name: 'x', config: { to: [] } }, 'Invalid config.to: must be an email address or a list of 1 to 10 email addresses'],
    [{ type: 'email', name: 'x', config: { to: 'a@example.com' }, events: ['monitor.exploded'] }, expect.stringMatching(/^Invalid events: each must be one of monitor\.down/)],
    [{ type: 'email', name: 'x', config: { to: 'a@example.com' }, monitor_ids: ['a'] }, expect.stringMatching(/^Invalid monitor_ids/)],
    [{ type: 'email', name: 'x', config: { to: 'a@example.com' }, is_active: 'yes' }, 'Invalid is_active: must be a boolean'],
    [{ type: 'email', name: '   ', config: { to: 'a@example.com' } }, 'name is not allowed to be empty'],
    [[{ type: 'email', name: 'x', config: { to: 'a@example.com' } }], 'Invalid request body: must be a JSON object'],
  ])('400 for %j', async (body, error) => {
    const { auth } = await createTestAccount(ctx);
    const res = await request(app).post('/api/v1/integrations').set(auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(error);
  });

  it('trims names on create and update', async () => {
    const { auth } = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(auth).send({ type: 'email', name: '  Ops mail ', config: { to: 'a@example.com' } });
    expect(created.status).toBe(201);
    expect(created.body.integration.name).toBe('Ops mail');
    const updated = await request(app).patch(`/api/v1/integrations/${created.body.integration.id}`).set(auth).send({ name: ' On call\t' });
    expect(updated.status).toBe(200);
    expect(updated.body.integration.name).toBe('On call');
  });

  it('answers a page far past the end with an empty page, not a 500', async () => {
    const { auth } = await createTestAccount(ctx);
    const res = await request(app).get('/api/v1/integrations').query({ page: '99999999999999999999' }).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.integrations).toEqual([]);
  });

  it("400 for another account's (or a missing) monitor or domain in scope", async () => {
    const owner = await createTestAccount(ctx);
    const stranger = await createTestAccount(ctx);
    const theirMonitor = await monitorOf(stranger);
    const theirDomain = await domainOf(stranger);
    const base = { type: 'email', name: 'x', config: { to: 'a@example.com' } };
    const m = await request(app).post('/api/v1/integrations').set(owner.auth).send({ ...base, monitor_ids: [theirMonitor] });
    expect(m.status).toBe(400);
    expect(m.body.error).toBe(`Invalid monitor_ids: no such monitor: ${theirMonitor}`);
    const d = await request(app).post('/api/v1/integrations').set(owner.auth).send({ ...base, domain_ids: [theirDomain, 2_000_000_000] });
    expect(d.status).toBe(400);
    expect(d.body.error).toBe(`Invalid domain_ids: no such domain: ${theirDomain}, 2000000000`);
    expect((await request(app).get('/api/v1/integrations').set(owner.auth)).body.integrations).toHaveLength(0);
  });
});

describe('one integration: 404s, updates, delete', () => {
  it("answers 404 Integration not found for a missing id, a malformed id and another account's integration", async () => {
    const owner = await createTestAccount(ctx);
    const stranger = await createTestAccount(ctx);
    const theirs = await request(app).post('/api/v1/integrations').set(stranger.auth).send({ type: 'email', name: 'x', config: { to: 'a@example.com' } });
    for (const id of [String(theirs.body.integration.id), '999999', 'abc', '0']) {
      const calls = [
        request(app).get(`/api/v1/integrations/${id}`).set(owner.auth),
        request(app).put(`/api/v1/integrations/${id}`).set(owner.auth).send({ name: 'y' }),
        request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ name: 'y' }),
        request(app).delete(`/api/v1/integrations/${id}`).set(owner.auth),
        request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth),
        request(app).get(`/api/v1/integrations/${id}/deliveries`).set(owner.auth),
        // The 404 comes before a bad query or body is looked at.
        request(app).get(`/api/v1/integrations/${id}/deliveries?status=meh`).set(owner.auth),
        request(app).get(`/api/v1/integrations/${id}/deliveries?per_page=0`).set(owner.auth),
        request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({ overlap_seconds: -1 }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Integration not found' });
      }
    }
    expect((await request(app).get(`/api/v1/integrations/${theirs.body.integration.id}`).set(stranger.auth)).body.integration.name).toBe('x');
  });

  it('PATCH and PUT change only what they are sent; a new URL keeps the secret; an echoed mask keeps it too', async () => {
    const owner = await createTestAccount(ctx);
    const monitorId = await monitorOf(owner);
    const created = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'webhook', name: 'Hook', config: { url: 'https://example.com/a', secret: 'original-secret-1234' } });
    const id = created.body.integration.id;

    const renamed = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ name: 'Renamed', events: ['monitor.up'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('Integration updated');
    expect(renamed.body.integration).toMatchObject({ name: 'Renamed', events: ['monitor.up'], config: { url: 'https://example.com/a', secret: '****1234' } });

    const moved = await request(app).put(`/api/v1/integrations/${id}`).set(owner.auth).send({ config: { url: `${hook.url}/moved` }, monitor_ids: [monitorId], is_active: false });
    expect(moved.status).toBe(200);
    expect(moved.body.integration).toMatchObject({ name: 'Renamed', is_active: false, monitor_ids: [monitorId], config: { url: `${hook.url}/moved`, secret: '****1234' } });

    // GET, edit, PUT back with the masked secret: the secret does not become "****1234".
    const got = (await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth)).body.integration;
    const echoed = await request(app).put(`/api/v1/integrations/${id}`).set(owner.auth).send({ ...got, name: 'Echoed', is_active: true });
    expect(echoed.status).toBe(200);
    expect(echoed.body.integration).toMatchObject({ name: 'Echoed', is_active: true });

    // The stored secret is still the original: the test delivery is signed with it.
    const test = await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth);
    expect(test.status).toBe(200);
    const hit = hook.hits.find((h) => h.json.id === test.body.delivery.event_id)!;
    expect(hit.headers['x-vigil-signature']).toBe(sign(hit.raw, 'original-secret-1234'));

    const rotated = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ config: { secret: 'rotated-secret-9876' } });
    expect(rotated.body.integration.config.secret).toBe('****9876');
  });

  it('a type change needs a whole config; unknown fields are ignored', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'email', name: 'x', config: { to: 'a@example.com' } });
    const id = created.body.integration.id;
    const noConfig = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ type: 'webhook' });
    expect(noConfig.status).toBe(400);
    expect(noConfig.body.error).toBe('config is required when type changes');
    const bad = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ type: 'slack', config: { to: 'a@example.com' } });
    expect(bad.body.error).toBe('config.webhook_url is required');
    const changed = await request(app)
      .patch(`/api/v1/integrations/${id}`)
      .set(owner.auth)
      .send({ type: 'slack', config: { webhook_url: 'https://hooks.slack.com/services/T1/B1/zzz' }, colour: 'red' });
    expect(changed.status).toBe(200);
    expect(changed.body.integration).toMatchObject({ type: 'slack', config: { webhook_url: 'https://hooks.slack.com/services/****' } });
    expect(changed.body.integration.config.to).toBeUndefined();
    const bad2 = await request(app).put(`/api/v1/integrations/${id}`).set(owner.auth).send({ config: { webhook_url: 'gopher://x' } });
    expect(bad2.status).toBe(400);
    expect(bad2.body.error).toBe('Invalid URL');
  });

  it('secrets sealed under another key (VIGIL_SECRET_KEY changed) are left out, never a 500; an update re-sends them', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'slack', name: 'S', config: { webhook_url: 'https://hooks.slack.com/services/T1/B1/old' } });
    const id = created.body.integration.id;
    await ctx.db.getRepository(Integration).update({ id }, { secrets: createSecretBox('some-other-secret-key-0123456789abcdef').sealJson({ webhook_url: 'x' }) });
    const one = await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth);
    expect(one.status).toBe(200);
    expect(one.body.integration.config).toEqual({});
    const missing = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ name: 'S2', config: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('config.webhook_url is required');
    const fixed = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ config: { webhook_url: 'https://hooks.slack.com/services/T1/B1/new' } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.integration.config).toEqual({ webhook_url: 'https://hooks.slack.com/services/****' });
  });

  it('DELETE removes it', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'email', name: 'x', config: { to: 'a@example.com' } });
    const id = created.body.integration.id;
    const del = await request(app).delete(`/api/v1/integrations/${id}`).set(owner.auth);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Integration deleted', deleted_integration_id: id });
    expect((await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth)).status).toBe(404);
    expect(await ctx.db.getRepository(Integration).countBy({ id })).toBe(0);
  });
});

describe('test deliveries and the delivery log', () => {
  it('POST /test delivers a signed test event now and answers with that attempt', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'webhook', name: 'Hook', config: { url: `${hook.url}/test` } });
    const id = created.body.integration.id;
    const res = await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Test event delivered');
    expect(res.body.delivery).toEqual({
      id: expect.any(Number),
      delivery_id: res.body.delivery.id,
      integration_id: id,
      event_id: expect.stringMatching(/^test-/),
      event: 'test',
      attempt: 1,
      status: 'success',
      response_code: 200,
      error: null,
      duration_ms: expect.any(Number),
      will_retry: false,
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });
    const hit = hook.hits.find((h) => h.json.id === res.body.delivery.event_id)!;
    expect(hit.headers['x-vigil-event']).toBe('test');
    expect(hit.headers['x-vigil-delivery']).toBe(String(res.body.delivery.id));
    expect(hit.headers['x-vigil-signature']).toBe(sign(hit.raw, created.body.secret));
    expect(hit.json).toMatchObject({ event: 'test', data: { integration: { id, name: 'Hook', type: 'webhook' } } });
  });

  it('a failing receiver gives one failed attempt (no retry for a test), and email without SMTP says so', async () => {
    const owner = await createTestAccount(ctx);
    const broken = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'webhook', name: 'B', config: { url: failing.url } });
    const res = await request(app).post(`/api/v1/integrations/${broken.body.integration.id}/test`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({ status: 'failed', response_code: 500, error: 'HTTP 500 Internal Server Error', attempt: 1, will_retry: false });
    expect(res.body.message).toBe('Test delivery failed: HTTP 500 Internal Server Error');

    const mail = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'email', name: 'M', config: { to: 'a@example.com' } });
    const mailed = await request(app).post(`/api/v1/integrations/${mail.body.integration.id}/test`).set(owner.auth);
    expect(mailed.status).toBe(200);
    expect(mailed.body.delivery).toMatchObject({ status: 'failed', error: 'SMTP not configured', response_code: null });
  });

  it('GET /deliveries lists every attempt, newest first, paginated and filterable', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'webhook', name: 'H', config: { url: hook.url } });
    const id = created.body.integration.id;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth)).body.delivery.id);

    const all = await request(app).get(`/api/v1/integrations/${id}/deliveries`).set(owner.auth);
    expect(all.status).toBe(200);
    expect(all.body.integration_id).toBe(id);
    expect(all.body.deliveries.map((d: { id: number }) => d.id)).toEqual([...ids].reverse());
    expect(all.body.pagination).toEqual({ page: 1, per_page: 20, total: 3, pages: 1 });

    const page2 = await request(app).get(`/api/v1/integrations/${id}/deliveries?per_page=2&page=2`).set(owner.auth);
    expect(page2.body.deliveries.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
    expect(page2.body.pagination).toEqual({ page: 2, per_page: 2, total: 3, pages: 2 });

    expect((await request(app).get(`/api/v1/integrations/${id}/deliveries?status=failed`).set(owner.auth)).body.deliveries).toEqual([]);
    expect((await request(app).get(`/api/v1/integrations/${id}/deliveries?status=success&event=test`).set(owner.auth)).body.pagination.total).toBe(3);
    const badStatus = await request(app).get(`/api/v1/integrations/${id}/deliveries?status=meh`).set(owner.auth);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toBe('Invalid status: must be one of pending, success, failed');
    expect((await request(app).get(`/api/v1/integrations/${id}/deliveries?per_page=0`).set(owner.auth)).status).toBe(400);
  });

  it('test deliveries are not counted as alerts in usage', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'webhook', name: 'H', config: { url: hook.url } });
    await request(app).post(`/api/v1/integrations/${created.body.integration.id}/test`).set(owner.auth);
    const usage = await request(app).get('/api/v1/usage').set(owner.auth);
    expect(usage.body.alerts_today).toBe(0);
  });
});

describe('secret rotation and redelivery', () => {
  async function webhook(owner: TestAccount, url = `${hook.url}/rotated`) {
    const res = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type: 'webhook', name: 'Hook', config: { url } });
    return { id: res.body.integration.id as number, secret: res.body.secret as string };
  }

  async function testHit(owner: TestAccount, id: number) {
    const res = await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth);
    expect(res.status).toBe(200);
    return { delivery: res.body.delivery as { id: number; event_id: string }, hit: hook.hits.find((h) => h.json.id === res.body.delivery.event_id)! };
  }

  it('rotate-secret returns the new secret once; during the overlap both secrets sign (checked with standardwebhooks)', async () => {
    const owner = await createTestAccount(ctx);
    const { id, secret: old } = await webhook(owner);
    const res = await request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({});
    expect(res.status).toBe(200);
    const fresh: string = res.body.secret;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(fresh).not.toBe(old);
    expect(res.body.integration.config.secret).toBe(fresh);
    expect(Date.parse(res.body.previous_secret_expires_at) - ctx.clock.now().getTime()).toBeGreaterThan(86_000_000);
    const again = await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth);
    expect(JSON.stringify(again.body)).not.toContain(fresh);

    const { hit } = await testHit(owner, id);
    expect(hit.headers['x-vigil-signature']).toBe(sign(hit.raw, fresh));
    expect(hit.headers['x-vigil-signature-previous']).toBe(sign(hit.raw, old));
    const headers = hit.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const s of [fresh, old]) expect(new Webhook(s).verify(hit.raw.toString(), headers)).toEqual(hit.json);
  });

  it('concurrent rotations of one webhook apply one after the other: each its own secret and entry, the last two sign', async () => {
    const owner = await createTestAccount(ctx);
    const { id } = await webhook(owner);
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({})));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const secrets = answers.map((r) => r.body.secret as string);
    expect(new Set(secrets).size).toBe(8);
    const [{ n }] = await ctx.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_log WHERE resource_type = 'integration' AND resource_id = $1 AND action = 'rotate'`, [String(id)]);
    expect(n).toBe(8);
    // Each rotation kept the one before it as the previous secret: the current and the previous are two of the eight.
    const { hit } = await testHit(owner, id);
    const current = secrets.filter((s) => hit.headers['x-vigil-signature'] === sign(hit.raw, s));
    const previous = secrets.filter((s) => hit.headers['x-vigil-signature-previous'] === sign(hit.raw, s));
    expect([current.length, previous.length]).toEqual([1, 1]);
    expect(current[0]).not.toBe(previous[0]);
  });

  it('overlap_seconds 0 ends the old secret at once; only webhooks rotate; bad input is 400; others get 404', async () => {
    const owner = await createTestAccount(ctx);
    const { id, secret: old } = await webhook(owner);
    const res = await request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({ overlap_seconds: 0 });
    expect(res.status).toBe(200);
    expect(res.body.previous_secret_expires_at).toBeNull();
    const { hit } = await testHit(owner, id);
    expect(hit.headers['x-vigil-signature-previous']).toBeUndefined();
    const headers = hit.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(hit.raw.toString(), headers)).toThrow(WebhookVerificationError);
    expect(new Webhook(res.body.secret as string).verify(hit.raw.toString(), headers)).toEqual(hit.json);

    for (const overlap of [-1, 604801, 1.5, '60']) {
      const bad = await request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(owner.auth).send({ overlap_seconds: overlap });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'Invalid overlap_seconds: must be an integer from 0 to 604800' });
    }
    const slack = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'slack', name: 'S', config: { webhook_url: 'https://hooks.slack.com/services/T0/B0/x' } });
    const notWebhook = await request(app).post(`/api/v1/integrations/${slack.body.integration.id}/rotate-secret`).set(owner.auth);
    expect(notWebhook.status).toBe(400);
    expect(notWebhook.body).toEqual({ error: 'Only webhook integrations have a signing secret' });
    const stranger = await createTestAccount(ctx);
    const foreign = await request(app).post(`/api/v1/integrations/${id}/rotate-secret`).set(stranger.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Integration not found' });
  });

  it('redeliver sends the same delivery again as its next attempt: same body and X-Vigil-Delivery, new signatures', async () => {
    const owner = await createTestAccount(ctx);
    const { id, secret } = await webhook(owner);
    const { delivery, hit: first } = await testHit(owner, id);
    const res = await request(app).post(`/api/v1/integrations/${id}/deliveries/${delivery.id}/redeliver`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Redelivered');
    expect(res.body.delivery).toMatchObject({ delivery_id: delivery.id, attempt: 2, status: 'success', event_id: delivery.event_id, will_retry: false });
    const hits = hook.hits.filter((h) => h.json.id === delivery.event_id);
    expect(hits).toHaveLength(2);
    const second = hits[1];
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers['x-vigil-delivery']).toBe(String(delivery.id));
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.headers['x-vigil-signature']).toBe(sign(second.raw, secret));
    expect(new Webhook(secret).verify(second.raw.toString(), second.headers as Record<string, string>)).toEqual(second.json);
    const log = await request(app).get(`/api/v1/integrations/${id}/deliveries`).set(owner.auth);
    expect((log.body.deliveries as { attempt: number }[]).map((d) => d.attempt)).toEqual([2, 1]);

    // Only a delivery id (its first attempt) of this integration is found.
    for (const other of [res.body.delivery.id, 999999, 'abc']) {
      const missing = await request(app).post(`/api/v1/integrations/${id}/deliveries/${other}/redeliver`).set(owner.auth);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Delivery not found' });
    }
    const { id: otherIntegration } = await webhook(owner);
    const elsewhere = await request(app).post(`/api/v1/integrations/${otherIntegration}/deliveries/${delivery.id}/redeliver`).set(owner.auth);
    expect(elsewhere.status).toBe(404);
  });

  it('a failed redelivery is recorded as a failed attempt, without retries', async () => {
    const owner = await createTestAccount(ctx);
    const { id } = await webhook(owner, `${failing.url}/x`);
    const test = await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth);
    const res = await request(app).post(`/api/v1/integrations/${id}/deliveries/${test.body.delivery.id}/redeliver`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Redelivery failed: HTTP 500 Internal Server Error');
    expect(res.body.delivery).toMatchObject({ attempt: 2, status: 'failed', response_code: 500, will_retry: false });
  });
});

describe('per-account limits of test and redeliver', () => {
  it('allows 10 test deliveries and 10 redeliveries per account and minute, each its own counter, then 429 in the endpoint-limit shape', async () => {
    const owner = await createTestAccount(ctx, 'pro');
    const other = await createTestAccount(ctx, 'pro');
    const missing = 2_000_000_000;
    for (let i = 0; i < 10; i++) expect((await request(app).post(`/api/v1/integrations/${missing}/test`).set(owner.auth)).status).toBe(404);
    const limited = await request(app).post(`/api/v1/integrations/${missing}/test`).set(owner.auth);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Rate limit exceeded',
      message: expect.stringMatching(/^Test delivery limit of 10 per minute exceeded; retry in \d+ seconds$/),
      retry_after: expect.any(Number),
      limit_type: 'per_minute',
    });
    expect(Number(limited.headers['retry-after'])).toBe(limited.body.retry_after);
    expect(limited.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(limited.body.retry_after).toBeLessThanOrEqual(60);
    // Another account, and the other endpoint, count apart.
    expect((await request(app).post(`/api/v1/integrations/${missing}/test`).set(other.auth)).status).toBe(404);
    const redeliver = (auth: Record<string, string>) => request(app).post(`/api/v1/integrations/${missing}/deliveries/1/redeliver`).set(auth);
    for (let i = 0; i < 10; i++) expect((await redeliver(owner.auth)).status).toBe(404);
    const again = await redeliver(owner.auth);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ message: expect.stringMatching(/^Redelivery limit of 10 per minute exceeded/), limit_type: 'per_minute' });
  });
});

import request from 'supertest';
import { createApp } from '@vigil/api';
import { AlertDelivery, createSecretBox } from '@vigil/core';
import { createNotifierApp } from '@vigil/notifier';
import { captureLogs, createTestAccount, createTestContext, telegramFixture, type CapturedLogs, type ProviderFixture, type TestContext } from '@vigil/testing';

const BOT = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

/** Per new type: a good config, its secret values, a bad config and the 400's message. */
const CASES: { type: string; good: Record<string, unknown>; secrets: string[]; bad: Record<string, unknown>; error: string }[] = [
  {
    type: 'teams',
    good: { url: 'https://prod-00.westeurope.logic.azure.com:443/workflows/0a1b2c/triggers/manual/paths/invoke?api-version=2016-06-01&sig=Zk9sb3dTaWduYXR1cmVWYWx1ZQ' },
    secrets: ['Zk9sb3dTaWduYXR1cmVWYWx1ZQ'],
    bad: { url: 'teams' },
    error: 'Invalid URL',
  },
  { type: 'telegram', good: { bot_token: BOT, chat_id: '-1001234567890' }, secrets: [BOT], bad: { bot_token: BOT }, error: 'config.chat_id is required' },
  {
    type: 'google_chat',
    good: { url: 'https://chat.googleapis.com/v1/spaces/AAAAx1/messages?key=AIzaSyDdI0hCZtE6vySjMm&token=R29vZ2xlQ2hhdFRva2Vu' },
    secrets: ['R29vZ2xlQ2hhdFRva2Vu'],
    bad: {},
    error: 'config.url is required',
  },
  { type: 'mattermost', good: { url: 'https://mm.example.com/hooks/xq3h5kd7ufbnmcq8rjw1ix9s4a' }, secrets: ['xq3h5kd7ufbnmcq8rjw1ix9s4a'], bad: { url: 42 }, error: 'Invalid URL' },
  {
    type: 'matrix',
    good: { access_token: 'syt_dmlnaWw_QmFzZTY0VG9rZW5WYWx1ZQ_1a2b3c', room_id: '!AbCdEfGhIjKlMnOp:example.org', api_url: 'https://matrix.example.org' },
    secrets: ['syt_dmlnaWw_QmFzZTY0VG9rZW5WYWx1ZQ_1a2b3c'],
    bad: { access_token: 'syt_dmlnaWw_QmFzZTY0VG9rZW5WYWx1ZQ_1a2b3c', room_id: 'general' },
    error: 'Invalid config.room_id: must be a room id, !opaque:server.name',
  },
  { type: 'ntfy', good: { topic: 'vigil-ops', token: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2' }, secrets: ['tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2'], bad: { topic: 'a/b' }, error: 'Invalid config.topic: must be 1 to 64 of A-Z, a-z, 0-9, _ and -' },
  {
    type: 'pushover',
    good: { user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' },
    secrets: ['uQiRzpo4DXghDmr9QzzfQu27cmVRsG', 'azGDORePK8gMaC0QOYAMyEEuzJnyUi'],
    bad: { user_key: 'short', app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi' },
    error: 'Invalid config.user_key: must be a Pushover user or group key (30 letters and digits)',
  },
  { type: 'gotify', good: { app_token: 'AbCdEfGhIjKlMnO', api_url: 'https://gotify.example.com' }, secrets: ['AbCdEfGhIjKlMnO'], bad: { app_token: 'AbCdEfGhIjKlMnO' }, error: 'config.api_url is required' },
  {
    type: 'twilio_sms',
    good: { account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', from: '+15017122661', to: '+15558675310' },
    secrets: ['f0e1d2c3b4a5968778695a4b3c2d1e0f'],
    bad: { account_sid: 'AC0123456789abcdef0123456789abcdef', auth_token: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', from: '+15017122661', to: 'tomorrow' },
    error: 'Invalid config.to: must be a number in E.164, e.g. +15558675310',
  },
  {
    type: 'webhook_template',
    good: { url: 'https://hooks.example.com/a', body_template: '{"text": "{{title}}", "incident": {{incident.id}}}', headers: { Authorization: 'Bearer sk_live_TemplateHeaderSecret' } },
    secrets: ['sk_live_TemplateHeaderSecret'],
    bad: { url: 'https://hooks.example.com/a', body_template: '{"m": "{{monitor.nam}}"}' },
    error: 'Invalid config.body_template: unknown placeholder {{monitor.nam}}; known: ',
  },
];

let ctx: TestContext;
let logs: CapturedLogs;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  logs = captureLogs('debug');
  ctx = await createTestContext({
    logger: logs.logger,
    env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000}}' },
  });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

describe.each(CASES)('integrations of type $type', ({ type, good, secrets, bad, error }) => {
  it('a good config is 201, its secrets masked in every answer and sealed at rest', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type, name: `My ${type}`, config: good });
    expect(created.status).toBe(201);
    expect(created.body.integration).toMatchObject({ type, name: `My ${type}` });
    expect(Object.keys(created.body.integration.config).sort()).toEqual(Object.keys(good).sort());
    const id: number = created.body.integration.id;
    const one = await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth);
    const list = await request(app).get('/api/v1/integrations').set(owner.auth);
    const [row] = (await ctx.db.query('SELECT config::text AS config, secrets FROM integrations WHERE id = $1', [id])) as { config: string; secrets: string }[];
    for (const secret of secrets) {
      for (const text of [JSON.stringify(created.body), JSON.stringify(one.body), JSON.stringify(list.body), row.config, row.secrets]) expect(text).not.toContain(secret);
    }
    // Sending the answer's config back unchanged keeps the stored secrets.
    const echoed = await request(app).patch(`/api/v1/integrations/${id}`).set(owner.auth).send({ config: one.body.integration.config });
    expect(echoed.status).toBe(200);
    const again = await request(app).get(`/api/v1/integrations/${id}`).set(owner.auth);
    expect(again.body.integration.config).toEqual(one.body.integration.config);
    const [after] = (await ctx.db.query('SELECT secrets FROM integrations WHERE id = $1', [id])) as { secrets: string }[];
    const opened = JSON.stringify(createSecretBox(ctx.config.secretKey).openJson<Record<string, unknown>>(after.secrets));
    for (const secret of secrets) expect(opened).toContain(secret);
  });

  it('a bad config is a 400 naming the field', async () => {
    const owner = await createTestAccount(ctx);
    const res = await request(app).post('/api/v1/integrations').set(owner.auth).send({ type, name: 'Bad', config: bad });
    expect(res.status).toBe(400);
    expect(res.body.error.startsWith(error)).toBe(true);
  });
});

describe('a secret never reaches a delivery log, an API answer or a log line', () => {
  let bot: ProviderFixture;
  let notifier: ReturnType<typeof createNotifierApp>;
  beforeAll(async () => {
    bot = await telegramFixture(BOT, ['-100777']);
    notifier = createNotifierApp(ctx);
    await notifier.start();
  });
  afterAll(async () => {
    await notifier.stop();
    await bot.close();
  });

  it('a Telegram test delivery refused with the token echoed back: the log, the answers and the lines show no token', async () => {
    const owner = await createTestAccount(ctx);
    const created = await request(app)
      .post('/api/v1/integrations')
      .set(owner.auth)
      .send({ type: 'telegram', name: 'Bot', config: { bot_token: BOT, chat_id: '-100777', api_url: bot.url } });
    expect(created.status).toBe(201);
    const id: number = created.body.integration.id;
    bot.script.push({ status: 401, body: JSON.stringify({ ok: false, error_code: 401, description: `Unauthorized: token ${BOT} was revoked (${encodeURIComponent(BOT)})` }) });
    const test = await request(app).post(`/api/v1/integrations/${id}/test`).set(owner.auth);
    expect(test.status).toBe(200);
    expect(test.body.delivery).toMatchObject({ status: 'failed', response_code: 401, will_retry: false });
    expect(test.body.delivery.error).toBe('HTTP 401 Unauthorized: Unauthorized: token **** was revoked (****)');
    expect(bot.requests.at(-1)!.path).toBe(`/bot${BOT}/sendMessage`);

    const deliveries = await request(app).get(`/api/v1/integrations/${id}/deliveries`).set(owner.auth);
    const rows = await ctx.db.getRepository(AlertDelivery).findBy({ integrationId: id });
    expect(rows.length).toBeGreaterThan(0);
    const lines = logs.lines().join('\n');
    expect(lines).toContain('alert delivery attempt');
    for (const text of [JSON.stringify(test.body), JSON.stringify(deliveries.body), JSON.stringify(rows), lines]) {
      expect(text).not.toContain(BOT);
      expect(text).not.toContain(encodeURIComponent(BOT));
      expect(text).not.toContain(BOT.split(':')[1]);
    }
  });
});

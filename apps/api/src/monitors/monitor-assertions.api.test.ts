import request from 'supertest';
import { createApp } from '@vigil/api';
import { Monitor } from '@vigil/core';
import { createTestAccount, createTestContext, type TestAccount, testClock, type TestContext } from '@vigil/testing';

const clock = testClock('2026-11-21T10:30:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let pro: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: {
      VIGIL_BURST_PER_SECOND: '100000',
      VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000, requestsPerDay: null } }),
    },
  });
  app = createApp(ctx);
  pro = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());

let n = 0;
const uniqueUrl = () => `https://assert-${++n}.example.com/health`;
const BASE = '/api/v1/uptime/monitors';

const ASSERTIONS = [
  { source: 'status_code', operator: 'less_than', value: 400 },
  { source: 'response_time', operator: 'less_than', value: 2000 },
  { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
  { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' },
  { source: 'body', operator: 'matches', value: 'v\\d+', flags: 'i' },
  { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
];

describe('monitor assertions through the API', () => {
  it('stores them on create and returns them in the detail view; the 201 body keeps the seed shape', async () => {
    const res = await request(app).post(BASE).set(pro.auth).send({ name: 'API', url: uniqueUrl(), assertions: ASSERTIONS });
    expect(res.status).toBe(201);
    expect(res.body.monitor).not.toHaveProperty('assertions');
    const detail = await request(app).get(`${BASE}/${res.body.monitor.id}`).set(pro.auth);
    expect(detail.body.monitor.assertions).toEqual(ASSERTIONS);
    const row = await ctx.db.getRepository(Monitor).findOneByOrFail({ id: res.body.monitor.id });
    expect(row.assertions).toEqual(ASSERTIONS);
  });

  it('defaults to none, and leaves expected_status_codes and expected_content as they are', async () => {
    const res = await request(app).post(BASE).set(pro.auth).send({ name: 'Plain', url: uniqueUrl(), expected_content: 'ok' });
    const detail = await request(app).get(`${BASE}/${res.body.monitor.id}`).set(pro.auth);
    expect(detail.body.monitor).toMatchObject({ assertions: [], expected_status_codes: [200, 201, 204], expected_content: 'ok' });
  });

  it('updates them (PUT and PATCH), answers the changed field, and clears them with null or []', async () => {
    const { body } = await request(app).post(BASE).set(pro.auth).send({ name: 'U', url: uniqueUrl() });
    const id = body.monitor.id as number;
    const put = await request(app).put(`${BASE}/${id}`).set(pro.auth).send({ assertions: ASSERTIONS.slice(0, 2) });
    expect(put.status).toBe(200);
    expect(put.body.monitor.assertions).toEqual(ASSERTIONS.slice(0, 2));
    const patch = await request(app).patch(`${BASE}/${id}`).set(pro.auth).send({ timeout: 10 });
    expect(patch.body.monitor).not.toHaveProperty('assertions');
    expect((await request(app).get(`${BASE}/${id}`).set(pro.auth)).body.monitor.assertions).toEqual(ASSERTIONS.slice(0, 2));
    const cleared = await request(app).patch(`${BASE}/${id}`).set(pro.auth).send({ assertions: null });
    expect(cleared.body.monitor.assertions).toEqual([]);
  });

  it.each<[unknown, string | RegExp]>([
    ['status == 200', /^Invalid assertions: must be an array of at most 20 assertions/],
    [Array.from({ length: 21 }, () => ({ source: 'status_code', operator: 'equals', value: 200 })), /^Invalid assertions: must be an array of at most 20/],
    [[{ source: 'body', operator: 'matches', value: '(a' }], /^Invalid assertions\[0\]\.value: not a valid regular expression \(Invalid regular expression/],
    [[{ source: 'json_path', path: '.status', operator: 'exists' }], /^Invalid assertions\[0\]\.path: must be a JSONPath expression/],
    [
      [{ source: 'header', name: 'etag', operator: 'matches', value: '^"(\\w+)"\\1$' }],
      /^Invalid assertions\[0\]\.value: not supported: patterns run on a linear-time engine \(RE2\), which has no backreferences and no lookaround \(error parsing regexp: invalid escape sequence/,
    ],
    [[{ source: 'json_path', path: '$.v', operator: 'matches', value: 'ok(?!ay)' }], /^Invalid assertions\[0\]\.value: not supported: patterns run on a linear-time engine \(RE2\)/],
    [[{ source: 'header', name: 'x', operator: 'exists' }, { source: 'status_code', operator: 'between', value: 1 }], 'Invalid assertions[1].operator: must be one of equals, not_equals, less_than, greater_than for source status_code'],
    [[{ source: 'body', operator: 'contains', value: 'x'.repeat(1001) }], 'Invalid assertions[0].value: must be a non-empty string of at most 1000 characters'],
  ])('answers 400 with a clear message for %j', async (assertions, message) => {
    const res = await request(app).post(BASE).set(pro.auth).send({ name: 'Bad', url: uniqueUrl(), assertions });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(message);
  });

  it('validates them on update too, and leaves the stored ones alone', async () => {
    const { body } = await request(app).post(BASE).set(pro.auth).send({ name: 'V', url: uniqueUrl(), assertions: ASSERTIONS.slice(0, 1) });
    const id = body.monitor.id as number;
    const res = await request(app).put(`${BASE}/${id}`).set(pro.auth).send({ assertions: [{ source: 'body', operator: 'matches', value: '[' }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid assertions\[0\]\.value: not a valid regular expression/);
    expect((await request(app).get(`${BASE}/${id}`).set(pro.auth)).body.monitor.assertions).toEqual(ASSERTIONS.slice(0, 1));
  });

  it('belong to http monitors only: other types refuse them and do not show them', async () => {
    const tcp = { name: 'DB', type: 'tcp', config: { host: 'db.example.com', port: 5432 } };
    const refused = await request(app).post(BASE).set(pro.auth).send({ ...tcp, assertions: ASSERTIONS.slice(0, 1) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Invalid assertions: not a field of tcp monitors (configure them in config)' });
    const created = await request(app).post(BASE).set(pro.auth).send(tcp);
    expect(created.status).toBe(201);
    const detail = await request(app).get(`${BASE}/${created.body.monitor.id}`).set(pro.auth);
    expect(detail.body.monitor).not.toHaveProperty('assertions');
    const update = await request(app).patch(`${BASE}/${created.body.monitor.id}`).set(pro.auth).send({ assertions: [] });
    expect(update.status).toBe(400);
  });

  it("never shows another account's assertions", async () => {
    const { body } = await request(app).post(BASE).set(pro.auth).send({ name: 'Mine', url: uniqueUrl(), assertions: ASSERTIONS });
    expect((await request(app).get(`${BASE}/${body.monitor.id}`).set(other.auth)).status).toBe(404);
  });

  it('documents them in the OpenAPI document', async () => {
    const doc = (await request(app).get('/api/v1/openapi.json')).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('"certificate_expiry"');
    expect(text).toContain('Assertion failed: json $.status equals');
  });
});

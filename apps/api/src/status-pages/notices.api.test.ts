import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

/**
 * PUT and PATCH of a notice (one statement, updateOwnAudited with the page from the path): the
 * 404s and their order (page, then notice, before a body's 400), the clock's update date even
 * when nothing changes, and concurrent updates of one notice.
 */
const RELAXED = JSON.stringify(Object.fromEntries(['free', 'pro', 'business', 'enterprise'].map((t) => [t, { requestsPerMinute: 100_000, requestsPerDay: null }])));

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let owner: TestAccount;
let stranger: TestAccount;
let pageId: number;
let otherPageId: number;
let noticeId: number;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: RELAXED } });
  app = createApp(ctx);
  owner = await createTestAccount(ctx, 'business');
  stranger = await createTestAccount(ctx, 'business');
  const page = async (slug: string) => (await request(app).post('/api/v1/status-pages').set(owner.auth).send({ slug, title: 'Status' })).body.status_page.id as number;
  pageId = await page(`notices-${owner.account.id}`);
  otherPageId = await page(`notices-other-${owner.account.id}`);
  const created = await request(app).post(`/api/v1/status-pages/${pageId}/notices`).set(owner.auth).send({ title: 'Slow checkout', status: 'investigating', message: 'Looking' });
  expect(created.status).toBe(201);
  noticeId = created.body.notice.id as number;
});
afterAll(() => ctx.teardown());

interface Entry {
  changes: Record<string, { before: unknown; after: unknown }>;
}
const entries = async (): Promise<Entry[]> =>
  ctx.db.query(`SELECT changes FROM audit_log WHERE resource_type = 'status_page_notice' AND resource_id = $1 AND action = 'update' ORDER BY id`, [String(noticeId)]);
const stored = async () => (await request(app).get(`/api/v1/status-pages/${pageId}/notices`).set(owner.auth)).body.notices.find((n: { id: number }) => n.id === noticeId) as Record<string, unknown>;

describe.each(['put', 'patch'] as const)('%s of a notice', (method) => {
  const call = (page: number | string, notice: number | string, body: Record<string, unknown>, who: TestAccount = owner) =>
    request(app)[method](`/api/v1/status-pages/${page}/notices/${notice}`).set(who.auth).send(body);

  it('answers 404 page, then 404 notice, before a 400, and writes nothing', async () => {
    const before = await stored();
    const known = (await entries()).length;
    const page404 = { status: 404, body: { error: 'Status page not found' } };
    const notice404 = { status: 404, body: { error: 'Notice not found' } };
    const seen = async (res: request.Response) => ({ status: res.status, body: res.body as unknown });
    for (const body of [{ status: 'monitoring' }, { status: 'nope' }, {}]) {
      expect(await seen(await call(pageId, noticeId, body, stranger))).toEqual(page404);
      expect(await seen(await call('x', noticeId, body))).toEqual(page404);
      expect(await seen(await call(2_147_483_000, noticeId, body))).toEqual(page404);
      expect(await seen(await call(otherPageId, noticeId, body))).toEqual(notice404);
      expect(await seen(await call(pageId, 'x', body))).toEqual(notice404);
      expect(await seen(await call(pageId, 2_147_483_000, body))).toEqual(notice404);
      expect(await seen(await call(pageId, 'x', body, stranger))).toEqual(page404);
    }
    expect(await stored()).toEqual(before);
    expect(await entries()).toHaveLength(known);
    expect(await seen(await call(pageId, noticeId, { status: 'nope' }))).toMatchObject({ status: 400, body: { error: 'Invalid status: must be one of investigating, identified, monitoring, resolved' } });
    expect(await seen(await call(pageId, noticeId, {}))).toMatchObject({ status: 400, body: { error: 'Invalid request body: give at least one field to update' } });
  });

  it('sets the update date even when the fields sent are the values stored, with no entry then', async () => {
    const first = await call(pageId, noticeId, { title: `Slow ${method}` });
    expect(first.status).toBe(200);
    const known = (await entries()).length;
    await new Promise((r) => setTimeout(r, 5));
    const again = await call(pageId, noticeId, { title: `Slow ${method}` });
    expect(again.status).toBe(200);
        expect(again.body.notice).toEqual({ ...first.body.notice, updated_at: again.body.notice.updated_at });
    expect(Date.parse(again.body.notice.updated_at)).toBeGreaterThan(Date.parse(first.body.notice.updated_at));
    expect(await stored()).toEqual(again.body.notice);
    expect(await entries()).toHaveLength(known);
  });
});

it('concurrent updates of one notice each tell the value they replaced: the entries chain to the stored one', async () => {
  const start = await request(app).patch(`/api/v1/status-pages/${pageId}/notices/${noticeId}`).set(owner.auth).send({ message: 'm start' });
  expect(start.status).toBe(200);
  const known = (await entries()).length;
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => request(app).patch(`/api/v1/status-pages/${pageId}/notices/${noticeId}`).set(owner.auth).send({ message: `m ${i}` })));
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  const told = (await entries()).slice(known);
  expect(told).toHaveLength(12);
  let value: unknown = 'm start';
  for (const e of told) {
    expect(Object.keys(e.changes)).toEqual(['message']);
    expect(e.changes.message!.before).toEqual(value);
    value = e.changes.message!.after;
  }
  expect((await stored()).message).toEqual(value);
});

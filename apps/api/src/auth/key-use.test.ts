import request from 'supertest';
import { createApp } from '@vigil/api';
import { ApiKey } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { keyUseKeys } from './key-use.js';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  // Behind one proxy: X-Forwarded-For gives each test request the client IP it names.
  ctx = await createTestContext({ clock, env: { VIGIL_TRUST_PROXY: '1', VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

const stored = async (keyId: number) => ctx.db.getRepository(ApiKey).findOneByOrFail({ id: keyId });
const listed = async (auth: Record<string, string>) => (await request(app).get('/api/v1/api-keys').set(auth).set('X-Forwarded-For', '10.0.0.1')).body.api_keys[0];
const useFrom = (auth: Record<string, string>, ip: string) => request(app).get('/api/v1/usage').set(auth).set('X-Forwarded-For', ip);

describe('last_used_at and last_used_ip', () => {
  it('are not written to PostgreSQL per request, show in key answers at once and reach PostgreSQL at the flush', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await listed(auth)).id as number;
    await app.keyUse.flush();
    const before = await stored(id);
    clock.advance(5_000);
    for (let i = 0; i < 5; i++) expect((await useFrom(auth, '10.0.0.1')).status).toBe(200);
    // Nothing written yet...
    expect((await stored(id)).lastUsedAt).toEqual(before.lastUsedAt);
    // ...but answers show the use still in Redis.
    expect(await listed(auth)).toMatchObject({ last_used_at: clock.now().toISOString(), last_used_ip: '10.0.0.1' });
    expect((await request(app).get(`/api/v1/api-keys/${id}`).set(auth).set('X-Forwarded-For', '10.0.0.1')).body.api_key).toMatchObject({ last_used_at: clock.now().toISOString() });

    await app.keyUse.flush();
    expect(await stored(id)).toMatchObject({ lastUsedAt: clock.now(), lastUsedIp: '10.0.0.1' });
    const k = keyUseKeys(ctx.config.redisPrefix);
    expect(await ctx.redis.exists(k.used, k.ips, k.usedInflight, k.ipsInflight)).toBe(0);
  });

  it('an older use never overwrites a newer one, and a batch written twice changes nothing', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await listed(auth)).id as number;
    clock.advance(60_000);
    await useFrom(auth, '10.0.0.2');
    const newest = clock.now();
    await app.keyUse.flush();
    // A batch left in Redis by a flush that did not finish (an older use) is applied on the next flush.
    const k = keyUseKeys(ctx.config.redisPrefix);
    await ctx.redis.hset(k.usedInflight, String(id), `${newest.getTime() - 30_000}|10.9.9.9`, '_batch', 'left-behind');
    await app.keyUse.flush();
    expect(await stored(id)).toMatchObject({ lastUsedAt: newest, lastUsedIp: '10.0.0.2' });
    expect(await ctx.redis.exists(k.usedInflight)).toBe(0);
  });
});

describe('key use from a new IP', () => {
  it('is an audit entry the first time a key is used from an IP, never again for that IP', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await listed(auth)).id as number;
    clock.advance(60_000);
    await useFrom(auth, '10.0.0.1');
    await useFrom(auth, '198.51.100.7');
    await useFrom(auth, '10.0.0.1');
    await app.keyUse.flush();
    clock.advance(60_000);
    await useFrom(auth, '198.51.100.7');
    await useFrom(auth, '203.0.113.9');
    await app.keyUse.flush();

    const log = await request(app).get('/api/v1/audit-log').query({ action: 'use_from_new_ip' }).set(auth).set('X-Forwarded-For', '10.0.0.1');
    const entries = log.body.entries as { key: { id: number }; ip: string; resource: { type: string; id: string }; changes: Record<string, unknown> }[];
    expect(entries.map((e) => e.ip)).toEqual(['203.0.113.9', '198.51.100.7', '10.0.0.1']);
    for (const e of entries) {
      expect(e).toMatchObject({ key: { id }, resource: { type: 'api_key', id: String(id) }, changes: { ip: { before: null, after: e.ip } } });
    }
    const ips = (await ctx.db.query(`SELECT ip FROM api_key_ips WHERE key_id = $1 ORDER BY ip`, [id])) as { ip: string }[];
    expect(ips.map((r) => r.ip)).toEqual(['10.0.0.1', '198.51.100.7', '203.0.113.9']);
  });
});

import request from 'supertest';
import { createApiProcess, createApp } from '@vigil/api';
import { createContext, createLogger, setAccountActive, type Context } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';
import { RequestUsage } from './request-usage.js';
import { usageKeys } from './usage-keys.js';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

async function stored(accountId: number): Promise<number | null> {
  const rows = (await ctx.db.query(`SELECT requests FROM daily_usage WHERE account_id = $1 AND day = $2`, [accountId, shiftDates('2026-11-21')])) as {
    requests: number;
  }[];
  return rows.length ? rows[0].requests : null;
}

async function hit(auth: Record<string, string>, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await request(app).get('/api/v1/api-keys').set(auth)).status).toBe(200);
}

/** Today's requests as /usage/history reports them (the history request itself included). */
async function historyToday(auth: Record<string, string>): Promise<number> {
  const res = await request(app).get('/api/v1/usage/history?days=1').set(auth);
  expect(res.status).toBe(200);
  return res.body.history[0].requests as number;
}

/** A second process on the same database and Redis prefix (another API replica). */
async function replica(): Promise<Context> {
  return createContext(ctx.config, { clock, logger: createLogger({ level: 'error', silent: true }) });
}

describe('request usage counted in Redis and flushed to daily_usage', () => {
  it('writes nothing to PostgreSQL per request, reports exact counts before and after a flush', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await hit(auth, 3);
    expect(await stored(account.id)).toBeNull();
    expect(await historyToday(auth)).toBe(4);

    await app.usage.flush();
    expect(await stored(account.id)).toBe(4);
    expect(await ctx.redis.exists(usageKeys(ctx.config.redisPrefix, account.id).pending)).toBe(0);
    expect(await historyToday(auth)).toBe(5);
    const summary = await request(app).get('/api/v1/usage/summary').set(auth);
    expect(summary.body.totals.requests).toBe(6);
    const billing = await request(app).get('/api/v1/billing/usage').set(auth);
    expect(billing.body.usage.requests).toBe(7);

    await app.usage.flush();
    expect(await stored(account.id)).toBe(7);
  });

  it('loses nothing when a flush fails after taking its batch, and counts that batch once', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await hit(auth, 4);
    const broken = await replica();
    try {
      const brokenUsage = new RequestUsage(broken);
      await broken.db.destroy(); // the database goes away between taking the batch and writing it
      brokenUsage.touched(account.id);
      await brokenUsage.flush();
    } finally {
      await broken.close(); // its dependency watch too: no probe may outlive the test file
    }
    expect(await ctx.redis.exists(usageKeys(ctx.config.redisPrefix, account.id).inflight)).toBe(1);
    expect(await stored(account.id)).toBeNull();
    expect(await historyToday(auth)).toBe(5); // the inflight batch counted, once

    await app.usage.flush(); // the history request made this account dirty here: retries the batch
    expect(await stored(account.id)).toBe(4);
    expect(await ctx.redis.exists(usageKeys(ctx.config.redisPrefix, account.id).inflight)).toBe(0);
    await app.usage.flush(); // then what was counted meanwhile (the history request)
    expect(await stored(account.id)).toBe(5);
    app.usage.touched(account.id);
    await app.usage.flush();
    expect(await stored(account.id)).toBe(5);
    expect(await historyToday(auth)).toBe(6);
  });

  it('counts once when two replicas flush the same account at the same time', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    const other = await replica();
    try {
      const otherUsage = new RequestUsage(other);
      for (let round = 0; round < 5; round++) {
        await hit(auth, 3);
        otherUsage.touched(account.id);
        await Promise.all([app.usage.flush(), otherUsage.flush(), app.usage.flush()]);
      }
      expect(await stored(account.id)).toBe(15);
      expect(await historyToday(auth)).toBe(16);
    } finally {
      await other.close();
    }
  });

  it('a new process flushes counts that a crashed one left in Redis', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    await hit(auth, 2); // counted by `app`, which is never flushed for this account: it "crashed"
    const restarted = new RequestUsage(ctx);
    restarted.start();
    await restarted.stop();
    expect(await stored(account.id)).toBe(2);
  });

  it('flushes on a clean stop of the API process', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    const api = createApiProcess(ctx);
    await api.start();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${api.port()}/api/v1/api-keys`, { headers: auth });
      expect(res.status).toBe(200);
    }
    await api.stop();
    expect(await stored(account.id)).toBe(3);
  });

  it('takes revocation and deactivation into account on the very next request (nothing cached)', async () => {
    const revoked = await createTestAccount(ctx, 'pro');
    const list = await request(app).get('/api/v1/api-keys').set(revoked.auth);
    const keyId = (list.body.api_keys as { id: number }[])[0].id;
    expect((await request(app).delete(`/api/v1/api-keys/${keyId}`).set(revoked.auth)).status).toBe(200);
    const after = await request(app).get('/api/v1/api-keys').set(revoked.auth);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Invalid API key' });

    const deactivated = await createTestAccount(ctx, 'pro');
    await hit(deactivated.auth, 2);
    await setAccountActive(ctx, deactivated.account.id, false);
    const refused = await request(app).get('/api/v1/api-keys').set(deactivated.auth);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Account inactive' });
    await app.usage.flush();
    expect(await stored(deactivated.account.id)).toBe(2); // the 403 does not count
  });
});


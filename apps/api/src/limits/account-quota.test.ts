import { authStampKey, bumpAuthStamp } from '@vigil/core';
import { createTestContext, testClock, type TestContext } from '@vigil/testing';
import { AccountQuota, type AdmitRequest } from './account-quota.js';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestContext;
let quota: AccountQuota;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  quota = new AccountQuota(ctx.redis, ctx.config.redisPrefix);
});
afterAll(() => ctx.teardown());

let nextAccount = 1;
function request(accountId: number, stamp: string, extra: Partial<AdmitRequest> = {}): AdmitRequest {
  return { accountId, apiKeyId: accountId * 10, now: clock.now(), perMinute: 3, perDay: 100, burst: null, stamp, ...extra };
}

async function currentStamp(accountId: number): Promise<string> {
  const read = await quota.admit(request(accountId, ''));
  if (read.kind !== 'stale') throw new Error(`expected the stamp, got ${read.kind}`);
  return read.stamp;
}

describe('AccountQuota.admit (the admission script)', () => {
  it('creates a stamp on first read, keeps it, and counts nothing while reading it', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    expect(stamp).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await currentStamp(id)).toBe(stamp);
    expect(await quota.dailyCount(id, clock.now())).toBe(0);
  });

  it('counts a request whose stamp matches, and answers the per-minute limit past it', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const r = await quota.admit(request(id, stamp));
      outcomes.push(r.kind === 'quota' ? `${r.decision.outcome}:${r.decision.minuteCount}` : r.kind);
    }
    expect(outcomes).toEqual(['allowed:1', 'allowed:2', 'allowed:3', 'per_minute:3']);
    expect(await quota.dailyCount(id, clock.now())).toBe(3);
  });

  it('answers a changed stamp with the new one and counts nothing', async () => {
    const id = nextAccount++;
    const old = await currentStamp(id);
    await bumpAuthStamp(ctx, id);
    const r = await quota.admit(request(id, old));
    expect(r.kind).toBe('stale');
    const fresh = await currentStamp(id);
    expect(fresh).not.toBe(old);
    expect(r).toEqual({ kind: 'stale', stamp: fresh });
    expect(await quota.dailyCount(id, clock.now())).toBe(0);
  });

  it('treats a lost stamp as changed (a new one is created)', async () => {
    const id = nextAccount++;
    const old = await currentStamp(id);
    await ctx.redis.del(authStampKey(ctx.config.redisPrefix, id));
    const r = await quota.admit(request(id, old));
    expect(r.kind).toBe('stale');
    expect(await ctx.redis.pttl(authStampKey(ctx.config.redisPrefix, id))).toBeGreaterThan(0);
  });

  it('checks the burst counter first when asked, counting it even when the stamp is stale', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    const burst = { key: `${ctx.config.redisPrefix.replace(/[{}]/g, '')}:test-burst:${id}`, limit: 2 };
    expect((await quota.admit(request(id, stamp, { burst }))).kind).toBe('quota');
    expect((await quota.admit(request(id, 'stale', { burst }))).kind).toBe('stale');
    const limited = await quota.admit(request(id, stamp, { burst }));
    expect(limited.kind).toBe('burst');
    if (limited.kind === 'burst') expect(limited.msBeforeNext).toBeGreaterThan(0);
    expect(await ctx.redis.hget(burst.key, 'n')).toBe('3');
    expect(await quota.dailyCount(id, clock.now())).toBe(1);
  });

  it('takes a counted request back', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    const r = await quota.admit(request(id, stamp));
    if (r.kind !== 'quota') throw new Error('expected a decision');
    await quota.release(r.decision.token);
    expect(await quota.dailyCount(id, clock.now())).toBe(0);
  });
});

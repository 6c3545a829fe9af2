import { authStampKey, bumpAuthStamp } from '@vigil/core';
import { createTestContext, testClock, type TestContext } from '@vigil/testing';
import { ADMISSIONS_PER_CALL, AccountQuota, type AdmitRequest } from './account-quota.js';

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

  it('admits the requests of one turn in one call, each as if sent alone, across processes', async () => {
    const id = nextAccount++;
    const other = nextAccount++;
    const stamp = await currentStamp(id);
    const otherStamp = await currentStamp(other);
    // Two API processes on one Redis: their turns' counts add up on the same keys.
    const two = new AccountQuota(ctx.redis, ctx.config.redisPrefix);
    const redis = ctx.redis as typeof ctx.redis & { vigilQuotaAdmit: (...args: unknown[]) => Promise<unknown>; vigilQuotaAdmitMany: (...args: unknown[]) => Promise<unknown> };
    const [single, many] = [redis.vigilQuotaAdmit, redis.vigilQuotaAdmitMany];
    const calls: string[] = [];
    redis.vigilQuotaAdmit = (...args) => (calls.push('one'), single.apply(redis, args));
    redis.vigilQuotaAdmitMany = (...args) => (calls.push('many'), many.apply(redis, args));
    const asks = [
      { q: quota, r: request(id, stamp) },
      { q: two, r: request(id, stamp) },
      { q: quota, r: request(other, otherStamp) },
      { q: quota, r: request(id, 'stale') },
      { q: quota, r: request(id, stamp) },
      { q: two, r: request(id, stamp) },
      { q: quota, r: request(id, stamp) },
    ];
    let answers;
    try {
      answers = await Promise.all(asks.map((a) => a.q.admit(a.r)));
    } finally {
      redis.vigilQuotaAdmit = single;
      redis.vigilQuotaAdmitMany = many;
    }
    const shown = answers.map((r) => (r.kind === 'quota' ? `${r.decision.outcome}:${r.decision.minuteCount}` : r.kind));
    // Per process in arrival order; the limit (3 a minute) holds over both processes.
    const mine = shown.filter((_, i) => asks[i].q === quota && asks[i].r.accountId === id);
    const theirs = shown.filter((_, i) => asks[i].q === two);
    expect(mine[1]).toBe('stale');
    expect([...mine.filter((x) => x !== 'stale'), ...theirs].filter((x) => x.startsWith('allowed'))).toHaveLength(3);
    expect(shown[2]).toBe('allowed:1');
    expect(answers.every((r) => r.kind !== 'quota' || r.decision.token.split('|')[3] !== '')).toBe(true);
    expect(await quota.dailyCount(id, clock.now())).toBe(3);
    expect(await quota.dailyCount(other, clock.now())).toBe(1);
    // One call per process for the whole turn.
    expect(calls.sort()).toEqual(['many', 'many']);
  });

  it('splits a crowded turn into calls of at most ADMISSIONS_PER_CALL admissions, answered in arrival order', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    const n = 2 * ADMISSIONS_PER_CALL + 50;
    const redis = ctx.redis as typeof ctx.redis & { vigilQuotaAdmitMany: (...args: unknown[]) => Promise<unknown> };
    const many = redis.vigilQuotaAdmitMany;
    const sizes: number[] = [];
    redis.vigilQuotaAdmitMany = (...args) => (sizes.push(Number(args[0]) / 5), many.apply(redis, args));
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: n }, () => quota.admit(request(id, stamp, { perMinute: n, perDay: n }))));
    } finally {
      redis.vigilQuotaAdmitMany = many;
    }
    expect(sizes).toEqual([ADMISSIONS_PER_CALL, ADMISSIONS_PER_CALL, 50]);
    expect(answers.map((r) => (r.kind === 'quota' ? r.decision.minuteCount : r.kind))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('gives the same answers with one call per admission (a Redis Cluster)', async () => {
    const id = nextAccount++;
    const stamp = await currentStamp(id);
    const each = new AccountQuota(ctx.redis, ctx.config.redisPrefix, { oneCallEach: true });
    const answers = await Promise.all([stamp, stamp, 'stale', stamp, stamp].map((s) => each.admit(request(id, s))));
    expect(answers.map((r) => (r.kind === 'quota' ? r.decision.outcome : r.kind))).toEqual(['allowed', 'allowed', 'stale', 'allowed', 'per_minute']);
  });
});

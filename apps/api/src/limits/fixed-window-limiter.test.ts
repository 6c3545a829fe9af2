import { createTestContext, type TestContext } from '@vigil/testing';
import { FixedWindowLimiter, limiterNamespace } from './fixed-window-limiter.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

/** Spends `points` of a fresh key, then asks once more: the first refusal. */
async function spend(limiter: FixedWindowLimiter, key: string, points: number): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let i = 0; i <= points; i++) answers.push((await limiter.consume(key, points)).allowed);
  return answers;
}

/** Forgets every counter of the namespace in Redis (as a window ending there would). */
async function clearRedis(namespace: string): Promise<void> {
  const keys = await ctx.redis.keys(`${namespace}*`);
  if (keys.length) await ctx.redis.del(...keys);
}

describe('FixedWindowLimiter', () => {
  it('refuses past the limit and asks Redis again each time by default', async () => {
    const namespace = limiterNamespace(ctx.config.redisPrefix, 'fw-default');
    const limiter = new FixedWindowLimiter(ctx.redis, namespace, 60);
    expect(await spend(limiter, 'account:1', 3)).toEqual([true, true, true, false]);
    await clearRedis(namespace);
    expect((await limiter.consume('account:1', 3)).allowed).toBe(true);
  });

  it('with spentInMemory, refuses a spent key without Redis until its window ends', async () => {
    const namespace = limiterNamespace(ctx.config.redisPrefix, 'fw-memory');
    const limiter = new FixedWindowLimiter(ctx.redis, namespace, 60, { spentInMemory: true });
    expect(await spend(limiter, 'account:1', 3)).toEqual([true, true, true, false]);
    await clearRedis(namespace);
    const refused = await limiter.consume('account:1', 3);
    expect(refused.allowed).toBe(false);
    // The refusal still says how long until the window ends (for Retry-After).
    expect(refused.msBeforeNext).toBeGreaterThan(50_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key of the same limit is not blocked.
    expect((await limiter.consume('account:2', 3)).allowed).toBe(true);
  });

  it('with spentInMemory, lets a key through until it is actually past its limit', async () => {
    const namespace = limiterNamespace(ctx.config.redisPrefix, 'fw-memory-exact');
    const limiter = new FixedWindowLimiter(ctx.redis, namespace, 60, { spentInMemory: true });
    expect((await limiter.consume('k', 2)).allowed).toBe(true);
    expect((await limiter.consume('k', 2)).allowed).toBe(true);
    await clearRedis(namespace);
    // Reaching the limit exactly blocks nothing: Redis, now empty, is asked and allows it.
    expect((await limiter.consume('k', 2)).allowed).toBe(true);
  });
});

import { createTestContext, type TestContext } from '@vigil/testing';
import { BurstCounter } from './burst-counter.js';
import { limiterNamespace } from './fixed-window-limiter.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const at = new Date('2026-03-02T10:00:00.250Z');
const key = (name: string) => `${limiterNamespace(ctx.config.redisPrefix, 'burst-counter-test')}:${name}`;

describe('BurstCounter', () => {
  it('counts the requests of one turn in one call, each allowed or refused as if counted alone, across processes', async () => {
    // Two API processes on one Redis: their turns' counts add up on the same keys.
    const one = new BurstCounter(ctx.redis);
    const two = new BurstCounter(ctx.redis);
    const redis = ctx.redis as typeof ctx.redis & { vigilBurstConsumeMany: (...args: (string | number)[]) => Promise<number[]> };
    const original = redis.vigilBurstConsumeMany;
    let calls = 0;
    redis.vigilBurstConsumeMany = (...args) => {
      calls++;
      return original.apply(redis, args);
    };
    const asks = Array.from({ length: 12 }, (_, i) => ({ counter: i % 2 ? two : one, name: i % 3 ? 'a' : 'b' }));
    const answers = await Promise.all(asks.map((a) => a.counter.consume(key(a.name), 4, at)));
    redis.vigilBurstConsumeMany = original;
    // 8 requests for a, 4 for b: four allowed each; in each process, in arrival order.
    const allowed = (name: string, counter?: BurstCounter) => answers.filter((_, i) => asks[i].name === name && (!counter || asks[i].counter === counter)).map((r) => r.allowed);
    expect(allowed('a').filter(Boolean)).toHaveLength(4);
    for (const counter of [one, two]) expect(allowed('a', counter)).toEqual([...allowed('a', counter)].sort((x, y) => Number(y) - Number(x)));
    expect(allowed('b')).toEqual([true, true, true, true]);
    expect(answers.every((r) => r.msBeforeNext === 750)).toBe(true);
    expect(await ctx.redis.hget(key('a'), 'n')).toBe('8');
    // One call per process for the whole turn.
    expect(calls).toBe(2);

    // A later turn goes on from the count in Redis.
    expect((await one.consume(key('b'), 5, at)).allowed).toBe(true);
    expect((await two.consume(key('b'), 5, at)).allowed).toBe(false);
  });

  it('counts a key whose requests of one turn fall in two windows in each window', async () => {
    const counter = new BurstCounter(ctx.redis);
    const next = new Date(at.getTime() + 1_000);
    const answers = await Promise.all([at, at, next, at, next].map((now) => counter.consume(key('c'), 2, now)));
    expect(answers.map((r) => r.allowed)).toEqual([true, true, true, false, true]);
  });

  it('gives the same answers with one call per key (a Redis Cluster)', async () => {
    const counter = new BurstCounter(ctx.redis, true);
    const answers = await Promise.all(['d', 'e', 'd', 'e', 'd'].map((name) => counter.consume(key(name), 2, at)));
    expect(answers.map((r) => r.allowed)).toEqual([true, true, true, true, false]);
  });

  it('with a stamp, reads it in the same call: created when absent, the same for every count of a turn, and the counts as without it', async () => {
    const stampKey = key('stamp');
    let fresh = 0;
    const counter = new BurstCounter(ctx.redis, false, { key: stampKey, fresh: () => `s${++fresh}` });
    const first = await Promise.all(['f', 'f', 'f', 'g'].map((name) => counter.consume(key(name), 2, at)));
    expect(first.map((r) => r.allowed)).toEqual([true, true, false, true]);
    expect(first.map((r) => r.stamp)).toEqual(['s1', 's1', 's1', 's1']);
    expect(await ctx.redis.get(stampKey)).toBe('s1');
    // A stamp set meanwhile (another process's change) is the one the next call reads; a present one is never replaced.
    await ctx.redis.set(stampKey, 'changed');
    expect((await counter.consume(key('g'), 2, at)).stamp).toBe('changed');
    expect(await ctx.redis.get(stampKey)).toBe('changed');
    // Without a stamp, or on a Redis Cluster (one call per key, where it would be in another slot), none is read.
    expect((await new BurstCounter(ctx.redis).consume(key('h'), 2, at)).stamp).toBeNull();
    expect((await new BurstCounter(ctx.redis, true, { key: stampKey, fresh: () => 'x' }).consume(key('h'), 2, at)).stamp).toBeNull();
  });
});
